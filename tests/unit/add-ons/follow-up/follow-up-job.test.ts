/**
 * @jest-environment node
 */
// Nobody forgets a lead (docs/requirements.md#follow-up, docs/decisions/0029-lead-follow-up.md): the
// follow-up job on a simulated clock. Nudge, escalation and the 20-hour alert, each once; business
// hours across a weekend and a daylight-saving change; the digest of held and suspected spam, by the
// next business morning; leads closed as spam never reminded. SendGrid is a scripted mailer, the webhook the local sink.
import { parseBusinessHours } from "../../../../netlify/lib/kit/business-hours";
import type { ServerConfig } from "../../../../netlify/lib/core/config";
import type { FollowUpConfig } from "../../../../netlify/lib/add-ons/follow-up/settings";
import { runFollowUpCheck } from "../../../../netlify/lib/add-ons/follow-up/follow-up-job";
import { addOnsFor } from "../../../../netlify/lib/compose";
import { checkClaimLink, checkReleaseLink } from "../../../../netlify/lib/add-ons/follow-up/claim-link";
import { applyAction, type FollowUpAction } from "../../../../netlify/lib/add-ons/follow-up/follow-up-record";
import {
  createFollowUpStore,
  type FollowUpStore,
} from "../../../../netlify/lib/add-ons/follow-up/follow-up-store";
import { silenceConsole } from "../../../helpers/console";
import { newLead, type LeadRecord } from "../../../../netlify/lib/core/leads/lead-record";
import { HONEYPOT_REASON, NO_TOKEN_REASON } from "../../../../netlify/lib/core/spam/spam";
import { setUpWebhookSink } from "../../../helpers/webhook-sink";
import {
  DOWN,
  NO_WAITS,
  scriptedMailer,
  sentOfKind,
  TEST_CONFIG,
  VALID,
} from "../../../helpers/function-harness";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";
import { deleteExpired } from "../../../../netlify/lib/kit/json-blobs";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";

const MINUTE = 60_000;
const ANA = { name: "Ana Smith", email: "ana@example.com" };

const sink = setUpWebhookSink();
afterEach(() => jest.restoreAllMocks());

/** A store, a clock and a job run, with `config` added to TEST_CONFIG's follow-up settings. */
function world(followUp: Partial<FollowUpConfig> = {}, extra: Partial<ServerConfig> = {}) {
  const blobs = createMemoryBlobs();
  const followUps: FollowUpStore = createFollowUpStore(blobs);
  const leads = createMemoryLeadStore({ followUps });
  const mailer = scriptedMailer();
  const config = {
    ...TEST_CONFIG,
    ...extra,
    followUp: { ...TEST_CONFIG.followUp, ...followUp },
  };
  let now = new Date(0);
  return {
    leads,
    followUps,
    blobs,
    mailer,
    setNow: (iso: string | Date) => void (now = new Date(iso)),
    /** Stores a delivered lead received at `receivedAt`. */
    async store(id: string, receivedAt: string, lead: Partial<LeadRecord> = {}) {
      const record = { ...newLead(id, { ...VALID }, new Date(receivedAt)), state: "sent" as const, ...lead };
      await leads.create(record);
      return record;
    },
    act: (id: string, action: FollowUpAction) =>
      followUps
        .update(id, (current) => applyAction(current, action, now))
        .then(async (change) => {
          await followUps.syncMarkers(id, change.followUp, (await leads.get(id))!.receivedAt);
          return change;
        }),
    run: async () =>
      runFollowUpCheck({
        addOns: await addOnsFor(config),
        leads,
        followUps,
        mailer,
        config,
        now: () => now,
        retry: NO_WAITS,
        malformedNotes: blobs,
      }),
    /** The kinds of reminder e-mails sent so far, in order. */
    sentKinds: () => mailer.sent.map((m) => m.customArgs?.kind),
  };
}

const ID = "0b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d";
const T0 = "2026-11-24T01:00:00.000Z";
const after = (minutes: number, from = T0) => new Date(Date.parse(from) + minutes * MINUTE);

