/**
 * Delivers a stored lead, for the request and the retry job alike (docs/decisions/0019-lead-path.md): lanes side
 * by side, each in order. Every attempt is recorded before it is sent; what cannot be recorded is not sent.
 */
import { alertIfDue, alertNotice } from "./alert";
import type { AddOn, ChannelResult, DeliveryChannel, DeliveryContext } from "../add-on";
import {
  isSettled,
  withDelivery,
  type ChannelName,
  type Delivery,
  type LeadRecord,
} from "../leads/lead-record";
import type { LeadRecorder } from "../leads/lead-store";
import { errorName, logError } from "../../kit/log";
import type { SendResult } from "./mailer";
import { salesEmail } from "./sales-email";

/** The channels as lanes: in order within a lane (the confirmation waits for sales), lanes side by side. */
function deliveryLanes(addOns: readonly AddOn[]): DeliveryChannel[][] {
  const channels = addOns.flatMap((addOn) => (addOn.channel ? [addOn.channel] : []));
  const after = channels.filter((c) => c.lane === "after-sales").map((c) => c.channel);
  const beside = channels.filter((c) => c.lane === "beside").map((c) => [c.channel]);
  return [[salesEmail, ...after], ...beside];
}

interface DeliverOptions {
  due?: (channel: ChannelName, delivery: Delivery) => boolean;
  onResult?: (channel: ChannelName, result: SendResult) => void;
  sendgridDown?: () => boolean;
}

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

function noteSettled(recorder: LeadRecorder, now: () => Date): void {
  const lead = recorder.lead;
  if (!lead.settledAt && isSettled(lead)) recorder.change({ ...lead, settledAt: now().toISOString() });
}

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

/** Runs every pending, due channel, then the alert and the marker; resolves each send result. Never throws for a send. */
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
