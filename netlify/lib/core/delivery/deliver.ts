/**
 * Delivers a stored lead (docs/decisions/0019-lead-path.md), for the request handler and the retry job alike:
 * the sales e-mail then the confirmation (netlify/lib/core/delivery/sales-email.ts,
 * netlify/lib/add-ons/confirmation/confirmation.ts) and, at the same time, the lead webhook
 * (netlify/lib/add-ons/webhook/webhook-channel.ts, decision 0022), so a slow or failing SendGrid never
 * delays the webhook nor the reverse; then the alert a lead that was not delivered needs
 * (netlify/lib/core/delivery/alert.ts), then its pending marker goes once it is settled. Every attempt is recorded
 * (state `sending`) before it is sent and its outcome after; what cannot be recorded is not sent. Decision
 * record: docs/decisions/0019-lead-path.md.
 */
import { alertIfDue, alertNotice } from "./alert";
import type { ChannelResult, DeliveryChannel, DeliveryContext } from "./delivery-channel";
import {
  isSettled,
  withDelivery,
  type ChannelName,
  type Delivery,
  type LeadRecord,
} from "../leads/lead-record";
import type { LeadRecorder } from "../leads/lead-recorder";
import { errorName, logError } from "../../kit/log";
import type { SendResult } from "./send-result";
import { salesEmail } from "./sales-email";
import type { AddOn } from "../add-on";

/**
 * The channels as they run: each lane in order (the confirmation waits for the sales e-mail),
 * the lanes side by side (the webhook depends on no e-mail).
 */
export function deliveryLanes(addOns: readonly AddOn[]): DeliveryChannel[][] {
  const channels = addOns.flatMap((addOn) => (addOn.channel ? [addOn.channel] : []));
  const after = channels.filter((c) => c.lane === "after-sales").map((c) => c.channel);
  const beside = channels.filter((c) => c.lane === "beside").map((c) => [c.channel]);
  return [[salesEmail, ...after], ...beside];
}

export interface DeliverOptions {
  /** Whether a pending channel may send now (the job's backoff and breaker); default yes. */
  due?: (channel: ChannelName, delivery: Delivery) => boolean;
  /** Told of every send's result (the job's breaker). */
  onResult?: (channel: ChannelName, result: SendResult) => void;
  /** SendGrid is known to be down: the alert goes to the log at once. */
  sendgridDown?: () => boolean;
}

/** `delivery` after a send that gave `result`, started at `delivery.lastAttemptAt`. */
function afterSend(delivery: Delivery, result: ChannelResult, at: Date): Partial<Delivery> {
  if (result.status === "skipped") return { state: "skipped", lastError: result.reason };
  const attempts = delivery.attempts + result.attempts;
  if (result.status === "sent")
    return { state: "sent", attempts, sentAt: at.toISOString(), lastError: undefined };
  return { state: result.status === "permanent" ? "failed" : "pending", attempts, lastError: result.error };
}

async function runChannel(
  recorder: LeadRecorder,
  channel: DeliveryChannel,
  context: DeliveryContext,
  options: DeliverOptions,
): Promise<SendResult | undefined> {
  const delivery = recorder.lead.deliveries[channel.name];
  if (delivery.state !== "pending") return undefined;
  const plan = channel.plan(recorder.lead, context);
  if (plan === "wait") return undefined;
  if (plan !== "send") {
    recorder.change(withDelivery(recorder.lead, channel.name, { state: "skipped", lastError: plan.skip }));
    return undefined;
  }
  if (options.due && !options.due(channel.name, delivery)) return undefined;
  const started = context.now().toISOString();
  recorder.change(withDelivery(recorder.lead, channel.name, { state: "sending", lastAttemptAt: started }));
  if (!(await recorder.save())) return undefined;
  const result = await channel.send(recorder.lead, context);
  if (result.notice) await alertNotice(result.notice, context);
  const next = afterSend(recorder.lead.deliveries[channel.name], result, context.now());
  recorder.change(
    withDelivery(recorder.lead, channel.name, next),
    result.status === "sent" ? channel.name : undefined,
  );
  if (result.status === "skipped") return undefined;
  options.onResult?.(channel.name, result);
  return result;
}

/** Notes when the lead first needed nothing more (saved with the next write). */
function noteSettled(recorder: LeadRecorder, now: () => Date): void {
  const lead = recorder.lead;
  if (!lead.settledAt && isSettled(lead)) recorder.change({ ...lead, settledAt: now().toISOString() });
}

/** Removes the lead's pending marker when nothing more is to be done; the job retries a failure. */
async function settleIfDone(recorder: LeadRecorder): Promise<void> {
  const lead: LeadRecord = recorder.lead;
  if (!recorder.store || !recorder.recorded || !isSettled(lead)) return;
  await recorder.store.settle(lead.id).catch((error: unknown) => {
    logError("pending marker not removed; the retry job removes it", {
      requestId: lead.id,
      reason: errorName(error),
    });
  });
}

/**
 * Runs every channel of `recorder.lead` that is pending and due, then the alert and the marker.
 * Stops sending when an attempt cannot be recorded. Never throws for a send; store failures are
 * logged (see LeadRecorder).
 * @returns each channel's send result in this call, e.g. `{ sales: { status: "sent" } }`
 */
export async function deliverLead(
  recorder: LeadRecorder,
  context: DeliveryContext,
  options: DeliverOptions = {},
): Promise<Partial<Record<ChannelName, SendResult>>> {
  const results: Partial<Record<ChannelName, SendResult>> = {};
  const runLane = async (lane: readonly DeliveryChannel[]) => {
    for (const channel of lane) {
      const result = await runChannel(recorder, channel, context, options);
      if (result) results[channel.name] = result;
      if (recorder.lead.deliveries[channel.name].state === "sending") break; // its attempt was not recorded
    }
  };
  await Promise.all(deliveryLanes(context.addOns).map(runLane));
  noteSettled(recorder, context.now);
  if (!(await recorder.save())) return results;
  await alertIfDue(recorder, context, options.sendgridDown?.());
  noteSettled(recorder, context.now);
  if (await recorder.save()) await settleIfDone(recorder);
  return results;
}