test("an unclaimed lead is nudged to sales after 15 minutes and escalated after 60, each once", async () => {
  const w = world();
  await w.store(ID, T0);
  w.setNow(after(14.9));
  expect(await w.run()).toMatchObject({ checked: 1, nudge: 0, escalation: 0 });
  w.setNow(after(15));
  expect(await w.run()).toMatchObject({ nudge: 1, escalation: 0 });
  w.setNow(after(59));
  expect(await w.run()).toMatchObject({ nudge: 0, escalation: 0 });
  w.setNow(after(60));
  expect(await w.run()).toMatchObject({ nudge: 0, escalation: 1 });
  w.setNow(after(120));
  await w.run();
  expect(w.sentKinds()).toEqual(["nudge", "escalation"]);

  const [nudge] = sentOfKind(w.mailer, "nudge");
  expect(nudge.to).toBe(TEST_CONFIG.salesEmail);
  expect(nudge.subject).toBe("Unclaimed demo request: Jane Driller (Acme Mining)");
  expect(nudge.text).toContain("has not been claimed after 15 minutes.");
  expect(nudge.text).toContain("Owner: nobody yet");
  const link = /^Claim or update this lead \[(\S+)\]$/m.exec(nudge.text)![1];
  const url = new URL(link);
  expect(url.origin + url.pathname).toBe(`${TEST_CONFIG.siteOrigin}/leads/${ID}`);
  // A fresh link, made by this run: it works for 30 days from the nudge.
  expect(checkClaimLink(ID, url.searchParams, TEST_CONFIG.formSecret)).toEqual({
    kind: "signed",
    expires: after(15).getTime() / 1000 + 30 * 86_400,
  });

  // The escalation may go outside sales: it names the lead by id, never by what the visitor typed.
  const [escalation] = sentOfKind(w.mailer, "escalation");
  expect(escalation.to).toBe("escalation@resources.test");
  expect(escalation.text).toContain(`Demo request ${ID} is still unclaimed after 1 hour`);
  for (const typed of Object.values(VALID).filter(Boolean)) {
    expect(`${escalation.subject}\n${escalation.text}\n${escalation.html}`).not.toContain(typed);
  }
});

test("both reminders also go to the lead webhook, each under its own event id, with the claim link", async () => {
  const w = world(
    {},
    {
      leadWebhook: {
        url: sink.url,
        format: "standard",
        secret: "whsec_" + Buffer.alloc(32, 7).toString("base64"),
        timeoutMs: 2000,
      },
    },
  );
  await w.store(ID, T0);
  w.setNow(after(61));
  expect(await w.run()).toMatchObject({ nudge: 1, escalation: 1 });
  const posted = sink.deliveries() as {
    headers: Record<string, string>;
    body: { type: string; data: Record<string, unknown> };
  }[];
  expect(posted.map((d) => d.headers["webhook-id"])).toEqual([`${ID}.nudge`, `${ID}.escalation`]);
  expect(posted[0].body.type).toBe("lead.alert");
  expect(posted[0].body.data.alert).toMatchObject({ reason: "nudge" });
  expect(String(posted[1].body.data.claimUrl)).toContain(`/leads/${ID}?sig=`);
});

test("a claim stops the nudge and the escalation; the owner still hears of the promise at 20 hours", async () => {
  const w = world();
  await w.store(ID, T0);
  w.setNow(after(5));
  expect((await w.act(ID, { kind: "claim", owner: ANA })).changed).toBe(true);
  w.setNow(after(19 * 60 + 59));
  expect(await w.run()).toMatchObject({ checked: 1, nudge: 0, escalation: 0, "promise-at-risk": 0 });
  w.setNow(after(20 * 60));
  expect(await w.run()).toMatchObject({ "promise-at-risk": 1 });
  w.setNow(after(23 * 60));
  await w.run();
  expect(w.sentKinds()).toEqual(["promise-at-risk"]);
  const [risk] = sentOfKind(w.mailer, "promise-at-risk");
  expect(risk.to).toBe(TEST_CONFIG.salesEmail);
  expect(risk.text).toContain("is claimed, neither contacted");
  expect(risk.text).toContain("Owner: Ana Smith");
});

test("a contacted, booked or closed lead needs no reminder, and leaves the job's lists", async () => {
  const w = world();
  await w.store(ID, T0);
  await w.act(ID, { kind: "claim", owner: ANA });
  await w.act(ID, { kind: "contacted" });
  w.setNow(after(21 * 60));
  expect(await w.run()).toMatchObject({ checked: 0, "promise-at-risk": 0 });
  expect(w.mailer.sent).toEqual([]);
  expect(await w.followUps.markerIds("unclaimed")).toEqual([]);
  expect(await w.followUps.markerIds("claimed")).toEqual([]);
});

