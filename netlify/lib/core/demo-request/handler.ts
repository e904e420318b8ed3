/**
 * The demo request, parse -> store -> deliver -> respond (docs/decisions/0019-lead-path.md). The answer waits only for
 * the lead stored and the sales e-mail's outcome; the rest finishes after it (docs/decisions/0039-work-after-the-answer.md).
 */
import { judgeWith, leadLinesOf, leadMarkersOf, type AddOn } from "../add-on";
import { DEMO_REQUEST_FIELDS, type DemoRequest } from "../../../../src/lib/demo-request";
import { isLocalRun, type ConfigResult, type ServerConfig } from "../config";
import { startDelivery, withinRequest } from "../delivery/deliver";
import { finishAfterAnswer, hasMediaType, type AfterAnswerContext } from "../../kit/http";
import { isSettled, newLead, type LeadRecord } from "../leads/lead-record";
import { inboxKeyOf, leadIdFor } from "../leads/lead-address";
import { LeadRecorder, type CreateResult, type LeadStore } from "../leads/lead-store";
import { errorName, logError, logInfo, maskDomain, maskEmail } from "../../kit/log";
import type { Mailer, RetryOptions } from "../delivery/mailer";
import { channelsOf } from "../delivery/deliver";
import { parseDemoRequest, respond, type AnswerFormat, type BookingOffer, type Outcome } from "./edge";
import { createFormTokenNonces, MAX_TOKEN_AGE_MS, type FormTokenNonces } from "../spam/form-token";
import {
  clientKeyOf,
  HONEYPOT_REASON,
  judgeSpam,
  probeDelivery,
  REUSED_TOKEN_REASON,
  type SpamVerdict,
} from "../spam/spam";
import { jsonBlobs } from "../../kit/json-blobs";
import { LIMITS_STORE_NAME } from "../../kit/storage";

interface HandlerDeps {
  getConfig: () => ConfigResult;
  getAddOns: (config: ServerConfig) => Promise<readonly AddOn[]>;
  getStore: () => LeadStore | null;
  createMailer: (config: ServerConfig) => Mailer;
  now?: () => Date;
  retry?: RetryOptions;
  getFormTokenNonces?: () => FormTokenNonces;
}

type HandlerContext = ({ deploy?: { context?: string }; ip?: string } & AfterAnswerContext) | undefined;

type Run = {
  deps: HandlerDeps;
  config: ServerConfig;
  addOns: readonly AddOn[];
  now: () => Date;
  /** The in-request retries, with the request's deadline. */
  retry: RetryOptions;
  context: HandlerContext;
};

function openStore(deps: HandlerDeps): LeadStore | null {
  try {
    return deps.getStore();
  } catch {
    return null;
  }
}

/** A repeated request id: no second e-mail, and `conflict` when the payload differs. */
async function repeated(store: LeadStore, lead: LeadRecord): Promise<Outcome> {
  const id = lead.id;
  let existing: LeadRecord | null = null;
  try {
    existing = await store.get(id);
    // `create` marked it pending again; a settled lead needs no marker.
    if (existing && isSettled(existing)) await store.settle(id);
  } catch (error) {
    logError("stored demo request unreadable", { requestId: id, reason: errorName(error) });
  }
  if (existing && DEMO_REQUEST_FIELDS.some((row) => existing.request[row.name] !== lead.request[row.name])) {
    logInfo("request id reused with a different payload; nothing sent", { requestId: id });
    return { kind: "conflict" };
  }
  logInfo("repeated request id", { requestId: id, state: existing?.state });
  return {
    kind: "received",
    delivered: existing?.state === "sent" || existing?.state === "spam",
    leadId: id,
  };
}

/**
 * A honeypot lead: never sent, and answered after the same kinds of awaited calls as a delivered one
 * (docs/decisions/0028-second-hostile-review.md): the lead written as for the sales attempt and its outcome, and
 * between them the add-ons' lead lines (their reads, for nothing) and the sales e-mail's probe in sandbox mode.
 */
async function heldAsSpam(
  lead: LeadRecord,
  store: LeadStore,
  { deps, config, addOns, now, retry, context }: Run,
): Promise<Outcome> {
  logInfo("stored as spam; nothing sent", {
    requestId: lead.id,
    prospect: maskEmail(lead.request.email),
    reason: lead.spamReason,
  });
  const write = () => store.update(lead).catch(() => undefined);
  await write();
  await leadLinesOf(addOns, lead, { config, now });
  const delivered = await probeDelivery(deps.createMailer(config), config, retry);
  await write();
  // A marker left behind costs the job one read; it finds nothing to send and removes it.
  await finishAfterAnswer(
    context,
    store.settle(lead.id).catch(() => undefined),
  );
  return { kind: "received", delivered, leadId: lead.id };
}

