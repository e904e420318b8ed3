/**
 * Delivers a stored lead, for the request and the retry job alike (docs/decisions/0019-lead-path.md): the sales e-mail
 * and the channels beside it start together, the channels after it follow it in order. Every attempt is recorded
 * before it is sent; what cannot be recorded is not sent. A request answers once the sales e-mail's outcome is
 * recorded and lets the rest finish after its answer, by its deadline (docs/decisions/0039-work-after-the-answer.md).
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
import type { RetryOptions, SendResult } from "./mailer";
import { salesEmail } from "./sales-email";

/** How long a request's work may take from its start: it ends before Netlify's 10 s limit for a function. */
export const REQUEST_TIME_MS = 9_000;

/** `retry` with the deadline of a request that started at `startedAt` (epoch ms, default now). */
export function withinRequest(retry: RetryOptions | undefined, startedAt = Date.now()): RetryOptions {
  return { ...retry, deadline: startedAt + REQUEST_TIME_MS };
}

/** The channels after the sales e-mail, in order (the confirmation waits for it), those beside it, of them those that batch, and each by name. */
export function channelsOf(addOns: readonly AddOn[]) {
  const channels = addOns.flatMap((addOn) => (addOn.channel ? [addOn.channel] : []));
  const inLane = (lane: "after-sales" | "beside") =>
    channels.filter((c) => c.lane === lane).map((c) => c.channel);
  const batch = inLane("beside").filter((c): c is BatchChannel => c.batch !== undefined);
  return {
    after: inLane("after-sales"),
    beside: inLane("beside"),
    batch,
    names: channels.map((c) => c.channel.name),
    byName: new Map(channels.map((c) => [c.channel.name, c.channel])),
  };
}

type BatchChannel = DeliveryChannel & { batch: NonNullable<DeliveryChannel["batch"]> };

interface DeliverOptions {
  due?: (channel: ChannelName, delivery: Delivery) => boolean;
  onResult?: (channel: ChannelName, result: SendResult) => void;
  sendgridDown?: () => boolean;
}

function afterSend(delivery: Delivery, result: ChannelResult, at: Date): Partial<Delivery> {
  const kept = { inDoubt: undefined, ...(result.memo ? { memo: result.memo } : {}) };
  if (result.status === "skipped") return { ...kept, state: "skipped", lastError: result.reason };
  const attempts = delivery.attempts + result.attempts;
  if (result.status === "sent")
    return { ...kept, state: "sent", attempts, sentAt: at.toISOString(), lastError: undefined };
  const state = result.status === "permanent" ? "failed" : "pending";
  return { ...kept, state, attempts, lastError: result.error };
}

