/**
 * @jest-environment node
 */
// Lead events (docs/decisions/0044-durable-lead-events.md): published once through the core, recorded with a
// delivery state per subscribing add-on, tried at once, then by the retry job with backoff until sent, refused or a
// day old; each subscriber gets an event once; a subscriber turned on later gets none of the past; an event goes
// with its lead.
import type { AddOn } from "../../../../netlify/lib/core/add-on";
import type { SendResult } from "../../../../netlify/lib/core/delivery/mailer";
import { publishLeadEvent, retryLeadEvents } from "../../../../netlify/lib/core/delivery/event-delivery";
import type { PublishedLeadEvent } from "../../../../netlify/lib/core/leads/lead-events";
import { createBlobLeadStore } from "../../../../netlify/lib/core/leads/lead-store";
import { jsonBlobsOver } from "../../../../netlify/lib/kit/json-blobs";
import { erasureStore } from "../../../../netlify/lib/add-ons/privacy/lead-erasure";
import { PLUGINS } from "../../../../netlify/lib/compose";
import { keyOf } from "../../../../netlify/lib/kit/storage";
import { leadRecord, TEST_CONFIG } from "../../../helpers/function-harness";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";
import { startBlobsServer } from "../../../helpers/blobs-server";
import { silenceConsole } from "../../../helpers/console";

const AT = new Date("2025-01-01T11:00:00.000Z");
const minutes = (n: number) => new Date(AT.getTime() + n * 60_000);
const DOWN: SendResult = { status: "retryable", error: "Webhook answered 503", code: 503 };

/** An add-on taking `events`, answering each call with the next of `answers` (the last one repeats). */
function subscriber(name: string, answers: SendResult[], events: PublishedLeadEvent["name"][] = ["claimed"]) {
  const calls: { event: PublishedLeadEvent; leadId: string }[] = [];
  const addOn: AddOn = {
    name,
    onLeadEvent: {
      name,
      events,
      deliver: async (event, lead) => {
        calls.push({ event, leadId: lead.id });
        return answers[Math.min(calls.length - 1, answers.length - 1)];
      },
    },
  };
  return { addOn, calls };
}

const event = (leadId = "l1", name: PublishedLeadEvent["name"] = "claimed"): PublishedLeadEvent => ({
  leadId,
  name,
  at: AT.toISOString(),
  detail: "Claimed by Ana Smith, 5 min after arrival: Jane Driller (Acme Mining)",
  owner: "Ana Smith",
});

async function setup() {
  const blobs = createMemoryBlobs();
  const store = createMemoryLeadStore();
  await store.create(leadRecord("l1", "sent"));
  await store.settle("l1");
  const context = (addOns: AddOn[], at: Date) => ({ config: TEST_CONFIG, addOns, blobs, now: () => at });
  const job = (addOns: AddOn[], at: Date, maxAgeMs = 24 * 60 * 60_000) =>
    retryLeadEvents({ ...context(addOns, at), store, maxAgeMs, graceMs: 2 * 60_000, ignoreBackoff: false });
  const stored = () =>
    blobs.entries.get(keyOf("leadEvents", "l1"))?.data as
      { events: { deliveries: Record<string, { state: string; attempts: number }> }[] } | undefined;
  const lead = (await store.get("l1"))!;
  return { blobs, store, lead, context, job, stored };
}

test("an event is delivered once to each subscriber: never again after success, retried only where it failed", async () => {
  const { lead, context, job, stored } = await setup();
  const webhook = subscriber("webhook", [{ status: "sent" }]);
  const crm = subscriber("crm", [DOWN, { status: "sent" }]);
  const other = subscriber("other", [{ status: "sent" }], ["booked"]);
  const addOns = [webhook.addOn, crm.addOn, other.addOn];
  await publishLeadEvent(event(), lead, context(addOns, AT));
  expect(webhook.calls).toEqual([{ event: event(), leadId: "l1" }]);
  expect(crm.calls).toHaveLength(1);
  expect(other.calls).toEqual([]);
  expect(stored()?.events[0].deliveries).toEqual({
    webhook: { state: "sent", attempts: 1, lastAttemptAt: AT.toISOString() },
    crm: {
      state: "pending",
      attempts: 1,
      lastAttemptAt: AT.toISOString(),
      nextAttemptAt: minutes(1).toISOString(),
      lastError: "Webhook answered 503",
    },
  });

  // Publishing the same event again adds nothing.
  await publishLeadEvent(event(), lead, context([crm.addOn], AT));
  expect(stored()?.events).toHaveLength(1);
  expect(crm.calls).toHaveLength(1);

  expect(await job(addOns, minutes(5))).toEqual({ sent: 1, failed: 0, waiting: 0 });
  expect(webhook.calls).toHaveLength(1);
  expect(crm.calls).toEqual([
    { event: event(), leadId: "l1" },
    { event: event(), leadId: "l1" },
  ]);
  expect(stored()).toBeUndefined();
  expect(await job(addOns, minutes(10))).toEqual({ sent: 0, failed: 0, waiting: 0 });
  expect(webhook.calls).toHaveLength(1);
  expect(crm.calls).toHaveLength(2);
});

