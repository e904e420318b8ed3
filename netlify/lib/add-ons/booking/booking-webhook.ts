/**
 * POST /api/booking-webhook, Cal.com's booking webhook (docs/decisions/0030-slack-and-booking-loop.md,
 * docs/decisions/0032-bookings-by-uid.md). A booking is found by uid, else by the sealed reference, else by
 * the booker's inbox; Cal.com does not verify that address, so an inbox match stays unconfirmed. Cal.com signs
 * no timestamp, so each event is applied once per uid and trigger (`bookingEvents` in netlify/lib/kit/storage.ts).
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { BOOKING_REFERENCE_KEY, leadIdFromReference } from "./booking-reference";
import type { ConfigResult, ServerConfig } from "../../core/config";
import { postFollowUpUpdate } from "../follow-up/follow-up-update";
import type { RetryOptions } from "../../core/delivery/send-result";
import { finishAfterAnswer, json, type AfterAnswerContext } from "../../kit/http";
import { readInboundRequest } from "../../kit/inbound-request";
import type { JsonBlobs } from "../../kit/json-blobs";
import {
  applyAction,
  liveBookings,
  type FollowUp,
  type FollowUpAction,
  type LeadBooking,
} from "../follow-up/follow-up-record";
import type { FollowUpStore } from "../follow-up/follow-up-store";
import { inboxKeyOf, parseLeadAddress } from "../../core/leads/lead-address";
import type { LeadRecord } from "../../core/leads/lead-record";
import { MalformedLeadError } from "../../core/leads/lead-record-schema";
import type { LeadStore } from "../../core/leads/lead-store";
import { errorName, logError, logInfo, maskEmail } from "../../kit/log";
import { keyOf } from "../../kit/storage";
import { isCalSignature } from "./cal-signature";

export const BOOKING_MAX_BODY_BYTES = 64 * 1024;
const TRIGGERS = ["BOOKING_CREATED", "BOOKING_RESCHEDULED", "BOOKING_CANCELLED"] as const;

const triggerSchema = z.object({ triggerEvent: z.string().max(100) });
const eventSchema = z.object({
  triggerEvent: z.string().max(100),
  createdAt: z.string().max(100),
  payload: z.object({
    uid: z.string().min(1).max(200),
    startTime: z.string().max(100).optional(),
    rescheduleUid: z.string().max(200).optional(),
    attendees: z.array(z.object({ email: z.string().max(320).optional() })).optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  }),
});
type BookingEvent = z.infer<typeof eventSchema>;

const APPLIED_KEPT_MS = 30 * 24 * 3_600_000;

const appliedKeyOf = (trigger: string, uid: string) =>
  keyOf("bookingEvents", createHash("sha256").update(`${trigger}:${uid}`).digest("hex"));

export interface BookingWebhookDeps {
  getConfig: () => ConfigResult;
  getStore: () => LeadStore;
  getFollowUps: () => FollowUpStore;
  getEvents: () => JsonBlobs;
  now?: () => Date;
  retry?: RetryOptions;
}

async function leadsFromInbox(
  store: LeadStore,
  email: string | undefined,
  secret: string,
): Promise<LeadRecord[]> {
  const parsed = parseLeadAddress(email);
  if (!parsed.ok) return [];
  const leads: LeadRecord[] = [];
  for (const id of await store.idsFromInbox(inboxKeyOf(parsed.address, secret))) {
    const lead = await store.get(id);
    if (lead) leads.push(lead);
  }
  return leads.sort((a, b) => b.receivedAt.localeCompare(a.receivedAt));
}

/** The leads a booking may be for, in order; the booker is the first attendee (guests name no lead). */
async function candidates(
  event: BookingEvent,
  store: LeadStore,
  followUps: FollowUpStore,
  config: ServerConfig,
): Promise<{ leads: LeadRecord[]; via: LeadBooking["via"]; byUid: boolean }> {
  const { uid, rescheduleUid } = event.payload;
  const held =
    (await followUps.leadOfBooking(uid)) ??
    (rescheduleUid ? await followUps.leadOfBooking(rescheduleUid) : undefined);
  const id = leadIdFromReference(event.payload.metadata?.[BOOKING_REFERENCE_KEY], config.formSecret);
  if (held || event.triggerEvent === "BOOKING_CANCELLED") {
    // A cancellation of a booking recorded before uids were indexed: the reference's lead, which
    // changes only if it holds that uid.
    const found = held ?? id;
    const lead = found ? await store.get(found) : null;
    // A delivery retried after a fault may find its uid indexed but not yet recorded.
    return { leads: lead ? [lead] : [], via: id && id === held ? "reference" : "email", byUid: true };
  }
  const byReference = id ? await store.get(id) : null;
  if (byReference) return { leads: [byReference], via: "reference", byUid: false };
  const booker = event.payload.attendees?.[0]?.email;
  const leads = await leadsFromInbox(store, booker, config.formSecret);
  return { leads: leads.filter((lead) => lead.state !== "spam"), via: "email", byUid: false };
}

function actionOf(event: BookingEvent, via: LeadBooking["via"]): FollowUpAction {
  const { uid, startTime, rescheduleUid } = event.payload;
  if (event.triggerEvent === "BOOKING_CANCELLED") return { kind: "booking-cancelled", uid };
  return {
    kind: "booked",
    booking: { uid, via, ...(startTime ? { startTime } : {}) },
    ...(rescheduleUid ? { replaces: rescheduleUid } : {}),
  };
}

/** Events older than this are not applied: a captured delivery replayed later changes nothing. */
const MAX_EVENT_AGE_MS = 7 * 24 * 3_600_000;

