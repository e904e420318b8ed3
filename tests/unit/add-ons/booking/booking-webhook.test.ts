/**
 * @jest-environment node
 */
// A booking marks the lead booked (docs/requirements.md#closing-the-loop,
// docs/decisions/0030-slack-and-booking-loop.md, docs/decisions/0032-bookings-by-uid.md): Cal.com's
// signature, the three events, bookings kept by uid, matching by the booking link's sealed
// reference then (unconfirmed) by the prospect's inbox index, an unmatched booking, and each event
// applied once.
import { createHmac } from "node:crypto";
import {
  bookingReference,
  leadIdFromReference,
} from "../../../../netlify/lib/add-ons/booking/booking-reference";
import { silenceConsole } from "../../../helpers/console";
import { dueReminders } from "../../../../netlify/lib/add-ons/follow-up/follow-up-job";
import { createBookingWebhookHandler } from "../../../../netlify/lib/add-ons/booking/booking-webhook";
import type { ServerConfig } from "../../../../netlify/lib/core/config";
import { applyAction, INBOX_ONLY_LABEL } from "../../../../netlify/lib/add-ons/follow-up/follow-up-record";
import { startWebhookSink } from "../../../../scripts/sinks/webhook-sink.mjs";
import { localTime } from "../../../../netlify/lib/kit/text";
import { createFollowUpStore } from "../../../../netlify/lib/add-ons/follow-up/follow-up-store";
import { inboxKeyOf } from "../../../../netlify/lib/core/leads/lead-address";
import { MalformedLeadError, newLead } from "../../../../netlify/lib/core/leads/lead-record";
import { addOnsFor } from "../../../../netlify/lib/compose";
import { memoryLimits, scriptedMailer, TEST_CONFIG, VALID } from "../../../helpers/function-harness";
import { claimUrlFor } from "../../../../netlify/lib/add-ons/follow-up/claim-link";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";

const SECRET = "cal-webhook-secret-for-tests-0123";
const calSignature = (secret: string, body: string) =>
  createHmac("sha256", secret).update(body).digest("hex");
const ID = "5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b";
const EARLIER = "6a0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b";
const RECEIVED = "2026-11-24T01:00:00.000Z";
const NOW = new Date("2026-11-24T01:20:00.000Z");
const SLOT = "2026-11-26T02:00:00.000Z";

async function setup(extra: Partial<ServerConfig> = {}) {
  const blobs = createMemoryBlobs();
  const followUps = createFollowUpStore(blobs);
  const leads = createMemoryLeadStore({ followUps });
  const inboxKey = inboxKeyOf(VALID.email, TEST_CONFIG.formSecret);
  await leads.create({
    ...newLead(EARLIER, { ...VALID }, new Date("2026-11-20T01:00:00.000Z"), { inboxKey }),
    state: "sent",
  });
  await leads.create({ ...newLead(ID, { ...VALID }, new Date(RECEIVED), { inboxKey }), state: "sent" });
  let now = NOW;
  const mailer = scriptedMailer();
  const handle = createBookingWebhookHandler({
    getConfig: () => ({ ok: true, config: { ...TEST_CONFIG, calWebhookSecret: SECRET, ...extra } }),
    getStore: () => leads,
    getEvents: () => blobs,
    getAddOns: (config) =>
      addOnsFor(config, { confirmationLimits: memoryLimits, followUps: () => followUps }),
    getLeadEvents: () => blobs,
    createMailer: () => mailer,
    now: () => now,
  });
  const deliver = async (event: unknown, signature?: string) => {
    const body = JSON.stringify(event);
    const response = await handle(
      new Request("https://resources.example/api/booking-webhook", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-cal-signature-256": signature ?? calSignature(SECRET, body),
        },
        body,
      }),
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { leads, followUps, blobs, deliver, inboxKey, mailer, setNow: (at: Date) => (now = at) };
}

function booking(
  trigger: string,
  uid: string,
  extra: {
    startTime?: string;
    metadata?: Record<string, unknown>;
    email?: string;
    rescheduleUid?: string;
  } = {},
) {
  return {
    triggerEvent: trigger,
    createdAt: NOW.toISOString(),
    payload: {
      uid,
      title: "Demo",
      startTime: extra.startTime ?? SLOT,
      attendees: [{ email: extra.email ?? "Jane@Acme-Mining.com", name: "Jane Driller" }],
      ...(extra.metadata ? { metadata: extra.metadata } : {}),
      ...(extra.rescheduleUid ? { rescheduleUid: extra.rescheduleUid } : {}),
    },
  };
}

