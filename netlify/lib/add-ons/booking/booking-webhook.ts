/**
 * POST /api/booking-webhook, Cal.com's booking webhook (docs/decisions/0030-slack-and-booking-loop.md,
 * docs/decisions/0032-bookings-by-uid.md). A booking is found by uid, else by the sealed reference, else by
 * the booker's inbox; Cal.com does not verify that address, so an inbox match stays unconfirmed. Cal.com signs
 * no timestamp, so each event is applied once per uid and trigger (`bookingEvents` in netlify/lib/kit/storage.ts).
 */
import { z } from "zod";
import { BOOKING_REFERENCE_KEY, leadIdFromReference } from "./booking-reference";
import { type HandlerDeps } from "../../core/add-on";
import {
  bookingsOf,
  type BookingChange,
  type BookingMatch,
  type LeadBookings,
} from "../../core/follow-up-hooks";
import type { ServerConfig } from "../../core/config";
import type { RetryOptions } from "../../core/delivery/mailer";
import { finishAfterAnswer, json, readInboundRequest, type AfterAnswerContext } from "../../kit/http";
import { DamagedRecordError, noteOnce, type JsonBlobs } from "../../kit/json-blobs";
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
  bookings: LeadBookings,
  config: ServerConfig,
): Promise<{ leads: LeadRecord[]; via: BookingMatch; byUid: boolean }> {
  const { uid, rescheduleUid, attendees, metadata } = event.payload;
  const held = (await bookings.find(uid)) ?? (rescheduleUid ? await bookings.find(rescheduleUid) : undefined);
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

/**
 * Builds the handler for `/api/booking-webhook`. The follow-up record is reached only through the core's
 * `bookings` hook (docs/decisions/0046-booking-through-the-core.md); while no add-on on offers it, an event is
 * answered 200 and not applied. `getEvents` holds the events applied; `retry` is for the notice e-mails.
 */
export function createBookingWebhookHandler(
  deps: HandlerDeps & { getEvents: () => JsonBlobs; retry?: RetryOptions },
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
      const addOns = await deps.getAddOns(config);
      const bookings = bookingsOf(addOns);
      if (!bookings) {
        logInfo("booking not applied: follow-up is off", { trigger: event.triggerEvent });
        return json(200, { applied: false, reason: "follow-up is off: bookings are not recorded" });
      }
      const events = deps.getEvents();
      const appliedKey = appliedKeyOf(event.triggerEvent, uid);
      if ((await events.getWithEtag(appliedKey)) !== null) {
        return json(200, { applied: false, reason: "already applied" });
      }
      const { leads, via, byUid } = await candidates(event, deps.getStore(), bookings, config);
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
      const change: BookingChange =
        event.triggerEvent === "BOOKING_CANCELLED"
          ? { name: "booking-cancelled", uid }
          : {
              name: "booked",
              uid,
              via,
              ...(startTime ? { startTime } : {}),
              ...(rescheduleUid ? { replaces: rescheduleUid } : {}),
            };
      const outcome = await bookings.apply(leads, change, {
        at,
        byUid,
        afterWrite: async () => {
          await noteOnce(events, appliedKey, at, APPLIED_KEPT_MS);
        },
        logFields: { trigger: event.triggerEvent, via },
      });
      if (!outcome.applied) {
        const log = outcome.alert ? logError : logInfo;
        log("booking not applied", { trigger: event.triggerEvent, via, reason: outcome.reason });
        return json(200, { applied: false, reason: outcome.reason });
      }
      const posted = outcome.announce({
        config,
        now,
        mailer: deps.createMailer(config),
        retry: deps.retry,
        getAddOns: async () => addOns,
        getLeadEvents: deps.getLeadEvents,
      });
      await finishAfterAnswer(context, posted);
      return json(200, { applied: true, state: outcome.state });
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