async function runChannel(
  recorder: LeadRecorder,
  channel: DeliveryChannel,
  context: DeliveryContext,
  options: DeliverOptions,
): Promise<SendResult | undefined> {
  // A lead that arrived before its plugin was turned on holds no delivery for it: it is not sent backwards.
  const delivery = recorder.lead.deliveries[channel.name];
  if (delivery?.state !== "pending") return undefined;
  const plan = channel.plan(recorder.lead, context);
  if (plan === "wait") return undefined;
  if (plan !== "send") {
    recorder.change(withDelivery(recorder.lead, channel.name, { state: "skipped", lastError: plan.skip }));
    return undefined;
  }
  if (options.due && !options.due(channel.name, delivery)) return undefined;
  // Past the deadline, the lead stays pending for the retry job rather than start an attempt that cannot finish.
  if (Date.now() >= (context.retry?.deadline ?? Infinity)) return undefined;
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

/** Notes the lead settled when it is, saves it, alerts when due, and removes its pending marker once settled. */
async function finishDelivery(recorder: LeadRecorder, context: DeliveryContext, sendgridDown?: boolean) {
  noteSettled(recorder, context.now);
  if (!(await recorder.save())) return;
  await alertIfDue(recorder, context, sendgridDown);
  noteSettled(recorder, context.now);
  if (await recorder.save()) await settleIfDone(recorder);
}

type Results = Partial<Record<ChannelName, SendResult>>;

/** A delivery under way: what a request's answer waits for, and the rest. Neither promise rejects. */
export interface DeliveryRun {
  /** The sales e-mail's result once its outcome is written; undefined when it was not attempted. */
  sales: Promise<SendResult | undefined>;
  /** Each channel's send result once every channel, the alert and the pending marker are done. */
  done: Promise<Results>;
}

/** Starts every pending, due channel, then the alert and the marker. */
export function startDelivery(
  recorder: LeadRecorder,
  context: DeliveryContext,
  options: DeliverOptions = {},
): DeliveryRun {
  const results: Results = {};
  const run = async (channel: DeliveryChannel) => {
    const result = await runChannel(recorder, channel, context, options);
    if (result) results[channel.name] = result;
  };
  const stopped = (error: unknown) =>
    logError("delivery stopped; the retry job goes on with it", {
      requestId: recorder.lead.id,
      reason: errorName(error),
    });
  const { after, beside } = channelsOf(context.addOns);
  const sales = run(salesEmail)
    .then(() => recorder.save())
    .catch(stopped);
  const afterSales = sales.then(async () => {
    let previous: ChannelName = "sales";
    for (const channel of after) {
      if (recorder.lead.deliveries[previous]?.state === "sending") break; // its attempt was not recorded
      await run(channel);
      previous = channel.name;
    }
  });
  const done = Promise.all([afterSales, ...beside.map(run)])
    .then(() => finishDelivery(recorder, context, options.sendgridDown?.()))
    .catch(stopped);
  return { sales: sales.then(() => results.sales), done: done.then(() => results) };
}

/** Runs every pending, due channel, then the alert and the marker; resolves each send result. Never throws. */
export function deliverLead(
  recorder: LeadRecorder,
  context: DeliveryContext,
  options: DeliverOptions = {},
): Promise<Results> {
  return startDelivery(recorder, context, options).done;
}

const NO_ANSWER: ChannelResult = { status: "retryable", error: "no answer for this lead", attempts: 1 };

/**
 * Sends `channel`'s backlog of `recorders` (each pending and due on it) `channel.batch.size` at a time, as the
 * retry job does: every attempt recorded before its call, each lead's outcome after it, then the lead finished
 * as `deliverLead` finishes it. Stops at the request's deadline or when `allows` says no. Never throws.
 */
export async function deliverInBatches(
  recorders: readonly LeadRecorder[],
  channel: BatchChannel,
  context: DeliveryContext,
  options: { allows?: () => boolean; onResult?: (result: SendResult) => void } = {},
): Promise<void> {
  for (let at = 0; at < recorders.length; at += channel.batch.size) {
    if (options.allows?.() === false || Date.now() >= (context.retry?.deadline ?? Infinity)) return;
    const started = context.now().toISOString();
    const ready: LeadRecorder[] = [];
    for (const recorder of recorders.slice(at, at + channel.batch.size)) {
      recorder.change(
        withDelivery(recorder.lead, channel.name, { state: "sending", lastAttemptAt: started }),
      );
      if (await recorder.save()) ready.push(recorder);
    }
    if (ready.length === 0) continue;
    const results = await channel.batch
      .send(
        ready.map((recorder) => recorder.lead),
        context,
      )
      .catch((error: unknown) => {
        logError(`${channel.name} batch not sent; the next run tries again`, { reason: errorName(error) });
        return new Map<string, ChannelResult>();
      });
    for (const recorder of ready) {
      const result = results.get(recorder.lead.id) ?? NO_ANSWER;
      const next = afterSend(recorder.lead.deliveries[channel.name], result, context.now());
      recorder.change(
        withDelivery(recorder.lead, channel.name, next),
        result.status === "sent" ? channel.name : undefined,
      );
      if (result.status !== "skipped") options.onResult?.(result);
      await finishDelivery(recorder, context).catch((error: unknown) =>
        logError("delivery stopped; the retry job goes on with it", {
          requestId: recorder.lead.id,
          reason: errorName(error),
        }),
      );
    }
  }
}
