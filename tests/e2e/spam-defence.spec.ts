/**
 * The spam layers against a real visitor (docs/requirements.md#spam-defence,
 * docs/decisions/0011-spam-defence-layers.md), in a real browser against `npm start`: a
 * browser that autofills every field it can see must not trip the honeypot, so the prospect
 * sees success and sales gets the lead. Real form, real function, real mail sink.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { gotoHydrated, hydratedForm } from "./support/hydrated";
import { salesEmailsFor, uniqueProspect } from "./support/mail-sink";
import { toasts } from "./support/toasts";

/** What an autofill profile offers for a control, by its autocomplete token, type or tag. */
function autofillValue(
  autocomplete: string | null,
  type: string | null,
  tag: string,
  profile: Record<string, string>,
) {
  if (tag === "textarea") return profile["Additional Info"];
  if (type === "email" || autocomplete === "email") return profile["Work Email"];
  if (type === "tel" || autocomplete === "tel") return profile["Phone Number"];
  if (autocomplete === "given-name") return profile["First Name"];
  if (autocomplete === "family-name") return profile["Last Name"];
  if (autocomplete === "organization") return profile["Company"];
  return "https://www.compiler-mining.example"; // e.g. a saved website for an unlabelled text box
}

/** Fills every text control of the form that a person (and so autofill) can see, as autofill would. */
async function autofillEveryVisibleField(page: Page, profile: Record<string, string>) {
  const controls: Locator[] = await hydratedForm(page).locator("input, textarea").all();
  let filled = 0;
  for (const control of controls) {
    if (!(await control.isVisible()) || !(await control.isEditable())) continue;
    const [autocomplete, type, tag] = await control.evaluate((el) => [
      el.getAttribute("autocomplete"),
      el.getAttribute("type"),
      el.tagName.toLowerCase(),
    ]);
    await control.fill(autofillValue(autocomplete, type, tag, profile));
    filled += 1;
  }
  return filled;
}

test("a visitor whose autofill fills every visible field gets the success toast, and sales gets the lead", async ({
  page,
  request,
}) => {
  const profile = uniqueProspect();
  await gotoHydrated(page, "/contact");
  expect(await autofillEveryVisibleField(page, profile)).toBe(6);

  await page.getByRole("button", { name: "Submit" }).click();

  await expect(toasts(page)).toContainText("Request Submitted Successfully", { timeout: 20_000 });
  await expect.poll(async () => (await salesEmailsFor(request, profile["Work Email"])).length).toBe(1);
  const [sales] = await salesEmailsFor(request, profile["Work Email"]);
  for (const value of Object.values(profile)) expect(sales.text).toContain(value);
});