test("business hours pause the clock over a weekend; the 24-hour promise runs in calendar time", async () => {
  const w = world({ businessHours: parseBusinessHours("Mon-Fri 08:00-17:00 Australia/Perth") });
  const friday = "2026-11-20T08:50:00.000Z"; // Friday 16:50 in Perth
  await w.store(ID, friday);
  for (const when of [
    "2026-11-20T09:30:00Z",
    "2026-11-21T04:00:00Z",
    "2026-11-22T23:00:00Z",
    "2026-11-23T00:04:00Z",
  ]) {
    w.setNow(when);
    await w.run();
  }
  // Saturday 04:50 Perth is 20 calendar hours later: the promise is at risk although the clock
  // of the nudge has only run 10 minutes.
  expect(w.sentKinds()).toEqual(["promise-at-risk"]);
  w.setNow("2026-11-23T00:05:00Z"); // Monday 08:05 in Perth: 15 business minutes
  expect(await w.run()).toMatchObject({ nudge: 1 });
  w.setNow("2026-11-23T00:49:00Z");
  expect(await w.run()).toMatchObject({ escalation: 0 });
  w.setNow("2026-11-23T00:50:00Z"); // 60 business minutes
  expect(await w.run()).toMatchObject({ escalation: 1 });
});

test("across a daylight-saving change the nudge comes at 08:05 local time on Monday (Europe/London)", async () => {
  const w = world({ businessHours: parseBusinessHours("Mon-Fri 08:00-17:00 Europe/London") });
  await w.store(ID, "2027-03-26T16:50:00.000Z"); // Friday 16:50 GMT; clocks go forward on Sunday
  w.setNow("2027-03-29T07:04:00Z"); // Monday 08:04 BST
  expect(await w.run()).toMatchObject({ nudge: 0 });
  w.setNow("2027-03-29T07:05:00Z"); // Monday 08:05 BST
  expect(await w.run()).toMatchObject({ nudge: 1 });
});

test("fractional minutes: a nudge after 3 seconds", async () => {
  const w = world({ nudgeMinutes: 0.05, escalateMinutes: 0.1 });
  await w.store(ID, T0);
  w.setNow(new Date(Date.parse(T0) + 2_999));
  expect(await w.run()).toMatchObject({ nudge: 0 });
  w.setNow(new Date(Date.parse(T0) + 3_000));
  expect(await w.run()).toMatchObject({ nudge: 1, escalation: 0 });
});

test("suspected and held spam go into one digest a day instead of nudges, each once; closing as spam stops every clock", async () => {
  const w = world();
  const suspected = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
  const later = "2a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
  const honeypot = "3a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
  const closed = "4a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
  await w.store(suspected, T0, { suspectedSpam: "form token expired (issued 30 h before)" });
  await w.store(honeypot, T0, {
    ...newLead(honeypot, { ...VALID }, new Date(T0), {
      verdict: { kind: "spam", reason: "honeypot field filled" },
    }),
  });
  await w.store(closed, T0);
  await w.act(closed, { kind: "close", reason: "spam" });

  expect(await w.followUps.markerIds("unclaimed")).toContain(honeypot);
  w.setNow(after(90));
  expect(await w.run()).toMatchObject({ nudge: 0, escalation: 0, digest: 2 });
  // Listed once, the held lead needs nothing more: the next run retires its marker.
  expect(await w.run()).toMatchObject({ digest: 0 });
  expect(await w.followUps.markerIds("unclaimed")).not.toContain(honeypot);
  await w.store(later, after(100).toISOString(), { suspectedSpam: "form token reused" });
  w.setNow(after(21 * 60)); // same UTC day (01:00 + 21 h = 22:00)
  expect(await w.run()).toMatchObject({ digest: 0, nudge: 0, escalation: 0, "promise-at-risk": 0 });
  w.setNow(after(24 * 60)); // the next day
  expect(await w.run()).toMatchObject({ digest: 1 });

  expect(w.sentKinds()).toEqual(["digest", "digest"]);
  const [first, second] = sentOfKind(w.mailer, "digest");
  expect(first.to).toBe(TEST_CONFIG.salesEmail);
  expect(first.subject).toBe("Held and suspected spam, Tue 24 Nov 2026: 1 held, 1 suspected");
  expect(first.text).toContain("Suspected because: sent 30 h after the form was opened, over a day later");
  expect(first.text).toContain(`/leads/${suspected}?sig=`);
  expect(first.text).toContain(`/leads/${honeypot}/release?sig=`);
  expect(second.text).toContain(`request id ${later}`);
  expect(second.text).not.toContain(suspected);
  expect(second.text).not.toContain(honeypot);
  for (const message of [first, second]) expect(message.text).not.toContain(closed);
});

