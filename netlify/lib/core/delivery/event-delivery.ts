/**
 * Lead events, published once through the core and delivered to each subscribing add-on like a lead's channels
 * (docs/decisions/0044-durable-lead-events.md): a published event is recorded under `lead-events/<lead id>` with one
 * delivery state per subscriber, tried once at once, then by the retry job with its backoff until it is sent, refused
 * for good or a day old. An event is removed once every subscriber's state is settled; the key goes with the last.
 */
import { z } from "zod";
import type { AddOn, DeliveryContext } from "../add-on";
import { LEAD_EVENTS, type PublishedLeadEvent } from "../leads/lead-events";
import type { LeadRecord } from "../leads/lead-record";
import type { LeadStore } from "../leads/lead-store";
import { createBreaker, nextAttemptDelayMs, type Breaker } from "../../kit/jobs";
import { DamagedRecordError, readRecord, type JsonBlobs } from "../../kit/json-blobs";
import { errorName, logError, logInfo } from "../../kit/log";
import { keyOf, STORAGE } from "../../kit/storage";
import type { SendResult } from "./mailer";

const BREAKER_LIMIT = 3;
const WRITE_TRIES = 5;

const deliverySchema = z.object({
  state: z.enum(["pending", "sent", "failed"]),
  attempts: z.number().int().min(0),
  lastAttemptAt: z.iso.datetime().optional(),
  nextAttemptAt: z.iso.datetime().optional(),
  lastError: z.string().optional(),
});

const storedEventSchema = z.object({
  leadId: z.string().min(1),
  name: z.enum(LEAD_EVENTS),
  at: z.iso.datetime(),
  detail: z.string(),
  owner: z.string().optional(),
  deliveries: z.record(z.string(), deliverySchema),
});

const recordSchema = z.object({ events: z.array(storedEventSchema) });

type EventDelivery = z.infer<typeof deliverySchema>;
type StoredEvent = z.infer<typeof storedEventSchema>;
type Subscriber = NonNullable<AddOn["onLeadEvent"]>;

/** What publishing and the retry job need: the lead store's Blobs, the add-ons on, and the send context. */
export type EventContext = Pick<DeliveryContext, "config" | "retry" | "now" | "addOns"> & {
  blobs: JsonBlobs;
};

const sameEvent = (a: PublishedLeadEvent, b: PublishedLeadEvent) => a.name === b.name && a.at === b.at;
const isSettled = (event: StoredEvent) =>
  Object.values(event.deliveries).every((delivery) => delivery.state !== "pending");

function subscriberNamed(addOns: readonly AddOn[], name: string): Subscriber | undefined {
  return addOns.find((addOn) => addOn.onLeadEvent?.name === name)?.onLeadEvent;
}

/**
 * Applies `change` to lead `leadId`'s stored events by a conditional write, again when another write came first;
 * deletes the key when no event is left. Throws on a store fault or a damaged record.
 */
async function changeEvents(
  blobs: JsonBlobs,
  leadId: string,
  change: (events: StoredEvent[]) => StoredEvent[],
): Promise<void> {
  const key = keyOf("leadEvents", leadId);
  for (let tries = 0; tries < WRITE_TRIES; tries += 1) {
    const read = await readRecord(blobs, key, recordSchema);
    if ("damaged" in read) throw new DamagedRecordError(key);
    const found = "found" in read;
    const current = found ? read.found.events : [];
    const next = change(current);
    if (next === current) return;
    if (next.length === 0) {
      if (found) await blobs.delete(key);
      return;
    }
    const condition = !found
      ? { onlyIfNew: true as const }
      : read.etag
        ? { onlyIfMatch: read.etag }
        : undefined;
    if (await blobs.setJSON(key, { events: next }, condition)) return;
  }
  throw new Error("lead events kept changing while written");
}

