/**
 * @jest-environment node
 */
// A booking marks the lead booked (docs/requirements.md#closing-the-loop,
// docs/decisions/0030-slack-and-booking-loop.md): Cal.com's signature, the three events, matching by
// the booking link's sealed reference then by the prospect's inbox, an unmatched booking, and each
// event applied once.
import { bookingReference, leadIdFromReference } from "../../../netlify/lib/booking/booking-reference";
import { dueReminders } from "../../../netlify/lib/follow-up/reminders";
import { calSignature } from "../../../netlify/lib/inbound/cal-signature";
import { createBookingWebhookHandler } from "../../../netlify/lib/inbound/booking-webhook";
import { applyAction } from "../../../netlify/lib/leads/follow-up-record";
import { createFollowUpStore } from "../../../netlify/lib/leads/follow-up-store";
import { newLead } from "../../../netlify/lib/leads/lead-record";
import { TEST_CONFIG, VALID } from "../../helpers/function-harness";
import { createMemoryBlobs } from "../../helpers/memory-blobs";
import { createMemoryLeadStore } from "../../helpers/memory-lead-store";

const SECRET = "cal-webhook-secret-for-tests-0123";
const ID = "5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b";
const EARLIER = "6a0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b";
const RECEIVED = "2026-11-24T01:00:00.000Z";
const NOW = new Date("2026-11-24T01:20:00.000Z");
const SLOT = "2026-11-26T02:00:00.000Z";

async function setup() {
  const blobs = createMemoryBlobs();
  const followUps = createFollowUpStore(blobs);
  const leads = createMemoryLeadStore({ followUps });
  await leads.create({
    ...newLead(EARLIER, { ...VALID }, new Date("2026-11-20T01:00:00.000Z")),
    state: "sent",
  });
  await leads.create({ ...newLead(ID, { ...VALID }, new Date(RECEIVED)), state: "sent" });
  let now = NOW;
  const handle = createBookingWebhookHandler({
    getConfig: () => ({ ok: true, config: { ...TEST_CONFIG, calWebhookSecret: SECRET } }),
    getStore: () => leads,
    getFollowUps: () => followUps,
    getEvents: () => blobs,
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
  return { leads, followUps, blobs, deliver, setNow: (at: Date) => (now = at) };
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
    booking: { uid: "bk-1", startTime: SLOT, via: "reference" },
    beforeBooking: "new",
  });
  expect(await w.followUps.markerIds("unclaimed")).toEqual([EARLIER]);
  expect((await w.followUps.get(EARLIER)).state).toBe("new");
});

test("without a reference (the confirmation e-mail's plain link) the prospect's inbox finds the latest lead", async () => {
  const w = await setup();
  const answer = await w.deliver(booking("BOOKING_CREATED", "bk-2", { email: "jane+demo@acme-mining.com" }));
  expect(answer.body).toEqual({ applied: true, state: "booked" });
  expect((await w.followUps.get(ID)).booking).toEqual({ uid: "bk-2", startTime: SLOT, via: "email" });
  expect((await w.followUps.get(EARLIER)).state).toBe("new");
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
  expect((await w.followUps.get(ID)).booking).toEqual({ uid: "bk-3", startTime: moved, via: "reference" });

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
  expect(after.booking).toBeUndefined();
  expect(await w.followUps.markerIds("claimed")).toEqual([ID]);
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
  const error = jest.spyOn(console, "error").mockImplementation(() => undefined);
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
  expect((await w.followUps.get(ID)).booking).toEqual({ uid: "bk-2", startTime: SLOT, via: "reference" });
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

test("by inbox, the lead the event changes: a newer lead closed as a duplicate refuses, the open one is booked", async () => {
  const w = await setup();
  await w.followUps.update(ID, (c) => applyAction(c, { kind: "close", reason: "duplicate" }, NOW));
  const answer = await w.deliver(booking("BOOKING_CREATED", "bk-4", { email: "jane@acme-mining.com" }));
  expect(answer.body).toEqual({ applied: true, state: "booked" });
  expect((await w.followUps.get(EARLIER)).booking?.uid).toBe("bk-4");
  expect((await w.followUps.get(ID)).state).toBe("closed");
});

test("a cancellation matched by inbox reaches the lead that holds the booking, not merely the latest", async () => {
  const w = await setup();
  await w.followUps.update(EARLIER, (c) =>
    applyAction(c, { kind: "booked", booking: { uid: "bk-old", via: "email" } }, NOW),
  );
  const answer = await w.deliver(booking("BOOKING_CANCELLED", "bk-old", { email: "jane@acme-mining.com" }));
  expect(answer.body).toEqual({ applied: true, state: "new" });
  expect((await w.followUps.get(EARLIER)).booking).toBeUndefined();
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

test("another booking that does not replace the first takes its own 'how matched'", async () => {
  const w = await setup();
  await w.deliver(booking("BOOKING_CREATED", "bk-1", withReference));
  await w.deliver(
    booking("BOOKING_CREATED", "bk-6", {
      email: "jane@acme-mining.com",
      startTime: "2026-12-01T01:00:00.000Z",
    }),
  );
  expect((await w.followUps.get(ID)).booking).toEqual({
    uid: "bk-6",
    startTime: "2026-12-01T01:00:00.000Z",
    via: "email",
  });
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
