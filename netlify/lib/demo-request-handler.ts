/**
 * The send-contact-email flow (issue 3 + issue 4), with its collaborators injected so tests
 * can swap the store, the mailer, the clock and the waits.
 *
 * Answers: 200 `{ ok: true }` when the sales e-mail was accepted (or already was, for a
 * repeated request id, or the honeypot was filled); 202 `{ ok: true, status: "pending" }` when
 * it was not accepted but the request is stored for the retry job; 502 when neither; 500
 * "Server misconfigured" when configuration is missing; 4xx from `parseDemoRequest`.
 */
import { randomUUID } from "node:crypto";
import type { ConfigResult, ServerConfig } from "./config";
import { sendConfirmation } from "./confirmation";
import type { ConfirmationLimits } from "./confirmation-limits";
import { toFormAnswer } from "./form-answer";
import { fail, isFormContentType, json } from "./http";
import type { LeadRecord, LeadStore } from "./lead-store";
import { logError, logInfo } from "./log";
import { sendWithRetry, type Mailer, type RetryOptions } from "./mailer";
import { buildSalesEmail } from "./messages";
import { parseDemoRequest } from "./parse-request";
import { maskEmail } from "./text";

export interface HandlerDeps {
  getConfig: () => ConfigResult;
  /** The lead store, or null when Blobs is unavailable (the request is then not stored). */
  getStore: () => LeadStore | null;
  createMailer: (config: ServerConfig) => Mailer;
  /** The bounds on confirmation e-mails (issue 13); may throw (then no confirmation is sent). */
  getConfirmationLimits: (config: ServerConfig) => ConfirmationLimits;
  now?: () => Date;
  retry?: RetryOptions;
}

const OK = { ok: true } as const;
const PENDING = { ok: true, status: "pending" } as const;

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
export function createDemoRequestHandler(deps: HandlerDeps): (req: Request) => Promise<Response> {
  const handleJson = createJsonHandler(deps);
  return async (req) => {
    const response = await handleJson(req);
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

function createJsonHandler(deps: HandlerDeps): (req: Request) => Promise<Response> {
  const now = deps.now ?? (() => new Date());
  return async (req) => {
    const configResult = deps.getConfig();
    if (!configResult.ok) {
      logError("server misconfigured", { problems: configResult.problems.join("; ") });
      return fail(500, "Server misconfigured");
    }
    const config = configResult.config;
    const outcome = await parseDemoRequest(req, config);
    if (outcome.kind === "reject") return outcome.response;
    if (outcome.kind === "honeypot") {
      logInfo("honeypot filled; nothing sent");
      return json(200, OK);
    }

    const requestId = outcome.requestId ?? randomUUID();
    const record: LeadRecord = {
      id: requestId,
      request: outcome.request,
      receivedAt: now().toISOString(),
      state: "pending",
      attempts: 0,
      confirmationSent: false,
    };
    let store: LeadStore | null = null;
    try {
      store = deps.getStore();
    } catch {
      store = null;
    }
    const created = store ? await tryStore("create", requestId, () => store.create(record)) : undefined;
    if (created === false && store) {
      // A repeated id (double click, network retry, back-and-resubmit): never a second e-mail.
      const existing = await tryStore("get", requestId, () => store.get(requestId));
      logInfo("repeated request id", { requestId, state: existing?.state });
      return existing?.state === "sent" ? json(200, OK) : json(202, PENDING);
    }
    const stored = created === true;

    const mailer = deps.createMailer(config);
    const sales = buildSalesEmail(record.request, {
      ...config,
      receivedAt: new Date(record.receivedAt),
      requestId,
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
    return json(200, OK);
  };
}