const withReference = { metadata: { leadRef: bookingReference(ID, TEST_CONFIG.formSecret) } };

test("the reference seals the lead id: only this site opens it, and a changed one opens nothing", () => {
  const reference = withReference.metadata.leadRef;
  expect(reference).toMatch(/^[A-Za-z0-9_-]{59}$/);
  expect(reference).not.toContain(ID.slice(0, 8));
  expect(leadIdFromReference(reference, TEST_CONFIG.formSecret)).toBe(ID);
  expect(leadIdFromReference(reference, "another-secret-of-at-least-32-chars")).toBeUndefined();
  const flipped = `${reference.slice(0, 20)}${reference[20] === "A" ? "B" : "A"}${reference.slice(21)}`;
  expect(leadIdFromReference(flipped, TEST_CONFIG.formSecret)).toBeUndefined();
  expect(leadIdFromReference(42, TEST_CONFIG.formSecret)).toBeUndefined();
});

test("the reference opens in its one canonical spelling only", () => {
  const reference = withReference.metadata.leadRef;
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const last = alphabet.indexOf(reference.at(-1)!);
  // 59 characters carry 354 bits for 44 bytes (352): the last character's two low bits are spare.
  const spellings = [0, 1, 2, 3].map((spare) => `${reference.slice(0, -1)}${alphabet[(last & ~3) | spare]}`);
  const opened = spellings.filter((r) => leadIdFromReference(r, TEST_CONFIG.formSecret) !== undefined);
  expect(opened).toEqual([reference]);
});

test("a wrongly signed or unsigned event is 401 and changes nothing", async () => {
  const w = await setup();
  const event = booking("BOOKING_CREATED", "bk-1", withReference);
  expect(
    (await w.deliver(event, calSignature("another-secret-0123456789", JSON.stringify(event)))).status,
  ).toBe(401);
  expect((await w.deliver(event, "")).status).toBe(401);
  expect((await w.deliver(event, "0".repeat(64))).status).toBe(401);
  expect(await w.followUps.get(ID)).toEqual({ state: "new" });
  expect(await w.blobs.keys("booking-events/")).toEqual([]);
});

test("BOOKING_CREATED through the link offered after the request marks that lead booked, matched by its reference", async () => {
  const w = await setup();
  const answer = await w.deliver(booking("BOOKING_CREATED", "bk-1", withReference));
  expect(answer).toEqual({ status: 200, body: { applied: true, state: "booked" } });
  expect(await w.followUps.get(ID)).toEqual({
    state: "booked",
    bookedAt: NOW.toISOString(),
    bookings: [{ uid: "bk-1", startTime: SLOT, via: "reference" }],
    beforeBooking: "new",
    history: [{ at: NOW.toISOString(), kind: "booked", startTime: SLOT, confirmed: true }],
  });
  expect(await w.followUps.leadOfBooking("bk-1")).toBe(ID);
  expect(await w.followUps.markerIds("unclaimed")).toEqual([EARLIER]);
  expect((await w.followUps.get(EARLIER)).state).toBe("new");
});

test("without a reference the prospect's inbox finds the latest lead, which keeps the booking unconfirmed", async () => {
  const w = await setup();
  const answer = await w.deliver(booking("BOOKING_CREATED", "bk-2", { email: "jane+demo@acme-mining.com" }));
  expect(answer.body).toEqual({ applied: true, state: "new" });
  const followUp = await w.followUps.get(ID);
  expect(followUp.bookings).toEqual([{ uid: "bk-2", startTime: SLOT, via: "email" }]);
  expect((await w.followUps.get(EARLIER)).state).toBe("new");
  // Unconfirmed, it stops no reminder: the nudge is still due.
  const lead = { receivedAt: RECEIVED, state: "sent" as const };
  expect(dueReminders(lead, followUp, NOW, TEST_CONFIG.followUp)).toContain("nudge");
  // A person confirms it on the lead page: then the lead is booked.
  const confirmed = await w.followUps.update(ID, (c) =>
    applyAction(c, { kind: "confirm-booking", uid: "bk-2" }, NOW),
  );
  expect(confirmed.followUp).toMatchObject({ state: "booked", bookedAt: NOW.toISOString() });
  expect(dueReminders(lead, confirmed.followUp, NOW, TEST_CONFIG.followUp)).toEqual([]);
});