test("a held lead is in the next business morning's digest with its release link, autofilled first; once listed it needs nothing more", async () => {
  const w = world({ businessHours: parseBusinessHours("Mon-Fri 08:00-17:00 Australia/Perth") });
  const suspected = "1c2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
  const plain = "2c2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
  const autofilled = "3c2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
  const held = (id: string, at: string, honeypot: string) =>
    w.store(
      id,
      at,
      newLead(id, { ...VALID }, new Date(at), {
        verdict: { kind: "spam", reason: HONEYPOT_REASON },
        honeypot,
      }),
    );
  await w.store(suspected, "2026-11-24T01:00:00Z", { suspectedSpam: NO_TOKEN_REASON }); // Tuesday 09:00 in Perth
  w.setNow("2026-11-24T01:05:00Z");
  expect(await w.run()).toMatchObject({ digest: 1 });
  // Held after that day's digest went out: 10:00 and 16:30 in Perth.
  await held(plain, "2026-11-24T02:00:00Z", "https://spam.example");
  await held(autofilled, "2026-11-24T08:30:00Z", ` ${VALID.email.toUpperCase()}`);
  for (const when of ["2026-11-24T02:05:00Z", "2026-11-24T09:05:00Z", "2026-11-24T23:55:00Z"]) {
    w.setNow(when); // 10:05, 17:05, and Wednesday 07:55 in Perth
    expect(await w.run()).toMatchObject({ digest: 0, nudge: 0, escalation: 0, "promise-at-risk": 0 });
  }
  w.setNow("2026-11-25T00:00:00Z"); // Wednesday 08:00 in Perth
  expect(await w.run()).toMatchObject({ checked: 2, digest: 2 });
  const [, digest] = sentOfKind(w.mailer, "digest");
  expect(digest.to).toBe(TEST_CONFIG.salesEmail);
  expect(digest.subject).toBe("Held and suspected spam, Wed 25 Nov 2026: 2 held, 0 suspected");
  const links = [...digest.text.matchAll(/^Not spam\? Release this lead \[(\S+)\]$/gm)].map(
    ([, link]) => new URL(link),
  );
  expect(links.map((url) => url.pathname)).toEqual([
    `/leads/${autofilled}/release`,
    `/leads/${plain}/release`,
  ]);
  for (const url of links) {
    const id = url.pathname.split("/")[2];
    expect(checkReleaseLink(id, url.searchParams, TEST_CONFIG.formSecret)).toEqual({ kind: "signed" });
  }
  expect((await w.followUps.get(plain)).reminders?.digest).toBe("2026-11-25T00:00:00.000Z");

  // Listed once: the next run retires both markers, and no later day lists them again.
  w.setNow("2026-11-25T00:05:00Z");
  expect(await w.run()).toMatchObject({ checked: 0 });
  expect(await w.followUps.markerIds("unclaimed")).toEqual([]);
  w.setNow("2026-11-26T00:00:00Z");
  expect(await w.run()).toMatchObject({ checked: 0, digest: 0 });
  expect(w.sentKinds()).toEqual(["digest", "digest"]);
});

test("a reminder SendGrid refuses for good is logged and not repeated", async () => {
  const consoleErrors = silenceConsole("error");
  const w = world();
  await w.store(ID, T0);
  w.mailer.send = async () => ({ status: "permanent", error: "SendGrid answered 400", code: 400 });
  w.setNow(after(16));
  expect(await w.run()).toMatchObject({ nudge: 0 });
  expect(console.error).toHaveBeenCalledWith(
    expect.stringContaining(`LEAD FOLLOW-UP ${ID}: the nudge e-mail was refused and will not be sent`),
  );
  w.setNow(after(17));
  await w.run();
  expect((await w.followUps.get(ID)).reminders?.nudge).toBe(after(16).toISOString());
  expect(consoleErrors.text()).toContain(
    "[demo-request] LEAD FOLLOW-UP 0b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d: the nudge e-mail was refused and will not be sent",
  );
});