test("the job waits out each backoff, and gives a subscriber turned on later nothing of the past", async () => {
  const { lead, context, job, stored } = await setup();
  const crm = subscriber("crm", [DOWN]);
  const later = subscriber("later", [{ status: "sent" }]);
  await publishLeadEvent(event(), lead, context([crm.addOn], AT));
  expect(crm.calls).toHaveLength(1);
  // The backoff after one failed attempt is a minute; after two, two minutes.
  expect(await job([crm.addOn, later.addOn], minutes(0.5))).toEqual({ sent: 0, failed: 0, waiting: 1 });
  expect(await job([crm.addOn, later.addOn], minutes(1))).toEqual({ sent: 0, failed: 0, waiting: 1 });
  expect(crm.calls).toHaveLength(2);
  expect(await job([crm.addOn, later.addOn], minutes(2.5))).toEqual({ sent: 0, failed: 0, waiting: 1 });
  expect(crm.calls).toHaveLength(2);
  expect(later.calls).toEqual([]);
  expect(Object.keys(stored()!.events[0].deliveries)).toEqual(["crm"]);
});

test("a delivery its publisher never tried (it stopped before its outcome was written) waits out the grace", async () => {
  const { blobs, job } = await setup();
  const crm = subscriber("crm", [{ status: "sent" }]);
  const untried = { ...event(), deliveries: { crm: { state: "pending", attempts: 0 } } };
  await blobs.setJSON(keyOf("leadEvents", "l1"), { events: [untried] });
  expect(await job([crm.addOn], minutes(1))).toEqual({ sent: 0, failed: 0, waiting: 1 });
  expect(crm.calls).toEqual([]);
  expect(await job([crm.addOn], minutes(2))).toEqual({ sent: 1, failed: 0, waiting: 0 });
  expect(crm.calls).toHaveLength(1);
});

test("a delivery still failing after a day is given up, logged by lead id without personal data, and removed", async () => {
  const errors = silenceConsole("error");
  const { lead, context, job, stored } = await setup();
  const crm = subscriber("crm", [DOWN]);
  await publishLeadEvent(event(), lead, context([crm.addOn], AT));
  expect(await job([crm.addOn], minutes(24 * 60 + 1))).toEqual({ sent: 0, failed: 1, waiting: 0 });
  expect(crm.calls).toHaveLength(1);
  expect(stored()).toBeUndefined();
  const logged = errors.text();
  expect(logged).toContain('LEAD EVENT FAILED: not delivered for a day; given up {"requestId":"l1"');
  expect(logged).not.toMatch(/Jane|Acme|Ana Smith/);
});

test("a refused delivery is not retried; the events of a lead no longer stored are removed by the job", async () => {
  const { blobs, store, lead, context, job, stored } = await setup();
  const refusing = subscriber("crm", [{ status: "permanent", error: "Webhook answered 410", code: 410 }]);
  await publishLeadEvent(event(), lead, context([refusing.addOn], AT));
  expect(stored()).toBeUndefined();

  const down = subscriber("crm", [DOWN]);
  await publishLeadEvent(event(), lead, context([down.addOn], AT));
  expect(stored()).toBeDefined();
  await store.remove("l1");
  expect(await job([down.addOn], minutes(5))).toEqual({ sent: 0, failed: 0, waiting: 0 });
  expect(down.calls).toHaveLength(1);
  expect([...blobs.entries.keys()]).not.toContain(keyOf("leadEvents", "l1"));
});

test("erasing a lead removes its events, and so does retention (LeadStore.remove)", async () => {
  const server = await startBlobsServer();
  try {
    const raw = server.open("lead-events-with-lead");
    const blobs = jsonBlobsOver(raw);
    const leads = createBlobLeadStore(raw);
    const crm = subscriber("crm", [DOWN]);
    for (const id of ["kept", "erased", "retained"]) {
      await leads.create(leadRecord(id, "sent"));
      const lead = (await leads.get(id))!;
      await publishLeadEvent(event(id), lead, {
        config: TEST_CONFIG,
        addOns: [crm.addOn],
        blobs,
        now: () => AT,
      });
    }
    const eventKeys = async () =>
      (await raw.list()).blobs.map((b) => b.key).filter((k) => k.includes("events"));
    expect(await eventKeys()).toEqual(["erased", "kept", "retained"].map((id) => keyOf("leadEvents", id)));
    await erasureStore(leads, blobs, PLUGINS).remove("erased");
    await leads.remove("retained");
    expect(await eventKeys()).toEqual([keyOf("leadEvents", "kept")]);
  } finally {
    server.close();
  }
});
