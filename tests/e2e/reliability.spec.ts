/**
 * The demo-request path under faults (docs/requirements.md#durable-capture), in a real browser
 * against `npm start`: the real form, the real function, the local SendGrid-compatible sink told to
 * fail, and the local Blobs store broken on disk. No test hooks in the function.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { breakBlobStore } from "./support/blob-store-fault";
import { consoleErrors } from "./support/console-errors";
import { gotoHydrated } from "./support/hydrated";
import {
  expectDemoRequestValues,
  fillDemoRequest,
  sendDemoRequest,
  submitButton,
} from "./support/demo-request-form";
import { exportedLead } from "./support/leads-export";
import { salesEmailsFor, setSinkStatus, sinkMessages, uniqueProspect } from "./support/mail-sink";
import { expectFailureToast, expectSuccessToast, toasts } from "./support/toasts";

const run = promisify(execFile);

test.describe.configure({ timeout: 90_000 });

test.afterEach(async ({ request }) => {
  await setSinkStatus(request, 202);
});

test("SendGrid down: success toast, lead stored as pending; leads:retry later sends exactly one sales e-mail", async ({
  page,
  request,
  baseURL,
}) => {
  const values = uniqueProspect();
  await setSinkStatus(request, 503);
  const requestId = await sendDemoRequest(page, values);

  await expectSuccessToast(page, { timeout: 20_000 });
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
  await setSinkStatus(request, 400, 1);
  const requestId = await sendDemoRequest(page, values);

  await expect(toasts(page)).toContainText("Request Submitted Successfully", { timeout: 20_000 });
  await expect.poll(async () => (await exportedLead(requestId))?.state, { timeout: 30_000 }).toBe("failed");
  // The alert goes out after the answer (docs/decisions/0039-work-after-the-answer.md).
  const alertsFor = async () =>
    (await sinkMessages(request)).filter(
      (m) => m.customArgs.kind === "alert" && m.customArgs.requestId === requestId,
    );
  await expect.poll(async () => (await alertsFor()).length).toBe(1);
  const alerts = await alertsFor();
  expect(alerts[0].subject).toContain(requestId);
  expect(alerts[0].text).not.toContain(values["Work Email"]);
  expect(await salesEmailsFor(request, values["Work Email"])).toHaveLength(0);
});

test("SendGrid and the store both down: 'Submission Failed', every value kept, nothing sent", async ({
  page,
  request,
}) => {
  const errors = consoleErrors(page);
  const values = uniqueProspect();
  await setSinkStatus(request, 503);
  const restore = breakBlobStore();
  try {
    // No answer to wait for: with the store down too, the page may give up before the function
    // answers (its own timeout), and either way shows the failure.
    await gotoHydrated(page, "/contact");
    await fillDemoRequest(page, values);
    await submitButton(page).click();
    await expectFailureToast(page, { timeout: 30_000 });
  } finally {
    restore();
  }
  await expectDemoRequestValues(page, values);
  await expect(submitButton(page)).toHaveText("Submit");
  expect(errors.some((text) => text.includes("Demo request failed"))).toBe(true);
  expect(errors.join("\n")).not.toContain(values["Work Email"]);
  expect(await salesEmailsFor(request, values["Work Email"])).toHaveLength(0);
});