test("an event is applied once: the same delivery again changes nothing", async () => {
  const w = await setup();
  const event = booking("BOOKING_CREATED", "bk-1", withReference);
  await w.deliver(event);
  w.setNow(new Date(NOW.getTime() + 60_000));
  expect((await w.deliver(event)).body).toEqual({ applied: false, reason: "already applied" });
  expect((await w.followUps.get(ID)).bookedAt).toBe(NOW.toISOString());
});

test("BOOKING_RESCHEDULED moves the slot; BOOKING_CANCELLED restores the state and restarts the nudge clock", async () => {
  const w = await setup();
  await w.followUps.update(ID, (c) => applyAction(c, { kind: "claim", owner: { name: "Ana Smith" } }, NOW));
  // The nudge went out before the claim would have been late; keep it on record.
  await w.deliver(booking("BOOKING_CREATED", "bk-1", withReference));
  const moved = "2026-11-27T03:00:00.000Z";
  const rescheduled = await w.deliver(
    booking("BOOKING_RESCHEDULED", "bk-3", { ...withReference, startTime: moved, rescheduleUid: "bk-1" }),
  );
  expect(rescheduled.body).toEqual({ applied: true, state: "booked" });
  expect((await w.followUps.get(ID)).bookings).toEqual([{ uid: "bk-3", startTime: moved, via: "reference" }]);
  expect(await w.followUps.leadOfBooking("bk-1")).toBeUndefined();

  const cancelledAt = new Date(NOW.getTime() + 3_600_000);
  w.setNow(cancelledAt);
  expect((await w.deliver(booking("BOOKING_CANCELLED", "bk-1", withReference))).body).toMatchObject({
    applied: false,
  });
  expect((await w.deliver(booking("BOOKING_CANCELLED", "bk-3", withReference))).body).toEqual({
    applied: true,
    state: "claimed",
  });
  const after = await w.followUps.get(ID);
  expect(after).toMatchObject({
    state: "claimed",
    owner: { name: "Ana Smith" },
    clockFrom: cancelledAt.toISOString(),
  });
  expect(after.bookings).toBeUndefined();
  expect(await w.followUps.markerIds("claimed")).toEqual([ID]);
  expect(await w.followUps.leadOfBooking("bk-3")).toBeUndefined();
});

test("a booking, a move and a cancellation e-mail the lead's owner, or the sales inbox while nobody has claimed it", async () => {
  const zone = "Australia/Perth";
  const businessHours = { days: new Set([1, 2, 3, 4, 5]), openMinute: 540, closeMinute: 1020, zone };
  const w = await setup({ followUp: { ...TEST_CONFIG.followUp, businessHours } });
  const who = "Jane Driller (Acme Mining)";
  const sent = () => w.mailer.sent.map(({ to, subject }) => ({ to, subject }));

  await w.deliver(booking("BOOKING_CREATED", "bk-1", withReference));
  expect(sent()).toEqual([{ to: TEST_CONFIG.salesEmail, subject: `Demo booked: ${who}` }]);
  const [booked] = w.mailer.sent;
  expect(booked.customArgs).toEqual({ requestId: ID, kind: "booking" });
  // The slot in the team's zone, and a fresh link to the lead's page.
  expect(booked.text).toContain(`${who} booked a demo for ${localTime(SLOT, zone)}.`);
  expect(booked.text).toContain("Thu 26 Nov 2026, 10:00");
  expect(booked.text).toContain("Nobody has claimed this lead yet.");
  expect(booked.text).toContain(`Claim or update this lead [${claimUrlFor(TEST_CONFIG, ID, NOW)}]`);
  // A repeated delivery changes nothing and e-mails nobody.
  await w.deliver(booking("BOOKING_CREATED", "bk-1", withReference));
  expect(w.mailer.sent).toHaveLength(1);

  const ana = { name: "Ana Smith", email: "ana@example.com" };
  await w.followUps.update(ID, (c) => applyAction(c, { kind: "claim", owner: ana }, NOW));
  const moved = "2026-11-27T03:00:00.000Z";
  await w.deliver(
    booking("BOOKING_RESCHEDULED", "bk-2", { ...withReference, startTime: moved, rescheduleUid: "bk-1" }),
  );
  await w.deliver(booking("BOOKING_CANCELLED", "bk-2", withReference));
  await w.deliver(booking("BOOKING_CREATED", "bk-3", { email: "jane+x@acme-mining.com" }));
  expect(sent().slice(1)).toEqual([
    { to: ana.email, subject: `Demo moved: ${who}` },
    { to: ana.email, subject: `Demo cancelled: ${who}` },
    { to: ana.email, subject: `Demo booked: ${who}` },
  ]);
  const [move, cancel, byInbox] = w.mailer.sent.slice(1).map((message) => message.text);
  expect(move).toContain(`${who} moved their demo to ${localTime(moved, zone)}.`);
  expect(move).toContain("Owner: Ana Smith");
  expect(cancel).toContain(`${who} cancelled their demo for ${localTime(moved, zone)}.`);
  expect(byInbox).toContain(
    `This booking was ${INBOX_ONLY_LABEL}: confirm it on the lead's page if it is theirs.`,
  );
  expect(move).not.toContain(INBOX_ONLY_LABEL);
});

