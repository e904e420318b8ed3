/**
 * The send-contact-email flow: parse -> store -> deliver -> respond
 * (docs/requirements.md#lead-path-and-alerts, decision docs/decisions/0019-lead-path.md; the path
 * drawn in docs/architecture.md).
 *
 * 1. The answer's format (JSON, or HTML for the form posted without JavaScript) and whether this
 *    is a local run are decided once, at the start.
 * 2. `parseDemoRequest` gives a checked demo request or a typed rejection; `judgeSpam` gives the
 *    spam layers' verdict on it (demo-request/spam.ts); the lead is built once from both.
 * 3. The lead store's `create` says `created`, `exists` (a repeated request id: answered from the
 *    stored state, never sent again, and 409 when the payload differs) or `unavailable`.
 * 4. By that answer: a repeated id is answered; a filled honeypot that was stored is held, never
 *    sent, and answered like a delivered request after about as long; one that could not be
 *    stored is sent to sales as suspected instead of being lost (the one place where the store's
 *    answer changes a verdict); any other lead is sent on each channel by `deliverLead`, every
 *    attempt recorded (delivery/deliver.ts).
 * 5. `respond` writes the outcome in the chosen format and offers the booking page to a received
 *    request (demo-request/respond.ts).
 *
 * Collaborators are injected so tests can swap the store, the mailer, the clock and the waits.
 */
import { randomUUID } from "node:crypto";
import { DEMO_REQUEST_FIELDS, type DemoRequest } from "../../../src/lib/demo-request";
import { createAnswerTiming, type AnswerTiming } from "./answer-timing";
import { prefilledBookingUrl } from "../booking/booking-url";
import { isLocalRun, type ConfigResult, type ServerConfig } from "../config";
import type { ConfirmationLimits } from "../delivery/email/confirmation-limits";
import { deliverLead } from "../delivery/deliver";
import { isFormContentType } from "../http";
import { isSettled, newLead, type LeadRecord } from "../leads/lead-record";
import { LeadRecorder } from "../leads/lead-recorder";
import type { CreateResult, LeadStore } from "../leads/lead-store";
import { logError, logInfo } from "../log";
import type { Mailer } from "../delivery/email/mailer";
import type { RetryOptions } from "../delivery/send-result";
import { parseDemoRequest } from "./parse-request";
import { respond, type AnswerFormat, type BookingOffer, type Outcome } from "./respond";
import { HONEYPOT_REASON, judgeSpam } from "./spam";
import { maskEmail } from "../text";

export interface HandlerDeps {
  getConfig: () => ConfigResult;
  /** The lead store; may throw or give null when Blobs is unavailable (the request is then not stored). */
  getStore: () => LeadStore | null;
  createMailer: (config: ServerConfig) => Mailer;
  /** The bounds on confirmation e-mails; may throw (then no confirmation is sent). */
  getConfirmationLimits: (config: ServerConfig) => ConfirmationLimits;
  now?: () => Date;
  retry?: RetryOptions;
  /** How long a honeypot answer waits (default: like recent real deliveries, answer-timing.ts). */
  timing?: AnswerTiming;
}

/** The Functions v2 context, as far as the handler reads it. */
export type HandlerContext = { deploy?: { context?: string } } | undefined;

const reasonOf = (error: unknown) => (error instanceof Error ? error.name : "unknown");

/** The confirmation bounds; limits that cannot even be opened refuse every confirmation. */
function openLimits(deps: HandlerDeps, config: ServerConfig): ConfirmationLimits {
  try {
    return deps.getConfirmationLimits(config);
  } catch {
    return { reserve: () => Promise.reject(new Error("confirmation limits unavailable")) };
  }
}

function openStore(deps: HandlerDeps): LeadStore | null {
  try {
    return deps.getStore();
  } catch {
    return null;
  }
}

function samePayload(a: DemoRequest, b: DemoRequest): boolean {
  return DEMO_REQUEST_FIELDS.every((row) => a[row.name] === b[row.name]);
}

/**
 * A repeated request id (double click, network retry, back-and-resubmit): no second e-mail, and
 * a `conflict` when the payload differs (an id is bound to its payload).
 */
async function repeated(store: LeadStore, lead: LeadRecord): Promise<Outcome> {
  const id = lead.id;
  let existing: LeadRecord | null = null;
  try {
    existing = await store.get(id);
    // `create` marked it pending again; a settled lead needs no marker.
    if (existing && isSettled(existing)) await store.settle(id);
  } catch (error) {
    logError("stored demo request unreadable", { requestId: id, reason: reasonOf(error) });
  }
  if (existing && !samePayload(existing.request, lead.request)) {
    logInfo("request id reused with a different payload; nothing sent", { requestId: id });
    return { kind: "conflict" };
  }
  logInfo("repeated request id", { requestId: id, state: existing?.state });
  return { kind: "received", delivered: existing?.state === "sent" || existing?.state === "spam" };
}