/** Builds the handler for `/api/booking-webhook`. */
export function createBookingWebhookHandler(
  deps: BookingWebhookDeps,
): (req: Request, context?: AfterAnswerContext) => Promise<Response> {
  const now = deps.now ?? (() => new Date());
  return async (req, context) => {
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
      return json(400, { error: "Not a booking event" });
    }
    // Another trigger (Cal.com's ping among them) is answered before its shape is judged.
    const trigger = triggerSchema.safeParse(parsed);
    if (trigger.success && !(TRIGGERS as readonly string[]).includes(trigger.data.triggerEvent)) {
      return json(200, { applied: false, reason: `${trigger.data.triggerEvent} is not a booking change` });
    }
    const checked = eventSchema.safeParse(parsed);
    if (!checked.success) return json(400, { error: "Not a booking event" });
    const event: BookingEvent = checked.data;
    const { uid, rescheduleUid } = event.payload;
    const created = Date.parse(event.createdAt);
    if (!Number.isFinite(created)) return json(400, { error: "Not a booking event" });
    if (now().getTime() - created > MAX_EVENT_AGE_MS) {
      return json(200, { applied: false, reason: "the event is more than 7 days old" });
    }
    try {
      const events = deps.getEvents();
      const appliedKey = appliedKeyOf(event.triggerEvent, uid);
      if ((await events.getWithEtag(appliedKey)) !== null) {
        return json(200, { applied: false, reason: "already applied" });
      }
      const store = deps.getStore();
      const followUps = deps.getFollowUps();
      const { leads, via, byUid } = await candidates(event, store, followUps, config);
      if (leads.length === 0) {
        const booker = maskEmail(event.payload.attendees?.[0]?.email ?? "");
        logInfo("booking matches no stored lead", { trigger: event.triggerEvent, booker });
        const reason = byUid ? "no booking with that id is recorded" : "no stored lead matches this booking";
        return json(200, { applied: false, reason });
      }
      const [first] = leads;
      if (first.state === "spam") {
        // A person booked after a spam layer held their request: nothing is posted about a spam
        // lead (decision 0022), but someone must look at it.
        logError(`BOOKING FOR A LEAD HELD AS SPAM ${first.id}: recover it with npm run leads:export`, {
          trigger: event.triggerEvent,
        });
        return json(200, { applied: false, reason: "the lead is held as spam" });
      }
      const at = now();
      const action = actionOf(event, via);
      // The uid is indexed before the record holds it: a retried delivery completes a half-done one.
      const indexFirst = action.kind === "booked" && !byUid;
      let changed: { lead: LeadRecord; followUp: FollowUp } | undefined;
      let cancelled: LeadBooking | undefined;
      let holder: string | undefined;
      let refusal: string | undefined;
      try {
        for (const lead of leads) {
          if (indexFirst) await followUps.indexBooking(uid, lead.id);
          const result = await followUps.update(lead.id, (current) => {
            cancelled = liveBookings(current).find((b) => b.uid === uid);
            return applyAction(current, action, at);
          });
          if (result.changed) {
            changed = { lead, followUp: result.followUp };
            break;
          }
          // Another delivery of this event may have recorded it meanwhile: its entry stays.
          if (liveBookings(result.followUp).some((b) => b.uid === uid)) holder ??= lead.id;
          refusal ??= result.reason;
        }
      } finally {
        if (indexFirst && !changed) {
          await followUps.indexBooking(uid, holder ?? null).catch(() => undefined);
        }
      }
      if (!changed) {
        const log = refusal?.includes("unconfirmed bookings") ? logError : logInfo;
        log("booking not applied", { trigger: event.triggerEvent, via, reason: refusal });
        return json(200, { applied: false, reason: refusal });
      }
      const { lead } = changed;
      if (action.kind === "booking-cancelled") await followUps.indexBooking(uid, null);
      else {
        await followUps.indexBooking(uid, lead.id);
        // A reschedule moved the booking it replaces to the new uid.
        if (
          rescheduleUid &&
          rescheduleUid !== uid &&
          (await followUps.leadOfBooking(rescheduleUid)) === lead.id
        ) {
          await followUps.indexBooking(rescheduleUid, null);
        }
      }
      const expiresAt = new Date(at.getTime() + APPLIED_KEPT_MS).toISOString();
      await events.setJSON(appliedKey, { at: at.toISOString(), expiresAt }, { onlyIfNew: true });
      await followUps.syncMarkers(lead.id, changed.followUp, lead.receivedAt).catch(() => undefined);
      logInfo("lead follow-up changed by a booking", {
        requestId: lead.id,
        trigger: event.triggerEvent,
        via,
      });
      const posted = postFollowUpUpdate(
        lead,
        changed.followUp,
        action.kind === "booked" ? "booked" : "booking-cancelled",
        {
          config,
          now,
          retry: deps.retry,
          booking:
            action.kind === "booked" ? liveBookings(changed.followUp).find((b) => b.uid === uid) : cancelled,
        },
      );
      await finishAfterAnswer(context, posted);
      return json(200, { applied: true, state: changed.followUp.state });
    } catch (error) {
      if (error instanceof MalformedLeadError) {
        logError("BOOKING NOT APPLIED: a stored lead for this booking fails its schema", {
          trigger: event.triggerEvent,
        });
        return json(200, { applied: false, reason: "a stored lead for this booking is unreadable" });
      }
      logError("BOOKING NOT APPLIED: the lead store did not answer", {
        trigger: event.triggerEvent,
        reason: errorName(error),
      });
      return json(503, { error: "Lead store unavailable" });
    }
  };
}
