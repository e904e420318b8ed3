/**
 * The retry job, delivering every unsettled lead (docs/decisions/0019-lead-path.md). An attempt without a recorded
 * outcome is sent again for the team's channels and never for the prospect's confirmation, which becomes `unconfirmed`
 * (docs/decisions/0039-work-after-the-answer.md); each channel backs off and has its own breaker. Every clock runs
 * from `promiseStart`: a lead released from spam is as new as its release. Then the lead events still due
 * (docs/decisions/0044-durable-lead-events.md).
 */
import type { ServerConfig } from "../config";
import type { AddOn, DeliveryChannel } from "../add-on";
import { channelsOf, deliverInBatches, deliverLead } from "./deliver";
import type { JsonBlobs } from "../../kit/json-blobs";
import {
  promiseStart,
  readEach,
  withDelivery,
  type ChannelName,
  type LeadRecord,
} from "../leads/lead-record";
import { LeadRecorder, type LeadStore } from "../leads/lead-store";
import { createBreaker, mapInBatches, nextAttemptDelayMs, type Breaker } from "../../kit/jobs";
import { errorName, logError, logInfo, logInfoOnce } from "../../kit/log";
import type { Mailer, RetryOptions } from "./mailer";
import { reportMalformedLead } from "./alert";
import { retryLeadEvents } from "./event-delivery";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const BREAKER_LIMIT = 3;

/** How long a lead with an unrecorded attempt is left alone: its request may still be sending (10 s at most). */
export const IN_FLIGHT_GRACE_MS = 2 * MINUTE;

/** Removes markers whose lead was never written (its create failed), once past the grace. */
async function removeOrphanMarkers(store: LeadStore, ids: string[], readAt: number): Promise<void> {
  const unchecked = await mapInBatches(ids, async (id) => {
    const since = await store.pendingSince(id);
    if (since && readAt - Date.parse(since) >= IN_FLIGHT_GRACE_MS) {
      await store.settle(id);
      logInfo("pending marker without a stored lead removed", { requestId: id });
    }
  });
  for (const { item, error } of unchecked.failed) {
    logError("pending marker not checked", { requestId: item, reason: errorName(error) });
  }
}

/**
 * Brings in-doubt and over-age channels to their next state, and skips those of a plugin no longer loaded (`loaded`
 * holds the channels on), so the lead settles; false when the lead must be left this run. A repeat of the sales
 * e-mail costs the team a duplicate at worst; of another channel, what it says (`resendInDoubt`).
 */
function prepare(
  recorder: LeadRecorder,
  loaded: ReadonlyMap<ChannelName, DeliveryChannel>,
  { readAt, now, maxAgeMs }: { readAt: number; now: number; maxAgeMs: number },
): boolean {
  const lead = recorder.lead;
  const start = Date.parse(promiseStart(lead));
  const sales = lead.deliveries.sales;
  if (sales.state === "pending" && !sales.lastAttemptAt && readAt - start < IN_FLIGHT_GRACE_MS) return false;
  for (const channel of Object.keys(lead.deliveries)) {
    if (channel !== "sales" && !loaded.has(channel) && lead.deliveries[channel].state === "pending") {
      logInfoOnce(`${channel} off: its pending deliveries are skipped`);
      recorder.change(
        withDelivery(recorder.lead, channel, { state: "skipped", lastError: `${channel} is off` }),
      );
      continue;
    }
    const inDoubt = recorder.lead.deliveries[channel];
    if (inDoubt.state === "sending") {
      const started = inDoubt.lastAttemptAt ? Date.parse(inDoubt.lastAttemptAt) : start;
      if (readAt - started < IN_FLIGHT_GRACE_MS) return false;
      const again = channel === "sales" || loaded.get(channel)?.resendInDoubt === true;
      const what = again ? "sent again" : "not sent again";
      const lastError = `an attempt's outcome was never recorded; ${what}`;
      const next = again ? { state: "pending" as const, inDoubt: true } : { state: "unconfirmed" as const };
      recorder.change(withDelivery(recorder.lead, channel, { ...next, lastError }));
      logError(`delivery outcome unknown; ${what}`, { requestId: lead.id, channel });
    }
    const delivery = recorder.lead.deliveries[channel];
    if (delivery.state === "pending" && now - start > (loaded.get(channel)?.giveUpAfterMs ?? maxAgeMs)) {
      recorder.change(
        withDelivery(recorder.lead, channel, { state: "failed", lastError: delivery.lastError }),
      );
      if (channel === "sales") {
        logError("LEAD FAILED: sales e-mail not accepted for a day; contact this prospect by hand", {
          requestId: lead.id,
          attempts: delivery.attempts,
          lastError: delivery.lastError,
        });
      }
    }
  }
  return true;
}