/**
 * A filled honeypot, stored: settled at once (the retry job never reads it) and never sent,
 * answered like a delivered request and as slowly, so the honeypot cannot be found by probing
 * (decision docs/decisions/0011-spam-defence-layers.md).
 */
async function heldAsSpam(lead: LeadRecord, store: LeadStore, timing: AnswerTiming): Promise<Outcome> {
  logInfo("stored as spam; nothing sent", {
    requestId: lead.id,
    prospect: maskEmail(lead.request.email),
    reason: lead.spamReason,
  });
  // A marker left behind costs the job one read; it finds nothing to send and removes it.
  await store.settle(lead.id).catch(() => undefined);
  await timing.wait();
  return { kind: "received", delivered: true };
}

/**
 * A filled honeypot that could not be stored: kept nowhere, it would be lost, and a person whose
 * browser autofilled the field would never hear back, so sales gets it marked as suspected
 * instead (nothing a person typed is discarded). The same lead, with that verdict.
 */
function unstoredHoneypotAsSuspected(lead: LeadRecord): LeadRecord {
  return newLead(lead.id, lead.request, new Date(lead.receivedAt), {
    verdict: {
      kind: "suspected",
      reason: `${HONEYPOT_REASON}; it could not be stored, so it is sent rather than held`,
    },
    attribution: lead.attribution,
  });
}

/** Sends `lead` on every channel; `stored` says whether the store holds it (else nothing is recorded). */
async function delivered(
  lead: LeadRecord,
  store: LeadStore | null,
  stored: CreateResult,
  deps: HandlerDeps,
  config: ServerConfig,
  now: () => Date,
): Promise<Outcome> {
  if (lead.suspectedSpam) {
    logInfo("suspected spam; delivered with the reason", { requestId: lead.id, reason: lead.suspectedSpam });
  }
  if (!store) logInfo("no lead store; sending without a record", { requestId: lead.id });
  else if (stored === "unavailable")
    logError("store create failed; sending without a record", { requestId: lead.id });
  const recorder = new LeadRecorder(stored === "created" ? store : null, lead);
  const results = await deliverLead(recorder, {
    config,
    mailer: deps.createMailer(config),
    confirmationLimits: openLimits(deps, config),
    retry: deps.retry,
    now,
  });
  const sent = results.sales?.status === "sent";
  return !sent && stored !== "created" ? { kind: "undeliverable" } : { kind: "received", delivered: sent };
}

/** What became of the request, and the booking page it is offered; never throws for a store or send failure. */
async function handle(
  req: Request,
  format: AnswerFormat,
  deps: HandlerDeps,
  context: HandlerContext,
  timing: AnswerTiming,
): Promise<{ outcome: Outcome; booking?: BookingOffer }> {
  const configResult = deps.getConfig();
  if (!configResult.ok) {
    logError("server misconfigured", { problems: configResult.problems.join("; ") });
    return { outcome: { kind: "misconfigured" } };
  }
  const config = configResult.config;
  const isLocal = config.isLocal || isLocalRun({}, context);
  const parsed = await parseDemoRequest(req, { siteOrigin: config.siteOrigin, isLocal, format });
  if (parsed.kind === "rejected") return { outcome: parsed };

  const now = deps.now ?? (() => new Date());
  const started = performance.now();
  const receivedAt = now();
  const verdict = judgeSpam(parsed, { secret: config.formSecret, now: receivedAt });
  const lead = newLead(parsed.requestId ?? randomUUID(), parsed.request, receivedAt, {
    verdict,
    honeypot: parsed.honeypot,
    attribution: parsed.attribution,
  });
  // Offered to spam too, so its answer stays the same as a delivered request's.
  const booking = config.bookingUrl
    ? { url: prefilledBookingUrl(config.bookingUrl, parsed.request), leadId: lead.id }
    : undefined;
  const store = openStore(deps);
  const stored = store ? await store.create(lead) : "unavailable";

  if (stored === "exists") return { outcome: await repeated(store!, lead), booking };
  if (verdict.kind === "spam" && stored === "created")
    return { outcome: await heldAsSpam(lead, store!, timing), booking };
  const toSend = verdict.kind === "spam" ? unstoredHoneypotAsSuspected(lead) : lead;
  const outcome = await delivered(toSend, store, stored, deps, config, now);
  if (outcome.kind === "received") timing.observe(performance.now() - started);
  return { outcome, booking };
}

/** The answer format a request asks for: HTML for the form posted without JavaScript, else JSON. */
function answerFormat(req: Request): AnswerFormat {
  return isFormContentType(req.headers.get("content-type")) ? "html" : "json";
}

/** Builds the function handler from its collaborators (see the module comment). */
export function createDemoRequestHandler(
  deps: HandlerDeps,
): (req: Request, context?: HandlerContext) => Promise<Response> {
  const timing = deps.timing ?? createAnswerTiming();
  return async (req, context) => {
    const format = answerFormat(req);
    const { outcome, booking } = await handle(req, format, deps, context, timing);
    return respond(outcome, format, booking);
  };
}