test("a cancelled booking of an unclaimed lead sets the nudge clock running again from the cancellation", async () => {
  const w = await setup();
  await w.deliver(booking("BOOKING_CREATED", "bk-1", withReference));
  const cancelledAt = new Date("2026-11-24T05:00:00.000Z");
  w.setNow(cancelledAt);
  await w.deliver(booking("BOOKING_CANCELLED", "bk-1", withReference));
  const followUp = await w.followUps.get(ID);
  expect(followUp.state).toBe("new");
  const lead = { receivedAt: RECEIVED, state: "sent" as const };
  const settings = TEST_CONFIG.followUp;
  expect(dueReminders(lead, followUp, new Date(cancelledAt.getTime() + 14 * 60_000), settings)).toEqual([]);
  expect(dueReminders(lead, followUp, new Date(cancelledAt.getTime() + 15 * 60_000), settings)).toEqual([
    "nudge",
  ]);
  expect(await w.followUps.markerIds("unclaimed")).toEqual(expect.arrayContaining([ID]));
});

test("a booking that matches no stored lead is answered 200 and logged with the address masked", async () => {
  const w = await setup();
  const log = jest.spyOn(console, "log").mockImplementation(() => undefined);
  log.mockClear();
  const answer = await w.deliver(booking("BOOKING_CREATED", "bk-9", { email: "someone@elsewhere.example" }));
  expect(answer).toEqual({
    status: 200,
    body: { applied: false, reason: "no stored lead matches this booking" },
  });
  const line = log.mock.calls.map((args) => args.join(" ")).find((l) => l.includes("matches no stored lead"));
  expect(line).toContain("s***@e***.example");
  expect(line).not.toContain("someone@elsewhere.example");
  expect((await w.followUps.get(ID)).state).toBe("new");
});

test("other triggers (Cal.com's ping) change nothing; a body that is not a booking event is 400", async () => {
  const w = await setup();
  expect((await w.deliver({ triggerEvent: "PING", payload: {} })).body).toEqual({
    applied: false,
    reason: "PING is not a booking change",
  });
  expect((await w.deliver({ hello: "world" })).status).toBe(400);
  expect(await w.followUps.get(ID)).toEqual({ state: "new" });
});

test("a booking for a lead held as spam is not applied nor posted, but a person is told to look at it", async () => {
  const w = await setup();
  const spamId = "7b0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b";
  await w.leads.create(
    newLead(spamId, { ...VALID }, new Date(RECEIVED), {
      verdict: { kind: "spam", reason: "honeypot field filled" },
    }),
  );
  const error = silenceConsole("error");
  const answer = await w.deliver(
    booking("BOOKING_CREATED", "bk-s", {
      metadata: { leadRef: bookingReference(spamId, TEST_CONFIG.formSecret) },
    }),
  );
  expect(answer.body).toEqual({ applied: false, reason: "the lead is held as spam" });
  expect(error).toHaveBeenCalledWith(expect.stringContaining(`BOOKING FOR A LEAD HELD AS SPAM ${spamId}`));
  expect(await w.followUps.get(spamId)).toEqual({ state: "new" });
  error.mockRestore();
});