/**
 * Records `outcomes` (by subscriber) on `event`, removing it once settled. An event no longer stored (its record
 * was emptied and deleted meanwhile) is written back while a subscriber still waits for it.
 */
function recordOutcomes(blobs: JsonBlobs, event: StoredEvent, outcomes: Record<string, EventDelivery>) {
  return changeEvents(blobs, event.leadId, (events) => {
    const stored = events.find((other) => sameEvent(other, event));
    const base = stored ?? event;
    const updated = { ...base, deliveries: { ...base.deliveries, ...outcomes } };
    if (!stored) return isSettled(updated) ? events : [...events, updated];
    return isSettled(updated)
      ? events.filter((other) => other !== stored)
      : events.map((other) => (other === stored ? updated : other));
  });
}

/** One attempt of `subscriber` on `event`; never throws. */
async function attempt(
  subscriber: Subscriber,
  event: StoredEvent,
  lead: LeadRecord,
  context: EventContext,
): Promise<SendResult & { attempts?: number }> {
  const { leadId, name, at, detail, owner } = event;
  const published: PublishedLeadEvent = { leadId, name, at, detail, ...(owner ? { owner } : {}) };
  try {
    return await subscriber.deliver(published, lead, context);
  } catch (error) {
    return { status: "retryable", error: `delivery threw ${errorName(error)}` };
  }
}

/** The delivery state after `result` at `at`: sent, failed for good, or pending until its backoff ends. */
function afterAttempt(
  delivery: EventDelivery,
  result: SendResult & { attempts?: number },
  at: Date,
): EventDelivery {
  const attempts = delivery.attempts + (result.attempts ?? 1);
  const lastAttemptAt = at.toISOString();
  if (result.status === "sent") return { state: "sent", attempts, lastAttemptAt };
  if (result.status === "permanent")
    return { state: "failed", attempts, lastAttemptAt, lastError: result.error };
  const nextAttemptAt = new Date(at.getTime() + nextAttemptDelayMs(attempts)).toISOString();
  return { state: "pending", attempts, lastAttemptAt, nextAttemptAt, lastError: result.error };
}

/**
 * Publishes `event` about `lead` (docs/decisions/0044-durable-lead-events.md): records it under `lead-events/<id>`
 * with a pending state for each add-on whose `onLeadEvent` names it, then tries each once and records the outcome.
 * Nothing is written when no add-on subscribes, and nothing tried for an event already recorded. Meant to run after
 * the answer; never throws: a record that cannot be written is logged, and the event is still tried once.
 */
export async function publishLeadEvent(
  event: PublishedLeadEvent,
  lead: LeadRecord,
  context: EventContext,
): Promise<void> {
  const subscribers = context.addOns.flatMap((addOn) =>
    addOn.onLeadEvent?.events.includes(event.name) ? [addOn.onLeadEvent] : [],
  );
  if (subscribers.length === 0) return;
  const fields = { requestId: event.leadId, event: event.name };
  const pending: EventDelivery = { state: "pending", attempts: 0 };
  const stored: StoredEvent = {
    ...event,
    deliveries: Object.fromEntries(subscribers.map((subscriber) => [subscriber.name, pending])),
  };
  let published = true;
  await changeEvents(context.blobs, event.leadId, (events) => {
    published = !events.some((other) => sameEvent(other, stored));
    return published ? [...events, stored] : events;
  }).catch((error: unknown) =>
    logError("lead event not recorded; tried once without retries", { ...fields, reason: errorName(error) }),
  );
  // The same event published twice is delivered by the states recorded the first time.
  if (!published) return;
  const outcomes = await Promise.all(
    subscribers.map(async (subscriber) => {
      const result = await attempt(subscriber, stored, lead, context);
      return [subscriber.name, afterAttempt(pending, result, context.now())] as const;
    }),
  );
  await recordOutcomes(context.blobs, stored, Object.fromEntries(outcomes)).catch((error: unknown) =>
    logError("lead event's outcome not recorded", { ...fields, reason: errorName(error) }),
  );
}

