/**
 * POST /api/booking-webhook, Cal.com's booking webhook (docs/decisions/0030-slack-and-booking-loop.md,
 * docs/decisions/0032-bookings-by-uid.md). A booking is found by uid, else by the sealed reference, else by
 * the booker's inbox; Cal.com does not verify that address, so an inbox match stays unconfirmed. Cal.com signs
 * no timestamp, so each event is applied once per uid and trigger (`bookingEvents` in netlify/lib/kit/storage.ts).
 */
import { z } from "zod";
import { BOOKING_REFERENCE_KEY, leadIdFromReference } from "./booking-reference";
import type { ServerConfig } from "../../core/config";
import type { ClaimHandlerDeps } from "../follow-up/claim-handler";
import { applyFollowUpChange, postFollowUpUpdate } from "../follow-up/follow-up-update";
import type { RetryOptions } from "../../core/delivery/mailer";
import { finishAfterAnswer, json, readInboundRequest, type AfterAnswerContext } from "../../kit/http";
import { DamagedRecordError, noteOnce, type JsonBlobs } from "../../kit/json-blobs";
import {
  applyAction,
  liveBookings,
  type FollowUp,
  type FollowUpAction,
  type LeadBooking,
} from "../follow-up/follow-up-record";
import type { FollowUpStore } from "../follow-up/follow-up-store";
import { inboxKeyOf, parseLeadAddress } from "../../core/leads/lead-address";
import { MalformedLeadError, type LeadRecord } from "../../core/leads/lead-record";
import type { LeadStore } from "../../core/leads/lead-store";
import { errorName, logError, logInfo, maskEmail } from "../../kit/log";
import { hashedKeyOf } from "../../kit/storage";
import { isCalSignature } from "./cal-signature";

export const BOOKING_MAX_BODY_BYTES = 64 * 1024;
const TRIGGERS: readonly string[] = ["BOOKING_CREATED", "BOOKING_RESCHEDULED", "BOOKING_CANCELLED"];
const DAY_MS = 24 * 3_600_000;
/** Events older than this are not applied: a captured delivery replayed later changes nothing. */
const MAX_EVENT_AGE_MS = 7 * DAY_MS;
const APPLIED_KEPT_MS = 30 * DAY_MS;

const eventSchema = z.object({
  triggerEvent: z.string().max(100),
  createdAt: z
    .string()
    .max(100)
    .refine((value) => Number.isFinite(Date.parse(value))),
  payload: z.object({
    uid: z.string().min(1).max(200),
    startTime: z.string().max(100).optional(),
    rescheduleUid: z.string().max(200).optional(),
    attendees: z.array(z.object({ email: z.string().max(320).optional() })).optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  }),
});
type BookingEvent = z.infer<typeof eventSchema>;

const appliedKeyOf = (trigger: string, uid: string) => hashedKeyOf("bookingEvents", `${trigger}:${uid}`);

/** The leads a booking may be for, in order; the booker is the first attendee (guests name no lead). */
async function candidates(
  event: BookingEvent,
  store: LeadStore,
  followUps: FollowUpStore,
  config: ServerConfig,
): Promise<{ leads: LeadRecord[]; via: LeadBooking["via"]; byUid: boolean }> {
  const { uid, rescheduleUid, attendees, metadata } = event.payload;
  const held =
    (await followUps.leadOfBooking(uid)) ??
    (rescheduleUid ? await followUps.leadOfBooking(rescheduleUid) : undefined);
  const id = leadIdFromReference(metadata?.[BOOKING_REFERENCE_KEY], config.formSecret);
  if (held || event.triggerEvent === "BOOKING_CANCELLED") {
    // A cancellation of a booking recorded before uids were indexed: the reference's lead, which
    // changes only if it holds that uid. A retried delivery may find its uid indexed but not yet recorded.
    const found = held ?? id;
    const lead = found ? await store.get(found) : null;
    return { leads: lead ? [lead] : [], via: id && id === held ? "reference" : "email", byUid: true };
  }
  const byReference = id ? await store.get(id) : null;
  if (byReference) return { leads: [byReference], via: "reference", byUid: false };
  const parsed = parseLeadAddress(attendees?.[0]?.email);
  const leads: LeadRecord[] = [];
  for (const leadId of parsed.ok
    ? await store.idsFromInbox(inboxKeyOf(parsed.address, config.formSecret))
    : []) {
    const lead = await store.get(leadId);
    if (lead && lead.state !== "spam") leads.push(lead);
  }
  leads.sort((a, b) => b.receivedAt.localeCompare(a.receivedAt));
  return { leads, via: "email", byUid: false };
}

