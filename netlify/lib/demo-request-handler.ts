/**
 * The send-contact-email flow (issue 3 + issue 4), with its collaborators injected so tests
 * can swap the store, the mailer, the clock and the waits.
 *
 * Answers: 200 `{ ok: true }` when the sales e-mail was accepted (or already was, for a
 * repeated request id); 202 `{ ok: true, status: "pending" }` when it was not accepted but the
 * request is stored for the retry job; 502 when neither; 409 when a request id comes back with
 * a different payload (issue 13); 500 "Server misconfigured" when configuration is missing; 4xx
 * from `parseDemoRequest`. A filled honeypot gets the 200 answer after about as long as a real
 * delivery takes, is stored as `spam` and sends nothing; a suspected request is delivered with
 * its reason and gets no confirmation (issue 13, netlify/lib/spam.ts).
 */
import { randomUUID } from "node:crypto";
import { createAnswerTiming, type AnswerTiming } from "./answer-timing";
import { isLocalRun, type ConfigResult, type ServerConfig } from "./config";
import { sendConfirmation } from "./confirmation";
import type { ConfirmationLimits } from "./confirmation-limits";
import { toFormAnswer } from "./form-answer";
import { fail, isFormContentType, json } from "./http";
import type { LeadRecord, LeadStore } from "./lead-store";
import { logError, logInfo } from "./log";
import { sendWithRetry, type Mailer, type RetryOptions } from "./mailer";
import { buildSalesEmail } from "./messages";
import { parseDemoRequest, type ParseOutcome } from "./parse-request";
import { judgeSpam, type SpamVerdict } from "./spam";
import { maskEmail } from "./text";
import { DEMO_REQUEST_FIELDS, type DemoRequest } from "../../src/lib/demo-request";

export interface HandlerDeps {
  getConfig: () => ConfigResult;
  /** The lead store, or null when Blobs is unavailable (the request is then not stored). */
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

const OK = { ok: true } as const;
const PENDING = { ok: true, status: "pending" } as const;

/** The 409 answer's text: it says nothing about the request stored under that id. */
export const ID_CONFLICT =
  "This requestId was already used for a different demo request. Send it again with a new requestId.";

async function tryStore<T>(
  what: string,
  requestId: string,
  action: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await action();
  } catch (error) {
    logError(`store ${what} failed`, { requestId, reason: error instanceof Error ? error.name : "unknown" });
    return undefined;
  }
}

/**
 * Builds the function handler from its collaborators. A form-encoded post (the no-JS form,
 * issue 6) runs the same flow; only its answer is translated by `toFormAnswer`.
 */
export function createDemoRequestHandler(
  deps: HandlerDeps,
): (req: Request, context?: HandlerContext) => Promise<Response> {
  const handleJson = createJsonHandler(deps);
  return async (req, context) => {
    const response = await handleJson(req, context);
    return isFormContentType(req.headers.get("content-type")) ? toFormAnswer(response) : response;
  };
}

/** The confirmation for a delivered request; limits that cannot even be opened mean none. */
async function confirm(deps: HandlerDeps, mailer: Mailer, config: ServerConfig, record: LeadRecord) {
  let limits: ConfirmationLimits;
  try {
    limits = deps.getConfirmationLimits(config);
  } catch {
    limits = { reserve: () => Promise.reject(new Error("confirmation limits unavailable")) };
  }
  return sendConfirmation({ mailer, config, limits }, record);
}

/** The new record for a valid request: `spam` when the honeypot was filled, else `pending`. */
function newRecord(
  outcome: Extract<ParseOutcome, { kind: "valid" }>,
  id: string,
  receivedAt: Date,
  verdict: SpamVerdict,
): LeadRecord {
  const record: LeadRecord = {
    id,
    request: outcome.request,
    receivedAt: receivedAt.toISOString(),
    state: "pending",
    attempts: 0,
    confirmationSent: false,
  };
  if (verdict.kind === "spam") {
    Object.assign(record, { state: "spam", spamReason: verdict.reason, honeypot: outcome.honeypot });
  }
  if (verdict.kind === "suspected") record.suspectedSpam = verdict.reason;
  return record;
}

