/**
 * POST /api/booking-webhook: Cal.com's booking webhook (docs/requirements.md#closing-the-loop,
 * docs/decisions/0030-slack-and-booking-loop.md). A prospect who books a slot has been answered:
 * `BOOKING_CREATED` and `BOOKING_RESCHEDULED` make the lead `booked` (with the slot's start time),
 * `BOOKING_CANCELLED` puts it back in its previous follow-up state with the nudge clock running
 * again from the cancellation.
 *
 * Answers: 405 for another method, 404 when CAL_WEBHOOK_SECRET is unset, 413 over 64 KB, 401 when
 * `X-Cal-Signature-256` is not the body's (inbound/cal-signature.ts; nothing changes), 400 for a
 * body that is not a booking event, 200 otherwise: `{ applied: true, state }`, or `{ applied:
 * false, reason }` for another trigger, an event already applied (inbound/booking-events.ts) or a
 * booking that matches no stored lead (logged with the address masked).
 *
 * The lead is found by the opaque reference the booking link carries (`metadata.leadRef`,
 * booking/booking-reference.ts: booked in the same visit), else by the booker's inbox among the
 * stored leads (the confirmation e-mail's plain link carries no reference), the latest lead the
 * event changes. An event Cal.com created more than 7 days ago is not applied.
 */
import { z } from "zod";
import { BOOKING_REFERENCE_KEY, leadIdFromReference } from "../booking/booking-reference";
import type { ConfigResult, ServerConfig } from "../config";
import { postFollowUpUpdate } from "../delivery/follow-up/follow-up-update";
import type { RetryOptions } from "../delivery/send-result";
import { finishAfterAnswer, json, type AfterAnswerContext } from "../http";
import { readInboundRequest } from "./inbound-request";
import type { JsonBlobs } from "../json-blobs";
import { applyAction, type FollowUp, type FollowUpAction, type LeadBooking } from "../leads/follow-up-record";
import type { FollowUpStore } from "../leads/follow-up-store";
import { parseLeadAddress, requestsFrom } from "../leads/lead-address";
import type { LeadRecord } from "../leads/lead-record";
import type { LeadStore } from "../leads/lead-store";
import { inBatches } from "../in-batches";
import { logError, logInfo } from "../log";
import { maskEmail } from "../text";
import { isCalSignature } from "./cal-signature";
import { noteApplied, wasApplied } from "./booking-events";

/** Largest accepted body in bytes: a booking's payload carries the booking form's answers. */
export const BOOKING_MAX_BODY_BYTES = 64 * 1024;
const TRIGGERS = ["BOOKING_CREATED", "BOOKING_RESCHEDULED", "BOOKING_CANCELLED"] as const;

const triggerSchema = z.object({ triggerEvent: z.string().max(100) });
const eventSchema = z.object({
  triggerEvent: z.string().max(100),
  createdAt: z.string().max(100).optional(),
  payload: z.object({
    uid: z.string().min(1).max(200),
    startTime: z.string().max(100).optional(),
    rescheduleUid: z.string().max(200).optional(),
    attendees: z.array(z.object({ email: z.string().max(320).optional() })).optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  }),
});
type BookingEvent = z.infer<typeof eventSchema>;

export interface BookingWebhookDeps {
  getConfig: () => ConfigResult;
  getStore: () => LeadStore;
  getFollowUps: () => FollowUpStore;
  /** Where applied events are noted (default: the lead store `demo-requests`). */
  getEvents: () => JsonBlobs;
  now?: () => Date;
  retry?: RetryOptions;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.name : "unknown");

/** Every stored lead from `email`'s inbox, the latest first. */
async function leadsFromInbox(store: LeadStore, email: string | undefined): Promise<LeadRecord[]> {
  const parsed = parseLeadAddress(email);
  if (!parsed.ok) return [];
  const leads: LeadRecord[] = [];
  const unreadable = await inBatches(await store.ids(), async (id) => {
    const lead = await store.get(id);
    if (lead) leads.push(lead);
  });
  // A lead that could not be read may be the one: the event is not applied (503), not misapplied.
  if (unreadable.length > 0) throw new Error(`${unreadable.length} stored lead(s) unreadable`);
  return requestsFrom(leads, parsed.address, "inbox").sort((a, b) =>
    b.receivedAt.localeCompare(a.receivedAt),
  );
}

/**
 * The leads a booking may be for, in the order they are tried, and how they were found: the one
 * the booking link's reference names; else the leads from the booker's own inbox (the first
 * attendee: guests a booker adds name no lead), latest first. Cal.com does not verify an
 * attendee's address, so an inbox match is a likely lead, not proof.
 */
async function candidates(
  event: BookingEvent,
  store: LeadStore,
  config: ServerConfig,
): Promise<{ leads: LeadRecord[]; via: LeadBooking["via"] }> {
  const id = leadIdFromReference(event.payload.metadata?.[BOOKING_REFERENCE_KEY], config.formSecret);
  const byReference = id ? await store.get(id) : null;
  if (byReference) return { leads: [byReference], via: "reference" };
  const booker = event.payload.attendees?.[0]?.email;
  return {
    leads: (await leadsFromInbox(store, booker)).filter((lead) => lead.state !== "spam"),
    via: "email",
  };
}

/** The follow-up action an event asks for. */
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

/** Builds the handler for `/api/booking-webhook` from its collaborators (see the module comment). */
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
    const { uid } = event.payload;
    const created = Date.parse(event.createdAt ?? "");
    if (Number.isFinite(created) && now().getTime() - created > MAX_EVENT_AGE_MS) {
      return json(200, { applied: false, reason: "the event is more than 7 days old" });
    }
    try {
      const events = deps.getEvents();
      if (await wasApplied(events, event.triggerEvent, uid)) {
        return json(200, { applied: false, reason: "already applied" });
      }
      const store = deps.getStore();
      const { leads, via } = await candidates(event, store, config);
      if (leads.length === 0) {
        const booker = maskEmail(event.payload.attendees?.[0]?.email ?? "");
        logInfo("booking matches no stored lead", { trigger: event.triggerEvent, booker });
        return json(200, { applied: false, reason: "no stored lead matches this booking" });
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
      const followUps = deps.getFollowUps();
      const action = actionOf(event, via);
      // The first lead the event changes is its lead (a closed one, or one without the cancelled
      // booking, refuses it and the next is tried).
      let changed: { lead: LeadRecord; followUp: FollowUp } | undefined;
      let refusal: string | undefined;
      for (const lead of leads) {
        const result = await followUps.update(lead.id, (current) => applyAction(current, action, at));
        if (result.changed) {
          changed = { lead, followUp: result.followUp };
          break;
        }
        refusal ??= result.reason;
      }
      await noteApplied(events, event.triggerEvent, uid, at);
      if (!changed) return json(200, { applied: false, reason: refusal });
      const { lead } = changed;
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
        { config, now, retry: deps.retry },
      );
      await finishAfterAnswer(context, posted);
      return json(200, { applied: true, state: changed.followUp.state });
    } catch (error) {
      logError("BOOKING NOT APPLIED: the lead store did not answer", {
        trigger: event.triggerEvent,
        bookingUid: uid,
        reason: reasonOf(error),
      });
      return json(503, { error: "Lead store unavailable" });
    }
  };
}