/** Builds the handler for `/api/booking-webhook`. */
export function createBookingWebhookHandler(
  deps: ClaimHandlerDeps & { getEvents: () => JsonBlobs; retry?: RetryOptions },
) {
  const now = deps.now ?? (() => new Date());
  const notAnEvent = () => json(400, { error: "Not a booking event" });
  return async (req: Request, context?: AfterAnswerContext): Promise<Response> => {
    const read = await readInboundRequest(req, deps.getConfig, {
      secretOf: (config) => config.calWebhookSecret,
      notConfigured: "The booking webhook is not configured",
      maxBytes: BOOKING_MAX_BODY_BYTES,
    });
    if (read instanceof Response) return read;
    const { config, secret, body } = read;
    if (!isCalSignature(secret, body, req.headers.get("x-cal-signature-256"))) {
      logInfo("booking webhook refused: wrong signature");
      return json(401, { error: "Wrong signature" });
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return notAnEvent();
    }
    // Another trigger (Cal.com's ping among them) is answered before its shape is judged.
    const trigger = eventSchema.pick({ triggerEvent: true }).safeParse(parsed);
    if (trigger.success && !TRIGGERS.includes(trigger.data.triggerEvent)) {
      return json(200, { applied: false, reason: `${trigger.data.triggerEvent} is not a booking change` });
    }
    const checked = eventSchema.safeParse(parsed);
    if (!checked.success) return notAnEvent();
    const event = checked.data;
    const { uid, startTime, rescheduleUid } = event.payload;
    if (now().getTime() - Date.parse(event.createdAt) > MAX_EVENT_AGE_MS) {
      return json(200, { applied: false, reason: "the event is more than 7 days old" });
    }
    try {
      const events = deps.getEvents();
      const appliedKey = appliedKeyOf(event.triggerEvent, uid);
      if ((await events.getWithEtag(appliedKey)) !== null) {
        return json(200, { applied: false, reason: "already applied" });
      }
      const followUps = deps.getFollowUps();
      const { leads, via, byUid } = await candidates(event, deps.getStore(), followUps, config);
      if (leads.length === 0) {
        const booker = maskEmail(event.payload.attendees?.[0]?.email ?? "");
        logInfo("booking matches no stored lead", { trigger: event.triggerEvent, booker });
        const reason = byUid ? "no booking with that id is recorded" : "no stored lead matches this booking";
        return json(200, { applied: false, reason });
      }
      if (leads[0].state === "spam") {
        // Nothing is posted about a spam lead (decision 0022), but someone must look at it.
        logError(`BOOKING FOR A LEAD HELD AS SPAM ${leads[0].id}: recover it with npm run leads:export`, {
          trigger: event.triggerEvent,
        });
        return json(200, { applied: false, reason: "the lead is held as spam" });
      }
      const at = now();
      const cancelling = event.triggerEvent === "BOOKING_CANCELLED";
      const action: FollowUpAction = cancelling
        ? { kind: "booking-cancelled", uid }
        : {
            kind: "booked",
            booking: { uid, via, ...(startTime ? { startTime } : {}) },
            ...(rescheduleUid ? { replaces: rescheduleUid } : {}),
          };
      // The uid is indexed before the record holds it: a retried delivery completes a half-done one.
      const indexFirst = !cancelling && !byUid;
      let changed: { lead: LeadRecord; followUp: FollowUp; cancelled?: LeadBooking } | undefined;
      let holder: string | undefined;
      let refusal: string | undefined;
      try {
        for (const lead of leads) {
          if (indexFirst) await followUps.indexBooking(uid, lead.id);
          const change = (current: FollowUp) => applyAction(current, action, at);
          const result = await applyFollowUpChange(followUps, lead, change, {
            afterWrite: async ({ followUp, before }) => {
              changed = { lead, followUp, cancelled: liveBookings(before).find((b) => b.uid === uid) };
              await followUps.indexBooking(uid, cancelling ? null : lead.id);
              // A reschedule moved the booking it replaces to the new uid.
              if (!cancelling && rescheduleUid && rescheduleUid !== uid) {
                if ((await followUps.leadOfBooking(rescheduleUid)) === lead.id) {
                  await followUps.indexBooking(rescheduleUid, null);
                }
              }
              await noteOnce(events, appliedKey, at, APPLIED_KEPT_MS);
            },
            logged: () => [
              "lead follow-up changed by a booking",
              { requestId: lead.id, trigger: event.triggerEvent, via },
            ],
          });
          if (result.changed) break;
          // Another delivery of this event may have recorded it meanwhile: its entry stays.
          if (liveBookings(result.followUp).some((b) => b.uid === uid)) holder ??= lead.id;
          refusal ??= result.reason;
        }
      } finally {
        if (indexFirst && !changed) await followUps.indexBooking(uid, holder ?? null).catch(() => undefined);
      }
      if (!changed) {
        const log = refusal?.includes("unconfirmed bookings") ? logError : logInfo;
        log("booking not applied", { trigger: event.triggerEvent, via, reason: refusal });
        return json(200, { applied: false, reason: refusal });
      }
      const { lead, followUp, cancelled } = changed;
      const posted = postFollowUpUpdate(lead, followUp, cancelling ? "booking-cancelled" : "booked", {
        config,
        now,
        mailer: deps.createMailer(config),
        retry: deps.retry,
        getAddOns: deps.getAddOns,
        getLeadEvents: deps.getLeadEvents,
        booking: cancelling ? cancelled : liveBookings(followUp).find((b) => b.uid === uid),
      });
      await finishAfterAnswer(context, posted);
      return json(200, { applied: true, state: followUp.state });
    } catch (error) {
      if (error instanceof MalformedLeadError) {
        logError("BOOKING NOT APPLIED: a stored lead for this booking fails its schema", {
          trigger: event.triggerEvent,
        });
        return json(200, { applied: false, reason: "a stored lead for this booking is unreadable" });
      }
      if (error instanceof DamagedRecordError) {
        logError("BOOKING NOT APPLIED: the lead's follow-up record fails its schema", {
          trigger: event.triggerEvent,
        });
        return json(409, { applied: false, reason: "the lead's follow-up record is unreadable" });
      }
      logError("BOOKING NOT APPLIED: the lead store did not answer", {
        trigger: event.triggerEvent,
        reason: errorName(error),
      });
      return json(503, { error: "Lead store unavailable" });
    }
  };
}