test("a lead booked before anyone claimed it can still be claimed, and stays booked; a reschedule keeps 'same visit'", async () => {
  const w = await setup();
  await w.deliver(booking("BOOKING_CREATED", "bk-1", withReference));
  await w.deliver(
    booking("BOOKING_RESCHEDULED", "bk-2", { email: "jane@acme-mining.com", rescheduleUid: "bk-1" }),
  );
  expect((await w.followUps.get(ID)).bookings).toEqual([{ uid: "bk-2", startTime: SLOT, via: "reference" }]);
  const claimed = await w.followUps.update(ID, (c) =>
    applyAction(c, { kind: "claim", owner: { name: "Ben Lee" } }, NOW),
  );
  expect(claimed.changed).toBe(true);
  expect(claimed.followUp).toMatchObject({ state: "booked", owner: { name: "Ben Lee" } });
  const again = await w.followUps.update(ID, (c) =>
    applyAction(c, { kind: "claim", owner: { name: "Ana" } }, NOW),
  );
  expect(again.reason).toBe("This lead is already claimed by Ben Lee.");
});

test("by inbox, the lead the event changes: a newer lead closed as a duplicate refuses, the open one takes it", async () => {
  const w = await setup();
  await w.followUps.update(ID, (c) => applyAction(c, { kind: "close", reason: "duplicate" }, NOW));
  const answer = await w.deliver(booking("BOOKING_CREATED", "bk-4", { email: "jane@acme-mining.com" }));
  expect(answer.body).toEqual({ applied: true, state: "new" });
  expect((await w.followUps.get(EARLIER)).bookings?.map((b) => b.uid)).toEqual(["bk-4"]);
  expect(await w.followUps.leadOfBooking("bk-4")).toBe(EARLIER);
  expect((await w.followUps.get(ID)).state).toBe("closed");
});

test("a cancellation reaches the lead that holds the booking's uid, whoever the booker is", async () => {
  const w = await setup();
  await w.deliver(booking("BOOKING_CREATED", "bk-old", withReference));
  const answer = await w.deliver(
    booking("BOOKING_CANCELLED", "bk-old", { email: "other@elsewhere.example" }),
  );
  expect(answer.body).toEqual({ applied: true, state: "new" });
  expect((await w.followUps.get(ID)).bookings).toBeUndefined();
});

test("a stranger who knows the prospect's address cannot rewrite or cancel the booking made through the link", async () => {
  const w = await setup();
  await w.deliver(booking("BOOKING_CREATED", "bk-real", withReference));
  // Another spelling of the prospect's inbox, on Cal.com's public page, which verifies no address.
  const stranger = { email: "Jane+x@Acme-Mining.com", startTime: "2026-12-03T01:00:00.000Z" };
  expect((await w.deliver(booking("BOOKING_CREATED", "bk-fake", stranger))).body).toEqual({
    applied: true,
    state: "booked",
  });
  expect((await w.deliver(booking("BOOKING_CANCELLED", "bk-fake", stranger))).body).toEqual({
    applied: true,
    state: "booked",
  });
  // A cancellation of the real uid sent with the stranger's address is the only way to move it,
  // and it names the uid the stranger cannot know; guessing another uid changes nothing.
  expect((await w.deliver(booking("BOOKING_CANCELLED", "bk-guess", stranger))).body).toEqual({
    applied: false,
    reason: "no booking with that id is recorded",
  });
  expect(await w.followUps.get(ID)).toMatchObject({
    state: "booked",
    bookings: [{ uid: "bk-real", startTime: SLOT, via: "reference" }],
  });
});

