/**
 * docs/requirements.md#personal-data: the collection notice sits inside the demo-request form, before the
 * Submit button (so the no-JavaScript form shows it too), with its texts from content/site.json and a link to
 * /privacy; it adds no field, label or control.
 */
import { screen, within } from "@testing-library/react";
import { content } from "../site/helpers/content";
import { renderForm, submitButton } from "./render-form";

const { notice } = content.site.contact;

function noticeParagraph(): HTMLElement {
  return screen.getByText(
    (_text, element) => element?.tagName === "P" && element.textContent?.startsWith(notice.text) === true,
  );
}

test("the notice is in the form, before the Submit button, with the content's text", () => {
  renderForm();
  const paragraph = noticeParagraph();
  const form = submitButton().closest("form")!;
  expect(form).toContainElement(paragraph);
  expect(paragraph.compareDocumentPosition(submitButton()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(paragraph).toHaveTextContent(`${notice.text} ${notice.link}.`);
  // Nothing else changes: the six fields, the honeypot and Submit are all the form's controls.
  expect(form.querySelectorAll("input, textarea, select, button")).toHaveLength(8);
});

test("the notice links to the privacy page with the content's link text", () => {
  renderForm();
  const link = within(noticeParagraph()).getByRole("link", { name: notice.link });
  expect(link).toHaveAttribute("href", "/privacy");
});
