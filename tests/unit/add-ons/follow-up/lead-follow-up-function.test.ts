/**
 * @jest-environment node
 */
// The scheduled function `lead-follow-up` (docs/decisions/0029-lead-follow-up.md) on @netlify/blobs'
// local server and the local SendGrid-compatible server: a malformed stored lead no longer stops the
// run (it is alerted once, the others are reminded), an answer never carries an exception's text, and
// the Monday summary goes out once (docs/decisions/0038-weekly-summary.md).
import handler from "../../../../netlify/functions/lead-follow-up.mts";
import { createBlobLeadStore, LEAD_STORE_NAME } from "../../../../netlify/lib/core/leads/lead-store";
import { newLead } from "../../../../netlify/lib/core/leads/lead-record";
import { setUpFunctionEnv } from "../../../helpers/function-env";
import { VALID } from "../../../helpers/function-harness";
import { fakeDate } from "../../../helpers/clock";
import { silenceConsole } from "../../../helpers/console";

const GOOD = "1b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d";
const BAD = "2b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d";
const WEEK_LEAD = "3b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d";

const { sink, blobs } = setUpFunctionEnv({ ALERT_EMAIL: "alerts@resources.test" });
// A fixed Wednesday: the first run of a week also sends the week before's summary, which must not be the
// week the Monday test below expects to send.
beforeEach(() => fakeDate("2026-11-25T06:00:00.000Z"));
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const call = () => handler();

test("a lead stored as a JSON string is alerted once; the run answers 200 and reminds the good lead", async () => {
  const consoleErrors = silenceConsole("error");
  const raw = blobs.open(LEAD_STORE_NAME);
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
  await createBlobLeadStore(raw).create({ ...newLead(GOOD, { ...VALID }, twoHoursAgo), state: "sent" }, [
    `unclaimed/${GOOD}`,
  ]);
  await raw.setJSON(`unclaimed/${BAD}`, { since: twoHoursAgo.toISOString() });
  await raw.setJSON(`leads/${BAD}`, "not a lead");

  const first = await call();
  expect(first.status).toBe(200);
  expect(await first.json()).toMatchObject({ checked: 1, nudge: 1, escalation: 1 });
  // The week's summary may go out in the same run (tested below); these are the lead's messages.
  const kinds = () =>
    sink
      .messages()
      .filter((m) => m.customArgs.kind !== "summary")
      .map((m) => `${m.customArgs.kind}:${m.customArgs.requestId}`);
  expect(kinds().sort()).toEqual([`alert:${BAD}`, `escalation:${GOOD}`, `nudge:${GOOD}`]);
  const alert = sink.messages().find((m) => m.customArgs.kind === "alert")!;
  expect(alert.to).toEqual(["alerts@resources.test"]);

  const second = await call();
  expect(second.status).toBe(200);
  expect(kinds()).toHaveLength(3);
  expect(consoleErrors.text()).toContain(
    "[demo-request] MALFORMED LEAD: the stored record is not a lead record; the follow-up job skipped it",
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
  expect(consoleErrors.text()).toContain("[demo-request] LEAD FOLLOW-UP: the follow-up check could not run");
});

test("on Monday after 08:00 the run also sends the week just ended's summary, once", async () => {
  fakeDate("2026-11-30T09:00:00.000Z");
  const raw = blobs.open(LEAD_STORE_NAME);
  // The first test's malformed lead is alerted there, not here.
  await createBlobLeadStore(raw).remove(BAD);
  const received = new Date("2026-11-25T02:00:00.000Z");
  await createBlobLeadStore(raw).create({ ...newLead(WEEK_LEAD, { ...VALID }, received), state: "sent" });
  const first = await call();
  expect(await first.json()).toMatchObject({ summary: "sent" });
  const second = await call();
  expect(await second.json()).toMatchObject({ summary: "sent already" });
  const summaries = sink.messages().filter((m) => m.customArgs.kind === "summary");
  expect(summaries.map((m) => m.customArgs.week)).toEqual(["2026-W48"]);
  expect(summaries[0].attachments.map((a) => a.filename)).toEqual(["leads-2026-W48.csv"]);
  expect(summaries[0].text).toContain("Leads received");
});
