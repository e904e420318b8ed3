/**
 * @jest-environment node
 */
// The scheduled function `retry-demo-requests` (docs/decisions/0019-lead-path.md) on @netlify/blobs'
// local server and the local SendGrid-compatible server: a malformed stored lead is alerted once and
// the others are delivered; a store that cannot be listed is a 503 with a fixed text.
import handler from "../../../../netlify/functions/retry-demo-requests.mts";
import { createBlobLeadStore, LEAD_STORE_NAME } from "../../../../netlify/lib/core/leads/lead-store";
import { resetConfig } from "../../../../netlify/lib/compose";
import { setUpFunctionEnv } from "../../../helpers/function-env";
import { leadRecord } from "../../../helpers/function-harness";
import { silenceConsole } from "../../../helpers/console";

const GOOD = "1b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d";
const BAD = "2b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d";

const { sink, blobs } = setUpFunctionEnv({
  ALERT_EMAIL: "alerts@resources.test",
  // The sales e-mail is what this checks.
  CONFIRMATION_EMAIL: "off",
});
afterEach(() => jest.restoreAllMocks());

const call = () =>
  handler(
    new Request("http://localhost:8888/.netlify/functions/retry-demo-requests", {
      method: "POST",
      headers: { "x-leads-retry": "now" },
    }),
  );

test("a pending lead whose e-mail is a number is alerted once; the run answers 200 and goes on", async () => {
  const consoleErrors = silenceConsole("error");
  const raw = blobs.open(LEAD_STORE_NAME);
  const leads = createBlobLeadStore(raw);
  const recent = new Date(Date.now() - 10 * 60_000).toISOString();
  await leads.create(leadRecord(GOOD, "pending", { receivedAt: recent, sales: { lastAttemptAt: recent } }));
  await leads.create(leadRecord(BAD, "pending", { receivedAt: recent }));
  await raw.setJSON(`leads/${BAD}`, { ...leadRecord(BAD, "pending"), request: { email: 42 } });

  const first = await call();
  expect(first.status).toBe(200);
  expect(await first.json()).toEqual({ sent: 1, failed: 0, waiting: 0 });
  const kinds = () => sink.messages().map((m) => `${m.customArgs.kind}:${m.customArgs.requestId}`);
  expect(kinds().sort()).toEqual([`alert:${BAD}`, `sales:${GOOD}`]);

  expect((await call()).status).toBe(200);
  expect(kinds()).toHaveLength(2);
  expect(consoleErrors.text()).toContain(
    "[demo-request] MALFORMED LEAD: the stored record is not a lead record; the retry job skipped it",
  );
});

test("a store that cannot be listed: 503 with a fixed text, never the exception's message", async () => {
  const consoleErrors = silenceConsole("error");
  const dead = "http://127.0.0.1:9";
  process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(
    JSON.stringify({ siteID: "test", token: "t", edgeURL: dead, uncachedEdgeURL: dead }),
  ).toString("base64");
  const res = await call();
  expect(res.status).toBe(503);
  expect(await res.text()).toBe(JSON.stringify({ error: "Lead store unavailable" }));
  expect(consoleErrors.text()).toContain(
    "[demo-request] retry run could not list the pending leads; the next run tries again",
  );
});

test("invalid add-on settings are e-mailed to ALERT_EMAIL once a day, by name only", async () => {
  const consoleErrors = silenceConsole("error");
  Object.assign(process.env, { BUSINESS_HOURS: "weekdays, roughly", LEAD_WEBHOOK_URL: "not a url" });
  resetConfig();
  await blobs.open(LEAD_STORE_NAME).delete(`settings-alerts/${new Date().toISOString().slice(0, 10)}`);
  expect((await call()).status).toBe(200);
  expect((await call()).status).toBe(200);
  const alerts = sink.messages().filter((m) => m.subject === "Site settings invalid: some parts are off");
  expect(alerts).toHaveLength(1);
  expect(alerts[0].to).toEqual(["alerts@resources.test"]);
  expect(alerts[0].text).toContain("- lead webhook: LEAD_WEBHOOK_URL is invalid");
  expect(alerts[0].text).toContain("- follow-up: BUSINESS_HOURS is invalid");
  expect(alerts[0].text).not.toContain("roughly");
  expect(consoleErrors.text()).toContain(
    "[demo-request] SETTINGS INVALID, add-on off: lead webhook: LEAD_WEBHOOK_URL is invalid",
  );
});