test("a stranger's booking by inbox does not silence an unbooked lead's reminders", async () => {
  const w = await setup();
  await w.deliver(booking("BOOKING_CREATED", "bk-fake", { email: "jane+x@acme-mining.com" }));
  const followUp = await w.followUps.get(ID);
  expect(followUp.state).toBe("new");
  const lead = { receivedAt: RECEIVED, state: "sent" as const };
  const late = new Date(Date.parse(RECEIVED) + 21 * 3_600_000);
  expect(dueReminders(lead, followUp, late, TEST_CONFIG.followUp)).toEqual([
    "nudge",
    "escalation",
    "promise-at-risk",
  ]);
});

test("at most five unconfirmed bookings per lead: a sixth inbox match is logged, not applied; a referenced one still is", async () => {
  const w = await setup();
  await w.followUps.update(EARLIER, (c) => applyAction(c, { kind: "close", reason: "duplicate" }, NOW));
  for (const n of [1, 2, 3, 4, 5]) {
    const answer = await w.deliver(
      booking("BOOKING_CREATED", `bk-${n}`, { email: `jane+${n}@acme-mining.com` }),
    );
    expect(answer.body).toMatchObject({ applied: true });
  }
  const error = silenceConsole("error");
  const sixth = await w.deliver(booking("BOOKING_CREATED", "bk-6", { email: "jane@acme-mining.com" }));
  expect(sixth.body).toMatchObject({ applied: false });
  expect(error.mock.calls.map((args) => args.join(" ")).join("\n")).toContain("booking not applied");
  error.mockRestore();
  expect((await w.followUps.get(ID)).bookings).toHaveLength(5);
  expect(await w.followUps.leadOfBooking("bk-6")).toBeUndefined();
  // Strangers' bookings never crowd out the prospect's own, made through the sealed link.
  const real = await w.deliver(booking("BOOKING_CREATED", "bk-real", withReference));
  expect(real.body).toEqual({ applied: true, state: "booked" });
  expect(await w.followUps.leadOfBooking("bk-real")).toBe(ID);
});

test("a record written before bookings were kept by uid: its booking stays confirmed, a stranger cannot un-book it", async () => {
  const w = await setup();
  const legacy = {
    state: "booked" as const,
    bookedAt: NOW.toISOString(),
    booking: { uid: "bk-legacy", via: "email" as const, startTime: SLOT },
    beforeBooking: "new" as const,
  };
  await w.followUps.update(ID, () => ({ ok: true, followUp: legacy }));
  const answer = await w.deliver(booking("BOOKING_CREATED", "bk-fake", { email: "jane+x@acme-mining.com" }));
  expect(answer.body).toEqual({ applied: true, state: "booked" });
  expect(await w.followUps.get(ID)).toMatchObject({ state: "booked", bookedAt: NOW.toISOString() });
});

test("a booking recorded before uids were indexed is cancelled through its reference", async () => {
  const w = await setup();
  const legacy = {
    state: "booked" as const,
    bookedAt: NOW.toISOString(),
    booking: { uid: "bk-legacy", via: "reference" as const, startTime: SLOT },
    beforeBooking: "new" as const,
  };
  await w.followUps.update(ID, () => ({ ok: true, followUp: legacy }));
  expect((await w.deliver(booking("BOOKING_CANCELLED", "bk-other", withReference))).body).toMatchObject({
    applied: false,
  });
  expect((await w.deliver(booking("BOOKING_CANCELLED", "bk-legacy", withReference))).body).toEqual({
    applied: true,
    state: "new",
  });
});

test("the same event delivered twice at once keeps its uid entry", async () => {
  const w = await setup();
  const event = booking("BOOKING_CREATED", "bk-1", withReference);
  const answers = await Promise.all([w.deliver(event), w.deliver(event)]);
  expect(answers.map((a) => a.status)).toEqual([200, 200]);
  expect(await w.followUps.leadOfBooking("bk-1")).toBe(ID);
  await w.deliver(booking("BOOKING_CANCELLED", "bk-1", withReference));
  expect((await w.followUps.get(ID)).state).toBe("new");
});

test("a delivery retried after a store fault keeps its booking's match by reference", async () => {
  const w = await setup();
  const error = silenceConsole("error");
  const update = jest.spyOn(w.followUps, "update").mockRejectedValueOnce(new Error("blobs down"));
  const event = booking("BOOKING_CREATED", "bk-1", withReference);
  expect((await w.deliver(event)).status).toBe(503);
  update.mockRestore();
  expect(error.text()).toContain("BOOKING NOT APPLIED: the lead store did not answer");
  error.mockRestore();
  expect((await w.deliver(event)).body).toEqual({ applied: true, state: "booked" });
  expect((await w.followUps.get(ID)).bookings).toEqual([{ uid: "bk-1", startTime: SLOT, via: "reference" }]);
});