/** Runs the job once over every lead with a pending marker. Only a failed listing throws. */
export async function retryPendingLeads(options: {
  store: LeadStore;
  mailer: Mailer;
  config: ServerConfig;
  addOns: readonly AddOn[];
  now?: () => Date;
  maxAgeMs?: number;
  ignoreBackoff?: boolean;
  retry?: RetryOptions;
  malformedNotes?: JsonBlobs;
  /** The lead store's Blobs: with it, the run also delivers the lead events that are due (`retryLeadEvents`). */
  leadEvents?: JsonBlobs;
}) {
  const { store, mailer, config, now = () => new Date(), maxAgeMs = DAY, ignoreBackoff = false } = options;
  // The grace is judged at read time, however late a slow run reaches the lead.
  const readAt = now().getTime();
  const { records: leads, missing, malformed, unreadable } = await readEach(store, await store.pendingIds());
  if (unreadable.length > 0) {
    logError("stored demo requests unreadable; skipped this run", {
      count: unreadable.length,
      requestIds: unreadable.slice(0, 5).join(","),
    });
  }
  await removeOrphanMarkers(store, missing, readAt);
  const blobs = options.malformedNotes;
  const alerts = blobs ? { blobs, mailer, config, retry: options.retry, now } : undefined;
  for (const id of malformed) await reportMalformedLead(id, "the retry job", alerts);
  leads.sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));

  // One breaker per channel: a failing webhook never stops the e-mails, nor the reverse.
  const loaded = channelsOf(options.addOns).byName;
  const breakers: Record<ChannelName, Breaker> = Object.fromEntries(
    ["sales", ...loaded.keys()].map((channel) => [channel, createBreaker({ failures: BREAKER_LIMIT })]),
  );
  const context = { config, mailer, addOns: options.addOns, retry: options.retry, now };
  const due = (channel: ChannelName, delivery: LeadRecord["deliveries"][ChannelName]) =>
    breakers[channel].allows() &&
    (ignoreBackoff ||
      now().getTime() - Date.parse(delivery.lastAttemptAt ?? "1970-01-01T00:00:00Z") >=
        nextAttemptDelayMs(delivery.attempts));
  // A batch channel's due leads wait for one call per batch, after every lead's other channels.
  const batched = channelsOf(options.addOns).batch;
  const backlog = new Map(batched.map((channel) => [channel.name, [] as LeadRecorder[]]));
  const result = { sent: 0, failed: 0, waiting: 0 };
  const counted: [LeadRecord, LeadRecorder][] = [];
  for (const lead of leads) {
    const recorder = new LeadRecorder(store, lead);
    counted.push([lead, recorder]);
    const dueAlone = (channel: ChannelName, delivery: LeadRecord["deliveries"][ChannelName]) => {
      const queue = backlog.get(channel);
      if (queue && due(channel, delivery)) queue.push(recorder);
      return !queue && due(channel, delivery);
    };
    try {
      if (prepare(recorder, loaded, { readAt, now: now().getTime(), maxAgeMs })) {
        await deliverLead(recorder, context, {
          due: dueAlone,
          onResult: (channel, result) => breakers[channel].record(result),
          sendgridDown: () => !breakers.sales.allows(),
        });
      }
    } catch (error) {
      logError("retry of one demo request failed; the others go on", {
        requestId: lead.id,
        reason: errorName(error),
      });
    }
  }
  for (const channel of batched) {
    const breaker = breakers[channel.name];
    await deliverInBatches(backlog.get(channel.name) ?? [], channel, context, {
      allows: () => breaker.allows(),
      onResult: (sent) => breaker.record(sent),
    });
  }
  for (const [lead, recorder] of counted) {
    const after = recorder.lead.state;
    if (after === "sent" && lead.state !== "sent") result.sent += 1;
    else if (lead.state === "pending" && (after === "failed" || after === "unconfirmed")) result.failed += 1;
    else if (after === "pending") result.waiting += 1;
  }
  if (options.leadEvents) {
    const events = { ...context, blobs: options.leadEvents, store, maxAgeMs, ignoreBackoff };
    try {
      const run = await retryLeadEvents({ ...events, graceMs: IN_FLIGHT_GRACE_MS });
      if (run.sent + run.failed > 0) logInfo("lead events retried", run);
    } catch (error) {
      logError("lead events not listed; the next run tries again", { reason: errorName(error) });
    }
  }
  return result;
}
