/**
 * A newcomer reads what sales receives (docs/requirements.md#sales-tools): after a demo request through
 * `npm start`, the URL the mail sink wrote to .data/mail-sink-url opens an inbox listing the sales e-mail,
 * newest first, its HTML rendered in a frame that runs no script, and its plain text
 * (scripts/sinks/mail-sink.mjs).
 */
import { expect, test } from "@playwright/test";
import { consoleErrors } from "./support/console-errors";
import { sendDemoRequest } from "./support/demo-request-form";
import { salesEmailsFor, sinkMessages, sinkUrl, uniqueProspect } from "./support/mail-sink";

test("the printed mail-sink URL lists the sales e-mail and renders its HTML and plain text", async ({
  page,
  request,
}) => {
  const values = uniqueProspect();
  await sendDemoRequest(page, values);
  await expect.poll(async () => (await salesEmailsFor(request, values["Work Email"])).length).toBe(1);
  const [sales] = await salesEmailsFor(request, values["Work Email"]);

  const errors = consoleErrors(page);
  await page.goto(sinkUrl());
  await expect(page.getByRole("heading", { level: 1, name: "Local mail sink" })).toBeVisible();

  const message = page.getByRole("article", { name: sales.subject });
  await expect(message).toBeVisible();
  await expect(message.getByRole("definition").first()).toHaveText(sales.to.join(", "));

  const frame = message.locator("iframe");
  await expect(frame).toHaveAttribute("sandbox", "allow-popups allow-popups-to-escape-sandbox");
  const rendered = message.frameLocator("iframe");
  // The e-mail's heading: its hidden preview line for the inbox list holds the same words.
  const heading = rendered.getByRole("heading", { level: 1 });
  await expect(heading).toBeVisible();
  await expect(heading).toContainText(values.Company);
  await expect(heading).toContainText(values["Last Name"]);

  await expect(message.locator("pre")).toContainText(values["Last Name"]);
  await expect(message.locator("pre")).toContainText(values.Company);

  // Every recorded message, newest first.
  const ids = await page
    .getByRole("article")
    .evaluateAll((articles) => articles.map((a) => Number(a.getAttribute("aria-labelledby")?.split("-")[1])));
  expect(ids.length).toBeGreaterThanOrEqual(
    (await sinkMessages(request)).filter((m) => m.id <= ids[0]).length,
  );
  expect(ids).toEqual([...ids].sort((a, b) => b - a));
  // The sandbox refusing to run a script in a message (the test tool's own probes of the frame included)
  // is expected; any other error, such as a policy refusing the frame itself, is not.
  const sandboxed =
    /^Blocked script execution in '[^']*\/messages\/\d+\/html' because the document's frame is sandboxed/;
  expect(errors.filter((error) => !sandboxed.test(error))).toEqual([]);
});