test("the channel notes of a booking matched by inbox only, and of its cancellation, say so", async () => {
  const sink = await startWebhookSink();
  try {
    const secret = `whsec_${Buffer.alloc(32, 9).toString("base64")}`;
    const w = await setup({ leadWebhook: { url: sink.url, format: "standard", secret, timeoutMs: 2000 } });
    await w.deliver(booking("BOOKING_CREATED", "bk-1", withReference));
    await w.deliver(booking("BOOKING_CREATED", "bk-fake", { email: "jane+x@acme-mining.com" }));
    await w.deliver(booking("BOOKING_CANCELLED", "bk-fake", { email: "jane+x@acme-mining.com" }));
    const details = (sink.deliveries() as { body: { data: { update: { detail: string } } } }[]).map(
      (note) => note.body.data.update.detail,
    );
    expect(details).toHaveLength(3);
    expect(details[0]).not.toContain(INBOX_ONLY_LABEL);
    // The slot in the team's zone (UTC here, named), never a raw ISO time.
    expect(details[1]).toContain(`Demo booked for ${localTime(SLOT)} (${INBOX_ONLY_LABEL})`);
    expect(details[2]).toContain(`Booking cancelled for ${localTime(SLOT)} (${INBOX_ONLY_LABEL})`);
    expect(details[1]).toContain("Thu 26 Nov 2026, 02:00 UTC");
  } finally {
    await sink.close();
  }
});

test("a reschedule found by the uid it replaces moves that booking, however it is matched", async () => {
  const w = await setup();
  await w.deliver(booking("BOOKING_CREATED", "bk-1", withReference));
  const moved = "2026-11-28T03:00:00.000Z";
  const answer = await w.deliver(
    booking("BOOKING_RESCHEDULED", "bk-2", {
      email: "other@elsewhere.example",
      rescheduleUid: "bk-1",
      startTime: moved,
    }),
  );
  expect(answer.body).toEqual({ applied: true, state: "booked" });
  expect((await w.followUps.get(ID)).bookings).toEqual([{ uid: "bk-2", startTime: moved, via: "reference" }]);
  expect(await w.followUps.leadOfBooking("bk-2")).toBe(ID);
});

test("an event that changed nothing is not remembered: a later correct delivery of it applies", async () => {
  const w = await setup();
  // The cancellation arrives before the booking it cancels (out of order).
  const cancel = booking("BOOKING_CANCELLED", "bk-1", withReference);
  expect((await w.deliver(cancel)).body).toMatchObject({ applied: false });
  await w.deliver(booking("BOOKING_CREATED", "bk-1", withReference));
  expect((await w.deliver(cancel)).body).toEqual({ applied: true, state: "new" });
});

test("an event without a readable createdAt is 400 and changes nothing", async () => {
  const w = await setup();
  const { createdAt: _dropped, ...missing } = booking("BOOKING_CREATED", "bk-1", withReference);
  expect((await w.deliver(missing)).status).toBe(400);
  expect((await w.deliver({ ...missing, createdAt: "yesterday" })).status).toBe(400);
  expect(await w.followUps.get(ID)).toEqual({ state: "new" });
});

test("a booking matched by inbox reads only the leads its inbox index names", async () => {
  const w = await setup();
  const read = jest.spyOn(w.leads, "get");
  const ids = jest.spyOn(w.leads, "ids");
  await w.deliver(booking("BOOKING_CREATED", "bk-2", { email: "jane@acme-mining.com" }));
  expect(ids).not.toHaveBeenCalled();
  expect(new Set(read.mock.calls.map(([id]) => id))).toEqual(new Set([ID, EARLIER]));
});