/** A token another request used makes a clean request suspected; a store fault never punishes a person. */
async function afterSpendingToken(
  verdict: SpamVerdict,
  parsed: { formToken?: string; requestId?: string; request: DemoRequest },
  deps: HandlerDeps,
  receivedAt: Date,
): Promise<SpamVerdict> {
  if (verdict.kind !== "clean" || !parsed.formToken) return verdict;
  try {
    const nonces = (deps.getFormTokenNonces ?? (() => createFormTokenNonces(jsonBlobs(LIMITS_STORE_NAME))))();
    const expiresAt = new Date(receivedAt.getTime() + MAX_TOKEN_AGE_MS);
    const spent = await nonces.spend(
      parsed.formToken,
      { key: parsed.requestId, fields: parsed.request },
      expiresAt,
    );
    return spent === "reused" ? { kind: "suspected", reason: REUSED_TOKEN_REASON } : verdict;
  } catch (error) {
    logError("spent form tokens unreadable; the token was not checked for reuse", {
      reason: errorName(error),
    });
    return verdict;
  }
}

async function delivered(
  lead: LeadRecord,
  store: LeadStore | null,
  stored: CreateResult,
  { deps, config, addOns, now, retry, context }: Run,
): Promise<Outcome> {
  if (lead.suspectedSpam) {
    // A disposable address's reason names its domain, which the visitor chose: masked as an address.
    const domain = lead.emailClass?.domain;
    const reason = domain ? lead.suspectedSpam.replaceAll(domain, maskDomain(domain)) : lead.suspectedSpam;
    logInfo("suspected spam; delivered with the reason", { requestId: lead.id, reason });
  }
  if (!store) logInfo("no lead store; sending without a record", { requestId: lead.id });
  else if (stored === "unavailable")
    logError("store create failed; sending without a record", { requestId: lead.id });
  const recorder = new LeadRecorder(stored === "created" ? store : null, lead);
  const mailer = deps.createMailer(config);
  const delivery = startDelivery(recorder, { config, mailer, addOns, retry, now });
  const sent = (await delivery.sales)?.status === "sent";
  await finishAfterAnswer(context, delivery.done);
  return !sent && stored !== "created"
    ? { kind: "undeliverable" }
    : { kind: "received", delivered: sent, leadId: lead.id };
}

/** What became of the request, and its answer's offer; never throws for a store or send failure. */
async function handle(
  req: Request,
  format: AnswerFormat,
  deps: HandlerDeps,
  context: HandlerContext,
  retry: RetryOptions,
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
  const receivedAt = now();
  const judge = (honeypot: string) =>
    judgeSpam(
      { ...parsed, honeypot, viaForm: format === "html" },
      { secret: config.formSecret, now: receivedAt },
    );
  const first = judge(parsed.honeypot);
  // A held request spends its token as it would with the honeypot empty, so its calls are a real request's.
  const spent = await afterSpendingToken(first.kind === "spam" ? judge("") : first, parsed, deps, receivedAt);
  const verdict = first.kind === "spam" ? first : spent;
  // The client IP as Netlify's rate limit sees it (`npm start` gives the socket's address).
  const ip = context?.ip || undefined;
  const addOns = await deps.getAddOns(config);
  const judged = judgeWith(addOns, parsed.request, verdict);
  // One id for both makes of the lead: without a request id it is random.
  const id = leadIdFor(parsed.requestId, config.formSecret);
  const leadAs = (judgement: SpamVerdict) =>
    newLead(id, parsed.request, receivedAt, {
      verdict: judgement,
      emailClass: judged.lead?.emailClass,
      honeypot: parsed.honeypot,
      attribution: parsed.attribution,
      clientKey: ip ? clientKeyOf(ip, config.formSecret) : undefined,
      inboxKey: inboxKeyOf(parsed.request.email, config.formSecret),
      channels: channelsOf(addOns).names,
    });
  const lead = leadAs(judged.verdict);
  const store = openStore(deps);
  const stored = store ? await store.create(lead, leadMarkersOf(addOns, lead)) : "unavailable";

  const run: Run = { deps, config, addOns, now, retry, context };
  let outcome: Outcome;
  if (stored === "exists") outcome = await repeated(store!, lead);
  else if (verdict.kind === "spam" && stored === "created") outcome = await heldAsSpam(lead, store!, run);
  else {
    // A honeypot lead that could not be stored goes to sales as suspected: a browser may have autofilled it.
    const reason = `${HONEYPOT_REASON}; it could not be stored, so it is sent rather than held`;
    const toSend = verdict.kind === "spam" ? leadAs({ kind: "suspected", reason }) : lead;
    outcome = await delivered(toSend, store, stored, run);
  }
  // Offered to spam too, so its answer stays the same as a delivered request's.
  if (outcome.kind !== "received") return { outcome };
  for (const addOn of addOns) {
    const booking = await addOn.answerExtras?.({
      leadId: outcome.leadId,
      request: parsed.request,
      format,
      now: now(),
    });
    if (booking) return { outcome, booking };
  }
  return { outcome };
}

/** Builds the function handler; collaborators are injected so tests can swap them. */
export function createDemoRequestHandler(
  deps: HandlerDeps,
): (req: Request, context?: HandlerContext) => Promise<Response> {
  return async (req, context) => {
    const retry = withinRequest(deps.retry);
    const format = hasMediaType(req.headers.get("content-type"), "application/x-www-form-urlencoded")
      ? "html"
      : "json";
    const { outcome, booking } = await handle(req, format, deps, context, retry);
    return respond(outcome, format, booking);
  };
}