test("a reminder SendGrid could not take for a while is sent by the next run; 3 such failures stop the run", async () => {
  const consoleErrors = silenceConsole("error");
  const w = world();
  const ids = ["1", "2", "3", "4"].map((n) => `${n}b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d`);
  for (const id of ids) await w.store(id, T0);
  const down = scriptedMailer([DOWN, DOWN, DOWN, DOWN, DOWN, DOWN, DOWN, DOWN, DOWN]);
  const run = async () =>
    runFollowUpCheck({
      addOns: await addOnsFor(TEST_CONFIG),
      leads: w.leads,
      followUps: w.followUps,
      mailer: down,
      config: { ...TEST_CONFIG },
      now: () => after(16),
      retry: NO_WAITS,
    });
  // Each nudge is tried 3 times within the request (retrySend); three nudges failing stop the run.
  expect(await run()).toMatchObject({ nudge: 0 });
  expect(down.calls).toBe(9);
  for (const id of ids) expect((await w.followUps.get(id)).reminders?.nudge).toBeUndefined();
  expect(await run()).toMatchObject({ nudge: 4 });
  expect(sentOfKind(down, "nudge")).toHaveLength(4);
  expect(consoleErrors.text()).toContain(
    "[demo-request] follow-up nudge e-mail not accepted; the next run sends it",
  );
});

test("a run past its time budget starts no send, and records nothing it did not send", async () => {
  const consoleErrors = silenceConsole("error");
  const w = world();
  await w.store(ID, T0);
  const run = (budgetMs: number) =>
    runFollowUpCheck({
      addOns: [],
      leads: w.leads,
      followUps: w.followUps,
      mailer: w.mailer,
      config: TEST_CONFIG,
      now: () => after(16),
      retry: NO_WAITS,
      budgetMs,
    });
  expect(await run(0)).toMatchObject({ checked: 1, nudge: 0 });
  expect(await w.followUps.get(ID)).toEqual({ state: "new" });
  expect(await run(20_000)).toMatchObject({ nudge: 1 });
  expect(consoleErrors.text()).toContain(
    "[demo-request] follow-up run stopped early (SendGrid failing or out of time); the next run goes on",
  );
});

test("a run that stops early says in its log line whether SendGrid was failing or time ran out", async () => {
  const consoleErrors = silenceConsole("error");
  const w = world();
  const ids = ["1", "2", "3", "4"].map((n) => `${n}b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d`);
  for (const id of ids) await w.store(id, T0);
  const run = (mailer: ReturnType<typeof scriptedMailer>, budgetMs?: number) =>
    runFollowUpCheck({
      addOns: [],
      leads: w.leads,
      followUps: w.followUps,
      mailer,
      config: TEST_CONFIG,
      now: () => after(16),
      retry: NO_WAITS,
      budgetMs,
    });
  const stoppedBecause = (reason: string) =>
    expect(console.error).toHaveBeenCalledWith(
      expect.stringMatching(new RegExp(`follow-up run stopped early .*"reason":"${reason}"`)),
    );
  await run(scriptedMailer(Array.from({ length: 9 }, () => DOWN)));
  stoppedBecause("failing");
  await run(scriptedMailer(), 0);
  stoppedBecause("out of time");
  expect(consoleErrors.text()).toContain(
    "[demo-request] follow-up nudge e-mail not accepted; the next run sends it",
  );
});

test("a lead that has had every reminder its state allows leaves the job's lists; a claim brings it back", async () => {
  const w = world();
  await w.store(ID, T0);
  w.setNow(after(20 * 60));
  expect(await w.run()).toMatchObject({ nudge: 1, escalation: 1, "promise-at-risk": 1 });
  w.setNow(after(20 * 60 + 5));
  expect(await w.run()).toMatchObject({ checked: 0 });
  expect(await w.followUps.markerIds("unclaimed")).toEqual([]);
  await w.act(ID, { kind: "claim", owner: ANA });
  expect(await w.followUps.markerIds("claimed")).toEqual([ID]);
  expect(await w.run()).toMatchObject({ checked: 0, "promise-at-risk": 0 });
  expect(await w.followUps.markerIds("claimed")).toEqual([]);
});

test("a visitor's text cannot pose as a claim link in the digest, and long names keep a subject whole", async () => {
  const w = world();
  await w.store(ID, T0, {
    suspectedSpam: "form token missing",
    request: {
      ...VALID,
      firstName: "Claim or update this lead:",
      lastName: "https://evil.example/leads/x?sig=",
    },
  });
  const long = "2b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d";
  await w.store(long, T0, {
    request: { ...VALID, firstName: "A".repeat(100), lastName: `${"B".repeat(74)}😀` },
  });
  w.setNow(after(16));
  await w.run();
  const [digest] = sentOfKind(w.mailer, "digest");
  expect(digest.html.match(/<a /g)).toHaveLength(1);
  expect(digest.html).not.toContain('href="https://evil.example');
  expect(digest.html).toContain(
    // The name is cut as a list shows it.
    '">Claim or update this lead: https://evil… (Acme Mining), jane@acme-mining.com<br/>',
  );
  const [nudge] = sentOfKind(w.mailer, "nudge");
  expect(nudge.subject.length).toBeLessThanOrEqual(200);
  expect(nudge.subject).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  expect(nudge.subject.endsWith("\u2026")).toBe(true);
});