function samePayload(a: DemoRequest, b: DemoRequest): boolean {
  return DEMO_REQUEST_FIELDS.every((row) => a[row.name] === b[row.name]);
}

/**
 * The answer to a request id already stored: never a second e-mail (double click, network retry,
 * back-and-resubmit), and 409 when the payload differs (issue 13: an id is bound to its payload).
 */
async function repeatedIdAnswer(store: LeadStore, record: LeadRecord): Promise<Response> {
  const existing = await tryStore("get", record.id, () => store.get(record.id));
  if (existing && !samePayload(existing.request, record.request)) {
    logInfo("request id reused with a different payload; nothing sent", { requestId: record.id });
    return fail(409, ID_CONFLICT);
  }
  logInfo("repeated request id", { requestId: record.id, state: existing?.state });
  return existing?.state === "sent" || existing?.state === "spam" ? json(200, OK) : json(202, PENDING);
}

function createJsonHandler(deps: HandlerDeps): (req: Request, context: HandlerContext) => Promise<Response> {
  const now = deps.now ?? (() => new Date());
  const timing = deps.timing ?? createAnswerTiming();
  return async (req, context) => {
    const configResult = deps.getConfig();
    if (!configResult.ok) {
      logError("server misconfigured", { problems: configResult.problems.join("; ") });
      return fail(500, "Server misconfigured");
    }
    const config = configResult.config;
    const isLocal = config.isLocal || isLocalRun({}, context);
    const outcome = await parseDemoRequest(req, { siteOrigin: config.siteOrigin, isLocal });
    if (outcome.kind === "reject") return outcome.response;

    const started = performance.now();
    const receivedAt = now();
    const verdict = judgeSpam(outcome, { secret: config.formSecret, now: receivedAt });
    const requestId = outcome.requestId ?? randomUUID();
    const record = newRecord(outcome, requestId, receivedAt, verdict);
    let store: LeadStore | null = null;
    try {
      store = deps.getStore();
    } catch {
      store = null;
    }
    const created = store ? await tryStore("create", requestId, () => store.create(record)) : undefined;
    if (created === false && store) return repeatedIdAnswer(store, record);
    const stored = created === true;

    if (verdict.kind === "spam") {
      // Answered like a delivered request, and as slowly, so the honeypot cannot be found by probing.
      const fields = { requestId, prospect: maskEmail(record.request.email), reason: verdict.reason };
      if (stored) logInfo("stored as spam; nothing sent", fields);
      else logError("spam request not stored; nothing sent", fields);
      await timing.wait();
      return json(200, OK);
    }
    if (verdict.kind === "suspected") {
      logInfo("suspected spam; delivered with the reason", { requestId, reason: verdict.reason });
    }

    const mailer = deps.createMailer(config);
    const sales = buildSalesEmail(record.request, {
      ...config,
      receivedAt,
      requestId,
      suspectedSpam: record.suspectedSpam,
    });
    const result = await sendWithRetry(mailer, sales, deps.retry);
    record.attempts = result.attempts;
    record.lastAttemptAt = now().toISOString();

    if (result.status !== "sent") {
      logError("sales e-mail not accepted", {
        requestId,
        status: result.code,
        error: result.error,
        attempts: result.attempts,
        stored,
      });
      if (!stored || !store) return fail(502, "The demo request could not be delivered. Please try again.");
      record.lastError = result.error;
      await tryStore("update", requestId, () => store.update(record));
      timing.observe(performance.now() - started);
      return json(202, PENDING);
    }

    record.state = "sent";
    record.sentAt = record.lastAttemptAt;
    logInfo("sales e-mail accepted", {
      requestId,
      prospect: maskEmail(record.request.email),
      attempts: result.attempts,
    });
    record.confirmationSent = await confirm(deps, mailer, config, record);
    if (store && stored) await tryStore("update", requestId, () => store.update(record));
    timing.observe(performance.now() - started);
    return json(200, OK);
  };
}
