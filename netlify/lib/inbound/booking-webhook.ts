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
 * booking/booking-reference.ts: booked in the same visit), else by an attendee's inbox among the
 * stored leads (the confirmation e-mail's plain link carries no reference), the latest first.
 */
import { z } from "zod";
import { BOOKING_REFERENCE_KEY, leadIdFromReference } from "../booking/booking-reference";
import type { ConfigResult, ServerConfig } from "../config";
import { postFollowUpUpdate } from "../delivery/follow-up/follow-up-update";
import type { RetryOptions } from "../delivery/send-result";
import { BodyTooLargeError, json, readLimitedText } from "../http";
import type { JsonBlobs } from "../json-blobs";
import { applyAction, type FollowUpAction, type LeadBooking } from "../leads/follow-up-record";
import type { FollowUpStore } from "../leads/follow-up-store";
import { parseLeadAddress, requestsFrom } from "../leads/lead-address";
import type { LeadRecord } from "../leads/lead-record";
import type { LeadStore } from "../leads/lead-store";
import { logError, logInfo } from "../log";
import { maskEmail } from "../text";
import { isCalSignature } from "./cal-signature";
import { noteApplied, wasApplied } from "./booking-events";

/** Largest accepted body in bytes: a booking's payload carries the booking form's answers. */
export const BOOKING_MAX_BODY_BYTES = 64 * 1024;
const TRIGGERS = ["BOOKING_CREATED", "BOOKING_RESCHEDULED", "BOOKING_CANCELLED"] as const;
const READ_BATCH = 50;

const triggerSchema = z.object({ triggerEvent: z.string().max(100) });
const eventSchema = z.object({
  triggerEvent: z.string().max(100),
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

/** Every stored lead whose address is in one of `emails`' inboxes, the latest first. */
async function leadsFromInboxes(store: LeadStore, emails: string[]): Promise<LeadRecord[]> {
  const addresses = emails.flatMap((email) => {
    const parsed = parseLeadAddress(email);
    return parsed.ok ? [parsed.address] : [];
  });
  if (addresses.length === 0) return [];
  const ids = await store.ids();
  const leads: LeadRecord[] = [];
  for (let start = 0; start < ids.length; start += READ_BATCH) {
    const batch = await Promise.all(ids.slice(start, start + READ_BATCH).map((id) => store.get(id)));
    leads.push(...batch.filter((lead): lead is LeadRecord => lead !== null));
  }
  const found = addresses.flatMap((address) => requestsFrom(leads, address, "inbox"));
  return [...new Map(found.map((lead) => [lead.id, lead])).values()].sort((a, b) =>
    b.receivedAt.localeCompare(a.receivedAt),
  );
}

/** The lead a booking is for, and how it was found; undefined when none matches. */
async function matchLead(
  event: BookingEvent,
  store: LeadStore,
  config: ServerConfig,
): Promise<{ lead: LeadRecord; via: LeadBooking["via"] } | undefined> {
  const id = leadIdFromReference(event.payload.metadata?.[BOOKING_REFERENCE_KEY], config.formSecret);
  const byReference = id ? await store.get(id) : null;
  if (byReference) return { lead: byReference, via: "reference" };
  const emails = (event.payload.attendees ?? []).flatMap((a) => (a.email ? [a.email] : []));
  const [latest] = (await leadsFromInboxes(store, emails)).filter((lead) => lead.state !== "spam");
  return latest ? { lead: latest, via: "email" } : undefined;
}

/** The follow-up action an event asks for. */
function actionOf(event: BookingEvent, via: LeadBooking["via"]): FollowUpAction {
  const { uid, startTime } = event.payload;
  if (event.triggerEvent === "BOOKING_CANCELLED") return { kind: "booking-cancelled", uid };
  return { kind: "booked", booking: { uid, via, ...(startTime ? { startTime } : {}) } };
}

/** Builds the handler for `/api/booking-webhook` from its collaborators (see the module comment). */
export function createBookingWebhookHandler(
  deps: BookingWebhookDeps,
): (req: Request, context?: { waitUntil?: (promise: Promise<unknown>) => void }) => Promise<Response> {
  const now = deps.now ?? (() => new Date());
  return async (req, context) => {
    if (req.method !== "POST") return json(405, { error: "Method not allowed" }, { allow: "POST" });
    const configResult = deps.getConfig();
    if (!configResult.ok) {
      logError("server misconfigured", { problems: configResult.problems.join("; ") });
      return json(500, { error: "Server misconfigured" });
    }
    const config = configResult.config;
    if (!config.calWebhookSecret) return json(404, { error: "The booking webhook is not configured" });
    let body: string;
    try {
      body = await readLimitedText(req, BOOKING_MAX_BODY_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return json(413, { error: "Request body too large" });
      throw error;
    }
    if (!isCalSignature(config.calWebhookSecret, body, req.headers.get("x-cal-signature-256"))) {
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
    try {
      const events = deps.getEvents();
      if (await wasApplied(events, event.triggerEvent, uid)) {
        return json(200, { applied: false, reason: "already applied" });
      }
      const store = deps.getStore();
      const match = await matchLead(event, store, config);
      if (!match) {
        const emails = (event.payload.attendees ?? []).map((a) => maskEmail(a.email ?? "")).join(",");
        logInfo("booking matches no stored lead", { trigger: event.triggerEvent, attendees: emails });
        return json(200, { applied: false, reason: "no stored lead matches this booking" });
      }
      const { lead, via } = match;
      if (lead.state === "spam") {
        // A person booked after a spam layer held their request: nothing is posted about a spam
        // lead (decision 0022), but someone must look at it.
        logError(`BOOKING FOR A LEAD HELD AS SPAM ${lead.id}: recover it with npm run leads:export`, {
          trigger: event.triggerEvent,
        });
        return json(200, { applied: false, reason: "the lead is held as spam" });
      }
      const at = now();
      const followUps = deps.getFollowUps();
      const action = actionOf(event, via);
      const result = await followUps.update(lead.id, (current) => applyAction(current, action, at));
      await noteApplied(events, event.triggerEvent, uid, at);
      if (!result.changed) return json(200, { applied: false, reason: result.reason });
      await followUps.syncMarkers(lead.id, result.followUp, lead.receivedAt).catch(() => undefined);
      logInfo("lead follow-up changed by a booking", {
        requestId: lead.id,
        trigger: event.triggerEvent,
        via,
      });
      const posted = postFollowUpUpdate(
        lead,
        result.followUp,
        action.kind === "booked" ? "booked" : "booking-cancelled",
        {
          config,
          now,
          retry: deps.retry,
        },
      );
      if (context?.waitUntil) context.waitUntil(posted);
      else await posted;
      return json(200, { applied: true, state: result.followUp.state });
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