test("malformed stored leads are skipped, logged and alerted once; the others get their reminders and digest", async () => {
  const consoleErrors = silenceConsole("error");
  const w = world();
  const good = ["1", "2"].map((n) => `${n}b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d`);
  for (const id of good) await w.store(id, T0);
  const suspected = "5b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d";
  await w.store(suspected, T0, { suspectedSpam: "form token missing" });
  const bad = {
    "6b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d": "a JSON string",
    "7b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d": [1, 2],
    "8b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d": {
      ...newLead("8b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d", { ...VALID }, new Date(T0)),
      request: { ...VALID, email: 42 },
    },
  };
  for (const [id, data] of Object.entries(bad)) {
    await w.followUps.markUnclaimed(id, T0);
    w.leads.records.set(id, data as unknown as LeadRecord);
  }
  w.setNow(after(16));
  expect(await w.run()).toMatchObject({ checked: 3, nudge: 2, digest: 1 });
  expect(sentOfKind(w.mailer, "nudge").map((m) => m.customArgs?.requestId)).toEqual(good);
  const alerts = sentOfKind(w.mailer, "alert");
  expect(alerts.map((m) => m.customArgs?.requestId).sort()).toEqual(Object.keys(bad));
  expect(alerts.every((m) => m.to === TEST_CONFIG.alertEmail && !m.text.includes("42"))).toBe(true);
  const logged = (console.error as jest.Mock).mock.calls.join("\n");
  for (const id of Object.keys(bad)) {
    expect(logged).toContain(`the follow-up job skipped it {"requestId":"${id}"}`);
  }

  // The next run (the digested lead has had its reminder): the bad records skipped again, no second alert.
  w.setNow(after(61));
  expect(await w.run()).toMatchObject({ checked: 2, escalation: 2 });
  expect(sentOfKind(w.mailer, "alert")).toHaveLength(3);
  expect(consoleErrors.text()).toContain(
    "[demo-request] MALFORMED LEAD: the stored record is not a lead record; the follow-up job skipped it",
  );
});

test("a marker whose lead is gone is removed once its lead could no longer be on its way", async () => {
  const w = world();
  await w.followUps.markUnclaimed(ID, T0);
  w.setNow(after(1));
  await w.run();
  expect(await w.followUps.markerIds("unclaimed")).toHaveLength(1);
  w.setNow(after(3));
  await w.run();
  expect(await w.followUps.markerIds("unclaimed")).toEqual([]);
});

test("a day's digest record keeps that day from a second digest for a week, then the retention job prunes it", async () => {
  const blobs = createMemoryBlobs();
  const followUps = createFollowUpStore(blobs);
  const at = new Date(T0);
  expect(await followUps.recordDigest("2026-11-24", at)).toBe(true);
  expect(await followUps.recordDigest("2026-11-24", after(60))).toBe(false);
  expect(await deleteExpired(blobs, "digests/", after(7 * 24 * 60))).toBe(0);
  expect(await deleteExpired(blobs, "digests/", after(7 * 24 * 60 + 1))).toBe(1);
  expect(await blobs.keys("digests/")).toEqual([]);
});

test("a damaged follow-up record is logged and its lead gets no reminder, never read as new", async () => {
  const w = world();
  await w.store(ID, T0);
  await w.blobs.setJSON(`followup/${ID}`, { state: "claimd", owner: ANA });
  const errors = silenceConsole();
  w.setNow(after(60));
  expect(await w.run()).toMatchObject({ nudge: 0, escalation: 0 });
  expect(w.sentKinds()).toEqual([]);
  expect(errors.text()).toContain(
    `DAMAGED RECORD: a stored record fails its schema; it is skipped {"key":"followup/${ID}"}`,
  );
  // A claim is refused: the damaged record stays as it was.
  await expect(w.act(ID, { kind: "claim", owner: ANA })).rejects.toThrow("fails its schema");
  expect(w.blobs.entries.get(`followup/${ID}`)?.data).toEqual({ state: "claimd", owner: ANA });
});
