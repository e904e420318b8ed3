/**
 * The send-contact-email flow (issues 3, 4, 6, 14): parse -> store -> deliver -> respond.
 *
 * 1. `parseDemoRequest` gives a checked demo request or a typed rejection; `judgeSpam` gives the
 *    spam layers' verdict on it (issue 13, netlify/lib/demo-request/spam.ts), which the new lead carries.
 * 2. The lead store's `create` says `created`, `exists` (a repeated request id: answered from the
 *    stored state, never sent again, and 409 when the payload differs: an id is bound to its
 *    payload, issue 13) or `unavailable` (sent anyway, with nothing recorded).
 * 3. A lead stored as `spam` (filled honeypot) is not delivered: it gets the success answer after
 *    about as long as a real delivery takes (netlify/lib/demo-request/answer-timing.ts); one that could not be
 *    stored goes to sales as suspected spam instead of being lost. Any other lead is
 *    sent on each channel by `deliverLead`, recording every attempt (netlify/lib/delivery/deliver.ts); a
 *    suspected one goes to sales marked "[Suspected spam]" and gets no confirmation.
 * 4. `respond` writes the outcome as JSON, or as HTML for the form posted without JavaScript.
 *
 * Collaborators are injected so tests can swap the store, the mailer, the clock and the waits.
 */
import { randomUUID } from "node:crypto";
import { DEMO_REQUEST_FIELDS, type DemoRequest } from "../../../src/lib/demo-request";
import { createAnswerTiming, type AnswerTiming } from "./answer-timing";
import { prefilledBookingUrl } from "./booking-url";
import { isLocalRun, type ConfigResult, type ServerConfig } from "../config";
import type { ConfirmationLimits } from "../delivery/email/confirmation-limits";
import { deliverLead } from "../delivery/deliver";
import { isFormContentType } from "../http";
import { isSettled, newLead, type LeadRecord } from "../leads/lead-record";
import { LeadRecorder } from "../leads/lead-recorder";
import type { LeadStore } from "../leads/lead-store";
import { logError, logInfo } from "../log";
import type { Mailer, RetryOptions } from "../delivery/email/mailer";
import { parseDemoRequest } from "./parse-request";
import { respond, type Outcome } from "./respond";
import { HONEYPOT_REASON, judgeSpam, type SpamVerdict } from "./spam";
import { maskEmail } from "../text";

export interface HandlerDeps {
  getConfig: () => ConfigResult;
  /** The lead store; may throw or give null when Blobs is unavailable (the request is then not stored). */
  getStore: () => LeadStore | null;
  createMailer: (config: ServerConfig) => Mailer;
  /** The bounds on confirmation e-mails (issue 13); may throw (then no confirmation is sent). */
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
 * a `conflict` when the payload differs (issue 13: an id is bound to its payload).
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
 * (issue 13).
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
 * The verdict a filled honeypot is delivered under when it could not be stored: kept nowhere,
 * it would be lost, and a person whose browser autofilled the field would never hear back, so
 * sales gets it marked as suspected instead (issue 13: nothing a person typed is discarded).
 */
const UNSTORED_HONEYPOT: SpamVerdict = {
  kind: "suspected",
  reason: `${HONEYPOT_REASON}; it could not be stored, so it is sent rather than held`,
};

/** What became of the request; never throws for a store or send failure. */
async function handle(
  req: Request,
  deps: HandlerDeps,
  context: HandlerContext,
  timing: AnswerTiming,
): Promise<Outcome> {
  const configResult = deps.getConfig();
  if (!configResult.ok) {
    logError("server misconfigured", { problems: configResult.problems.join("; ") });
    return { kind: "misconfigured" };
  }
  const config = configResult.config;
  const isLocal = config.isLocal || isLocalRun({}, context);
  const parsed = await parseDemoRequest(req, { siteOrigin: config.siteOrigin, isLocal });
  if (parsed.kind === "rejected") return parsed;

  const now = deps.now ?? (() => new Date());
  const started = performance.now();
  const receivedAt = now();
  const verdict = judgeSpam(parsed, { secret: config.formSecret, now: receivedAt });
  const id = parsed.requestId ?? randomUUID();
  let lead = newLead(id, parsed.request, receivedAt, {
    verdict,
    honeypot: parsed.honeypot,
    attribution: parsed.attribution,
  });
  // Issue 16: a received request is offered the booking page, prefilled, when there is one; a
  // spam one too, so its answer stays the same as a delivered request's (issue 13).
  const booking = config.bookingUrl
    ? { url: prefilledBookingUrl(config.bookingUrl, parsed.request), leadId: id }
    : undefined;
  const offer = (outcome: Outcome): Outcome =>
    outcome.kind === "received" && booking ? { ...outcome, booking } : outcome;
  const store = openStore(deps);
  const stored = store ? await store.create(lead) : "unavailable";
  if (stored === "exists") return offer(await repeated(store!, lead));
  if (verdict.kind === "spam" && stored === "created") return offer(await heldAsSpam(lead, store!, timing));
  if (verdict.kind === "spam") {
    lead = newLead(id, parsed.request, receivedAt, {
      verdict: UNSTORED_HONEYPOT,
      attribution: parsed.attribution,
    });
  }
  if (lead.suspectedSpam) {
    logInfo("suspected spam; delivered with the reason", { requestId: id, reason: lead.suspectedSpam });
  }
  if (!store) logInfo("no lead store; sending without a record", { requestId: lead.id });
  else if (stored === "unavailable")
    logError("store create failed; sending without a record", { requestId: lead.id });

  const recorder = new LeadRecorder(stored === "created" ? store : null, lead);
  const mailer = deps.createMailer(config);
  const confirmationLimits = openLimits(deps, config);
  const results = await deliverLead(recorder, { config, mailer, confirmationLimits, retry: deps.retry, now });
  const delivered = results.sales?.status === "sent";
  if (!delivered && stored !== "created") return { kind: "undeliverable" };
  timing.observe(performance.now() - started);
  return offer({ kind: "received", delivered });
}

/** Builds the function handler from its collaborators (see the module comment). */
export function createDemoRequestHandler(
  deps: HandlerDeps,
): (req: Request, context?: HandlerContext) => Promise<Response> {
  const timing = deps.timing ?? createAnswerTiming();
  return async (req, context) => {
    const format = isFormContentType(req.headers.get("content-type")) ? "html" : "json";
    return respond(await handle(req, deps, context, timing), format);
  };
}
