/**
 * The demo-request path under faults (issue 4), in a real browser against `npm start`: the
 * real form, the real function, the local SendGrid-compatible sink told to fail, and the
 * local Blobs store broken on disk. No test hooks in the function.
 */
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, test, type Page } from "@playwright/test";
import { BLOB_ENTRIES_DIR, breakBlobStore } from "./support/blob-store-fault";
import { salesEmailsFor, setSinkStatus, uniqueProspect } from "./support/mail-sink";

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
  await expect(page.locator("form[data-hydrated]")).toBeVisible();
  for (const [label, value] of Object.entries(values)) await textbox(page, label).fill(value);
  const posted = page.waitForRequest(
    (r) => r.method() === "POST" && r.url().endsWith("/api/send-contact-email"),
  );
  await submit(page).click();
  return (JSON.parse((await posted).postData() ?? "{}") as { requestId: string }).requestId;
}

/**
 * The stored record of `requestId` in the local Blobs store, read from disk: entries live in
 * <entries>/<site id>/<store folder>/<key>, the store folder being e.g. "site:demo-requests".
 */
function storedLead(requestId: string): { state: string; request: { email: string } } | null {
  for (const site of readdirSync(BLOB_ENTRIES_DIR)) {
    for (const store of readdirSync(join(BLOB_ENTRIES_DIR, site))) {
      if (!store.endsWith("demo-requests")) continue;
      try {
        return JSON.parse(readFileSync(join(BLOB_ENTRIES_DIR, site, store, requestId), "utf8")) as {
          state: string;
          request: { email: string };
        };
      } catch {
        // not in this store folder
      }
    }
  }
  return null;
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
  expect(storedLead(requestId)?.state).toBe("pending");
  expect(storedLead(requestId)?.request.email).toBe(values["Work Email"]);
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
  expect(storedLead(requestId)?.state).toBe("sent");

  // A second run finds nothing to do for this lead: still exactly one e-mail.
  await run(process.execPath, ["scripts/leads-retry.mjs"], {
    env: { ...process.env, SITE_URL: baseURL },
    timeout: 60_000,
  });
  expect(await salesEmailsFor(request, values["Work Email"])).toHaveLength(1);
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