test("a lead of the inbox that fails its schema refuses the event; a store fault answers 503", async () => {
  const w = await setup();
  const malformed = new MalformedLeadError(ID);
  const error = silenceConsole("error");
  const get = jest.spyOn(w.leads, "get").mockRejectedValueOnce(malformed);
  const refused = await w.deliver(booking("BOOKING_CREATED", "bk-2", { email: "jane@acme-mining.com" }));
  expect(refused).toEqual({
    status: 200,
    body: { applied: false, reason: "a stored lead for this booking is unreadable" },
  });
  get.mockRejectedValueOnce(new Error("blobs down"));
  const down = await w.deliver(booking("BOOKING_CREATED", "bk-2", { email: "jane@acme-mining.com" }));
  expect(down).toEqual({ status: 503, body: { error: "Lead store unavailable" } });
  expect(error.mock.calls.map((args) => args.join(" ")).join("\n")).not.toContain("blobs down");
  error.mockRestore();
  expect((await w.followUps.get(ID)).bookings).toBeUndefined();
});

test("only the booker's inbox is matched: a guest the booker adds books nothing of theirs", async () => {
  const w = await setup();
  const event = {
    ...booking("BOOKING_CREATED", "bk-5", { email: "someone@elsewhere.example" }),
  };
  event.payload.attendees.push({ email: "jane@acme-mining.com", name: "Jane Driller" });
  const answer = await w.deliver(event);
  expect(answer.body).toEqual({ applied: false, reason: "no stored lead matches this booking" });
  expect((await w.followUps.get(ID)).state).toBe("new");
});

test("booked, then claimed, then cancelled: the lead is claimed by that person, not new with an owner", async () => {
  const w = await setup();
  await w.deliver(booking("BOOKING_CREATED", "bk-1", withReference));
  await w.followUps.update(ID, (c) => applyAction(c, { kind: "claim", owner: { name: "Ana Smith" } }, NOW));
  await w.deliver(booking("BOOKING_CANCELLED", "bk-1", withReference));
  expect(await w.followUps.get(ID)).toMatchObject({ state: "claimed", owner: { name: "Ana Smith" } });
  const second = await w.followUps.update(ID, (c) =>
    applyAction(c, { kind: "claim", owner: { name: "Ben" } }, NOW),
  );
  expect(second.changed).toBe(false);
});

test("another booking that does not replace the first is kept beside it, with its own 'how matched'", async () => {
  const w = await setup();
  await w.deliver(booking("BOOKING_CREATED", "bk-1", withReference));
  await w.deliver(
    booking("BOOKING_CREATED", "bk-6", {
      email: "jane@acme-mining.com",
      startTime: "2026-12-01T01:00:00.000Z",
    }),
  );
  expect((await w.followUps.get(ID)).bookings).toEqual([
    { uid: "bk-1", startTime: SLOT, via: "reference" },
    { uid: "bk-6", startTime: "2026-12-01T01:00:00.000Z", via: "email" },
  ]);
});

test("erasing a lead removes its bookings' uid entries and its inbox entry", async () => {
  const w = await setup();
  await w.deliver(booking("BOOKING_CREATED", "bk-1", withReference));
  await w.leads.remove(ID);
  expect(await w.followUps.leadOfBooking("bk-1")).toBeUndefined();
  expect(await w.leads.idsFromInbox(w.inboxKey)).toEqual([EARLIER]);
});

test("an event Cal.com created more than 7 days ago is not applied", async () => {
  const w = await setup();
  const old = { ...booking("BOOKING_CREATED", "bk-7", withReference), createdAt: "2026-11-10T00:00:00.000Z" };
  expect((await w.deliver(old)).body).toEqual({
    applied: false,
    reason: "the event is more than 7 days old",
  });
  expect((await w.followUps.get(ID)).state).toBe("new");
});

test("while follow-up is off, an event is answered 200 and not applied, and nothing is recorded", async () => {
  const w = await setup({ followUp: undefined });
  expect(await w.deliver(booking("BOOKING_CREATED", "bk-1", withReference))).toEqual({
    status: 200,
    body: { applied: false, reason: "follow-up is off: bookings are not recorded" },
  });
  expect(await w.followUps.get(ID)).toEqual({ state: "new" });
  expect(await w.followUps.leadOfBooking("bk-1")).toBeUndefined();
  expect(await w.blobs.keys("booking-events/")).toEqual([]);
  expect(w.mailer.sent).toEqual([]);
});
