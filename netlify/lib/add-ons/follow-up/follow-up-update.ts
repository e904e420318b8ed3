/**
 * One follow-up change, from the claim page, Slack's buttons or a booking, and its announcement: a lead event
 * published through the core and the e-mail it calls for (docs/decisions/0029-lead-follow-up.md,
 * docs/decisions/0030-slack-and-booking-loop.md, docs/decisions/0044-durable-lead-events.md).
 */
import type { ServerConfig } from "../../core/config";
import {
  INBOX_ONLY_LABEL,
  liveBookings,
  type ActionResult,
  type FollowUp,
  type LeadBooking,
} from "./follow-up-record";
import { isConfirmedBooking } from "../../core/follow-up-hooks";
import type { FollowUpStore } from "./follow-up-store";
import type { FollowUpChange } from "../../core/leads/lead-events";
import type { LeadRecord } from "../../core/leads/lead-record";
import { errorName, logError, logInfo } from "../../kit/log";
import { durationInWords, localTime } from "../../kit/text";
import type { Mailer, RetryOptions } from "../../core/delivery/mailer";
import { claimUrlFor } from "./claim-link";
import { buildFollowUpNotice, sendFollowUpNotice } from "./follow-up-notice";
import type { HandlerDeps } from "../../core/add-on";
import { publishLeadEvent } from "../../core/delivery/event-delivery";

const ACTION_WORDS: Record<FollowUpChange, string> = {
  claimed: "Claimed",
  "handed-over": "Handed over",
  contacted: "Marked contacted",
  closed: "Closed",
  booked: "Demo booked",
  "booking-cancelled": "Booking cancelled",
  reopened: "Reopened",
};

/**
 * Writes `change` to the lead's record, then runs `afterWrite`, moves its marker (else the follow-up job
 * will) and logs `logged`. Resolves with the store's answer (`changed`, or the refusal's `reason`); may throw.
 */
export async function applyFollowUpChange(
  followUps: FollowUpStore,
  lead: LeadRecord,
  change: (current: FollowUp) => ActionResult,
  steps: {
    logged: (followUp: FollowUp) => [event: string, fields: Parameters<typeof logInfo>[1]];
    afterWrite?: (written: { followUp: FollowUp; before: FollowUp }) => Promise<void>;
    onMarkerError?: (error: unknown) => void;
  },
) {
  const result = await followUps.update(lead.id, change);
  if (!result.changed) return result;
  await steps.afterWrite?.(result);
  await followUps
    .syncMarkers(lead.id, result.followUp, lead.receivedAt)
    .catch(steps.onMarkerError ?? (() => undefined));
  logInfo(...steps.logged(result.followUp));
  return result;
}

/**
 * The line for a change, e.g. "Handed over from Ana Smith to Ben Lee, 2 h after arrival" (`from` the previous
 * owner); a booking's time in `zone` (UTC without one), and an inbox-only booking says so.
 */
export function updateLine(
  action: FollowUpChange,
  lead: LeadRecord,
  followUp: FollowUp,
  at: Date,
  options: { by?: string; from?: string; who?: boolean; booking?: LeadBooking; zone?: string } = {},
): string {
  const by =
    action === "handed-over"
      ? `${options.from ? ` from ${options.from}` : ""} to ${followUp.owner?.name ?? "nobody"}`
      : options.by
        ? ` by ${options.by}`
        : "";
  const reason = action === "closed" && followUp.closedReason ? ` (${followUp.closedReason})` : "";
  const booking = options.booking ?? (action === "booked" ? liveBookings(followUp).at(-1) : undefined);
  let slot = "";
  if (booking) {
    slot = booking.startTime ? ` for ${localTime(booking.startTime, options.zone)}` : "";
    if (!isConfirmedBooking(booking)) slot += ` (${INBOX_ONLY_LABEL})`;
  }
  const line = `${ACTION_WORDS[action]}${by}${reason}${slot}, ${durationInWords(Math.round((at.getTime() - Date.parse(lead.receivedAt)) / 60_000))} after arrival`;
  const { firstName, lastName, company } = lead.request;
  return options.who ? `${line}: ${firstName} ${lastName} (${company})` : line;
}

/** Where a change is published: the add-ons on (compose's `addOnsFor`) and the lead store's Blobs. */
export type LeadEventDeps = Pick<HandlerDeps, "getAddOns" | "getLeadEvents">;

/**
 * Announces the change after the answer: published through the core as a lead event (a hand-over as `handed-over`),
 * which the lead webhook, when on, posts as a `lead.updated` note with retries
 * (docs/decisions/0044-durable-lead-events.md), and beside it the e-mail the change calls for
 * (`buildFollowUpNotice`: a hand-over, a booking). Never throws.
 */
export async function postFollowUpUpdate(
  lead: LeadRecord,
  followUp: FollowUp,
  change: FollowUpChange,
  context: { config: ServerConfig; now: () => Date; mailer: Mailer; retry?: RetryOptions } & LeadEventDeps &
    Parameters<typeof updateLine>[4],
): Promise<void> {
  const { config, mailer, retry } = context;
  const at = context.now();
  const notice = buildFollowUpNotice(lead, followUp, change, config, claimUrlFor(config, lead.id, at));
  await Promise.all([
    publishChange(lead, followUp, change, at, context),
    notice && sendFollowUpNotice(notice, mailer, retry),
  ]);
}

async function publishChange(
  lead: LeadRecord,
  followUp: FollowUp,
  change: FollowUpChange,
  at: Date,
  context: Parameters<typeof postFollowUpUpdate>[3],
): Promise<void> {
  const { config, now, retry } = context;
  const zone = config.followUp?.businessHours?.zone;
  const event = {
    leadId: lead.id,
    name: change,
    at: at.toISOString(),
    detail: updateLine(change, lead, followUp, at, { ...context, who: true, zone }),
    ...(followUp.owner ? { owner: followUp.owner.name } : {}),
  };
  try {
    const addOns = await context.getAddOns(config);
    await publishLeadEvent(event, lead, { config, now, retry, addOns, blobs: context.getLeadEvents() });
  } catch (error) {
    logError("follow-up update not published", {
      requestId: lead.id,
      event: change,
      reason: errorName(error),
    });
  }
}