/** Counts of one run's deliveries: sent, given up (refused or too old), still waiting. */
type EventRun = { sent: number; failed: number; waiting: number };

interface RetryEventOptions extends EventContext {
  store: Pick<LeadStore, "get">;
  /** How long an event's deliveries are tried, from its `at`. */
  maxAgeMs: number;
  /** How long a never-tried delivery is left to its publisher, which may still be sending. */
  graceMs: number;
  ignoreBackoff: boolean;
}

/** Delivers lead `leadId`'s due events; removes the record of a lead no longer stored. Throws on a store fault. */
async function retryEventsOf(
  leadId: string,
  options: RetryEventOptions,
  breakerOf: (name: string) => Breaker,
  run: EventRun,
): Promise<void> {
  const { blobs, now } = options;
  const read = await readRecord(blobs, keyOf("leadEvents", leadId), recordSchema);
  if (!("found" in read)) return;
  const lead = await options.store.get(leadId);
  if (!lead) {
    await blobs.delete(keyOf("leadEvents", leadId));
    logInfo("lead events without a stored lead removed", { requestId: leadId });
    return;
  }
  for (const event of read.found.events) {
    const outcomes: Record<string, EventDelivery> = {};
    for (const [name, delivery] of Object.entries(event.deliveries)) {
      if (delivery.state !== "pending") continue;
      const at = now();
      if (at.getTime() - Date.parse(event.at) > options.maxAgeMs) {
        outcomes[name] = { ...delivery, state: "failed" };
        run.failed += 1;
        logError("LEAD EVENT FAILED: not delivered for a day; given up", {
          requestId: leadId,
          event: event.name,
          subscriber: name,
          attempts: delivery.attempts,
          lastError: delivery.lastError,
        });
        continue;
      }
      const subscriber = subscriberNamed(options.addOns, name);
      const due = delivery.lastAttemptAt
        ? options.ignoreBackoff ||
          at.getTime() >= Date.parse(delivery.nextAttemptAt ?? delivery.lastAttemptAt)
        : at.getTime() - Date.parse(event.at) >= options.graceMs;
      if (!subscriber || !due || !breakerOf(name).allows()) {
        run.waiting += 1;
        continue;
      }
      const result = await attempt(subscriber, event, lead, options);
      breakerOf(name).record(result);
      outcomes[name] = afterAttempt(delivery, result, now());
      if (outcomes[name].state === "sent") run.sent += 1;
      else if (outcomes[name].state === "failed") run.failed += 1;
      else run.waiting += 1;
    }
    if (Object.keys(outcomes).length > 0) await recordOutcomes(blobs, event, outcomes);
  }
}

/**
 * The retry job's pass over stored lead events (docs/decisions/0044-durable-lead-events.md): each pending delivery
 * that is due goes to its subscriber once more, with one breaker per subscriber; one past `maxAgeMs` is given up
 * and logged by lead id. One lead's fault is logged and the others go on; only a failed listing throws.
 */
export async function retryLeadEvents(options: RetryEventOptions): Promise<EventRun> {
  const prefix = STORAGE.leadEvents.prefix;
  const ids = (await options.blobs.keys(prefix)).map((key) => key.slice(prefix.length));
  const breakers = new Map<string, Breaker>();
  const breakerOf = (name: string) => {
    const breaker = breakers.get(name) ?? createBreaker({ failures: BREAKER_LIMIT });
    breakers.set(name, breaker);
    return breaker;
  };
  const run: EventRun = { sent: 0, failed: 0, waiting: 0 };
  for (const leadId of ids) {
    await retryEventsOf(leadId, options, breakerOf, run).catch((error: unknown) =>
      logError("lead events of one lead not retried; the others go on", {
        requestId: leadId,
        reason: errorName(error),
      }),
    );
  }
  return run;
}
