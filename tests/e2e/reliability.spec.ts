/**
 * The demo-request path under faults (issue 4), in a real browser against `npm start`: the
 * real form, the real function, the local SendGrid-compatible sink told to fail, and the
 * local Blobs store broken on disk. No test hooks in the function.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test, type Page } from "@playwright/test";
import { breakBlobStore } from "./support/blob-store-fault";
import { exportedLead } from "./support/leads-export";
import { salesEmailsFor, setSinkStatus, sinkMessages, sinkUrl, uniqueProspect } from "./support/mail-sink";
import { fillAndSubmitDemoRequest } from "./support/demo-request-form";

const run = promisify(execFile);
const toast = (page: Page) => page.locator("[data-sonner-toast]");
const submit = (page: Page) => page.getByRole("button", { name: /^Submit/ });
const textbox = (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: true });

test.describe.configure({ timeout: 90_000 });

test.afterEach(async ({ request }) => {
  await setSinkStatus(request, 202);
});

/** Fills and submits the form; resolves with the requestId the page sent. */
async function submitDemoRequest(page: Page, values: Record<string, string>): Promise<string> {
  await page.goto("/contact");
  return fillAndSubmitDemoRequest(page, values);
}

test("SendGrid down: success toast, lead stored as pending; leads:retry later sends exactly one sales e-mail", async ({
  page,
  request,
  baseURL,
}) => {
  const values = uniqueProspect();
  await setSinkStatus(request, 503);
  const requestId = await submitDemoRequest(page, values);

  await expect(toast(page)).toContainText("Request Submitted Successfully", { timeout: 20_000 });
  await expect(toast(page)).toContainText("Our team will contact you within 24 hours to schedule your demo.");
  const stored = await exportedLead(requestId);
  expect(stored?.state).toBe("pending");
  expect(stored?.email).toBe(values["Work Email"]);
  expect(await salesEmailsFor(request, values["Work Email"])).toHaveLength(0);

  await setSinkStatus(request, 202);
  const { stdout } = await run(process.execPath, ["scripts/leads-retry.mjs"], {
    cwd: process.cwd(),
    env: { ...process.env, SITE_URL: baseURL },
    timeout: 60_000,
  });
  expect(stdout).toMatch(/leads:retry via .*: 200 /);

  const sales = await salesEmailsFor(request, values["Work Email"]);
  expect(sales).toHaveLength(1);
  expect(sales[0].customArgs.requestId).toBe(requestId);
  expect((await exportedLead(requestId))?.state).toBe("sent");

  // A second run finds nothing to do for this lead: still exactly one e-mail.
  await run(process.execPath, ["scripts/leads-retry.mjs"], {
    env: { ...process.env, SITE_URL: baseURL },
    timeout: 60_000,
  });
  expect(await salesEmailsFor(request, values["Work Email"])).toHaveLength(1);
});

test("SendGrid refusing a lead (400): success toast, the lead failed at once, one alert e-mail names it", async ({
  page,
  request,
}) => {
  const values = uniqueProspect();
  // Only the next send is refused (the sales e-mail); the alert after it goes through. This test
  // runs before the broken-store one, whose request may still be waiting on the store.
  const refused = await request.post(`${sinkUrl()}/__sink/mode`, { data: { status: 400, times: 1 } });
  expect(refused.ok()).toBe(true);
  const requestId = await submitDemoRequest(page, values);

  await expect(toast(page)).toContainText("Request Submitted Successfully", { timeout: 20_000 });
  await expect.poll(async () => (await exportedLead(requestId))?.state, { timeout: 30_000 }).toBe("failed");
  const alerts = (await sinkMessages(request)).filter(
    (m) => m.customArgs.kind === "alert" && m.customArgs.requestId === requestId,
  );
  expect(alerts).toHaveLength(1);
  expect(alerts[0].subject).toContain(requestId);
  expect(alerts[0].text).not.toContain(values["Work Email"]);
  expect(await salesEmailsFor(request, values["Work Email"])).toHaveLength(0);
});

test("SendGrid and the store both down: 'Submission Failed', every value kept, nothing sent", async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
  const values = uniqueProspect();
  await setSinkStatus(request, 503);
  const restore = breakBlobStore();
  try {
    await submitDemoRequest(page, values);
    await expect(toast(page)).toContainText("Submission Failed", { timeout: 30_000 });
    await expect(toast(page)).toContainText("There was an error submitting your request. Please try again.");
  } finally {
    restore();
  }
  for (const [label, value] of Object.entries(values)) await expect(textbox(page, label)).toHaveValue(value);
  await expect(submit(page)).toHaveText("Submit");
  expect(errors.some((text) => text.includes("Demo request failed"))).toBe(true);
  expect(errors.join("\n")).not.toContain(values["Work Email"]);
  expect(await salesEmailsFor(request, values["Work Email"])).toHaveLength(0);
});
