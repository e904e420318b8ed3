/**
 * GET/POST /leads/<id>?sig=<signature>: the claim page (docs/requirements.md#follow-up,
 * docs/decisions/0029-lead-follow-up.md). A wrong signature is 403 whatever the id; GET changes nothing, as
 * mail scanners open every link. Referrer policy same-origin: `no-referrer` would post forms as `Origin: null`.
 */
import type { ConfigResult, ServerConfig, StaffMember } from "../../core/config";
import { isClaimSignature } from "./claim-link";
import {
  BodyTooLargeError,
  finishAfterAnswer,
  isAllowedOrigin,
  isFormContentType,
  MAX_BODY_BYTES,
  readLimitedText,
  SECURITY_HEADERS,
  type AfterAnswerContext,
} from "../../kit/http";
import {
  applyAction,
  CLOSE_REASONS,
  liveBookings,
  type CloseReason,
  type FollowUpAction,
} from "./follow-up-record";
import type { FollowUpStore } from "./follow-up-store";
import { isUuid } from "../../core/leads/lead-id";
import type { LeadRecord } from "../../core/leads/lead-record";
import { logMalformedLead, MalformedLeadError } from "../../core/leads/lead-record-schema";
import type { LeadStore } from "../../core/leads/lead-store";
import { errorName, logError, logInfo } from "../../kit/log";
import { MAX_STAFF_NAME_LENGTH } from "./settings";
import escapeHtml from "escape-html";
import { htmlPage, htmlResponse } from "../../kit/html-page";
import { postFollowUpUpdate, type FollowUpChange } from "./follow-up-update";
import { renderClaimPage, type ClaimPageNotice } from "./claim-page";

const UPDATE_OF: Record<FollowUpAction["kind"], FollowUpChange> = {
  claim: "claimed",
  "hand-over": "handed-over",
  contacted: "contacted",
  close: "closed",
  booked: "booked",
  "booking-cancelled": "booking-cancelled",
  "confirm-booking": "booked",
};

export interface ClaimHandlerDeps {
  getConfig: () => ConfigResult;
  getStore: () => LeadStore;
  getFollowUps: () => FollowUpStore;
  now?: () => Date;
}

/** A page refusing a link or form: its status, title and one sentence, nothing about any lead. */
type Problem = readonly [status: number, title: string, text: string];

const PROBLEMS = {
  method: [405, "Method not allowed", "Open this page from its link."],
  misconfigured: [500, "Server misconfigured", "The follow-up page is not available; tell the site's owner."],
  forged: [403, "This link is not valid", "Use the link exactly as the sales e-mail gives it."],
  unreadable: [503, "Try again shortly", "The lead store did not answer; reload the page in a minute."],
  gone: [404, "This lead is no longer stored", "It was erased or passed its retention period."],
  off: [404, "Follow-up is off", "The site's follow-up settings need mending; tell the site's owner."],
  notWritten: [503, "Try again shortly", "The lead store did not answer; nothing was changed."],
} as const satisfies Record<string, Problem>;

const page = (method: string, status: number, html: string, extra: Record<string, string> = {}) =>
  htmlResponse(method === "HEAD" ? null : html, status, {
    "referrer-policy": "same-origin",
    "x-robots-tag": "noindex",
    ...extra,
  });

const problem = (method: string, [status, title, text]: Problem, extra?: Record<string, string>) =>
  page(method, status, htmlPage(title, `<p>${escapeHtml(text)}</p>`), extra);

// A name shown on pages and in messages: one line of visible text with at least one letter, nothing
// invisible (a blank filler such as U+3164 would make a person nobody can read).
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2028\u2029]/u;

/** The roster member `chosen` names (their address, or name without one), or a typed name without a roster. */
function chosenPerson(
  form: URLSearchParams,
  team: readonly StaffMember[] | undefined,
  fields: { roster: string; typed: string },
): StaffMember | undefined {
  if (team) {
    const chosen = form.get(fields.roster) ?? "";
    return team.find((m) => (m.email ?? m.name) === chosen);
  }
  const name = (form.get(fields.typed) ?? "").trim();
  const readable = name.length <= MAX_STAFF_NAME_LENGTH && !INVISIBLE.test(name) && /\p{L}/u.test(name);
  return readable ? { name } : undefined;
}

const typedNameError = (what: string) =>
  `Type ${what} (at most ${MAX_STAFF_NAME_LENGTH} characters, one line).`;

/**
 * The action a posted form asks for, or the sentence saying what is wrong with it. *Contacted* is one
 * step: the page's POST with its signed link and origin check is the protection, as for every action.
 */
function parseAction(
  form: URLSearchParams,
  team: readonly StaffMember[] | undefined,
): { ok: true; action: FollowUpAction } | { ok: false; error: string } {
  const kind = form.get("action");
  if (kind === "contacted") return { ok: true, action: { kind: "contacted" } };
  if (kind === "confirm-booking") {
    const uid = form.get("booking") ?? "";
    return uid
      ? { ok: true, action: { kind: "confirm-booking", uid } }
      : { ok: false, error: "Choose the booking to confirm." };
  }
  if (kind === "close") {
    const reason = form.get("reason") ?? "";
    return (CLOSE_REASONS as readonly string[]).includes(reason)
      ? { ok: true, action: { kind: "close", reason: reason as CloseReason } }
      : { ok: false, error: "Choose why the lead is closed." };
  }
  if (kind === "claim") {
    const owner = chosenPerson(form, team, { roster: "owner", typed: "ownerName" });
    if (owner) return { ok: true, action: { kind: "claim", owner } };
    return { ok: false, error: team ? "Choose who claims the lead." : typedNameError("your name") };
  }
  if (kind === "hand-over") {
    const to = chosenPerson(form, team, { roster: "to", typed: "toName" });
    if (to) return { ok: true, action: { kind: "hand-over", to } };
    return {
      ok: false,
      error: team ? "Choose who takes the lead over." : typedNameError("the name of who takes it over"),
    };
  }
  return { ok: false, error: "Choose an action." };
}

/** The posted form, or the problem refusing it before its action is read (a foreign origin, a wrong body). */
async function checkPost(req: Request, config: ServerConfig): Promise<Problem | URLSearchParams> {
  if (!isAllowedOrigin(req.headers.get("origin"), req.url, config.siteOrigin, config.isLocal)) {
    return [403, "Not sent", "This form can only be sent from this site."];
  }
  if (!isFormContentType(req.headers.get("content-type"))) {
    return [415, "Not sent", "Send this form from the page."];
  }
  try {
    return new URLSearchParams(await readLimitedText(req, MAX_BODY_BYTES));
  } catch (error) {
    if (error instanceof BodyTooLargeError) return [413, "Not sent", "The form was too large."];
    throw error;
  }
}

/** Builds the handler for `/leads/<id>`. */
export function createClaimHandler(
  deps: ClaimHandlerDeps,
): (req: Request, id: string, context?: AfterAnswerContext) => Promise<Response> {
  const now = deps.now ?? (() => new Date());
  return async (req, rawId, context) => {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD" && method !== "POST") {
      return problem(method, PROBLEMS.method, { allow: "GET, HEAD, POST" });
    }
    const configResult = deps.getConfig();
    if (!configResult.ok) {
      logError("server misconfigured", { problems: configResult.problems.join("; ") });
      return problem(method, PROBLEMS.misconfigured);
    }
    const config = configResult.config;
    const url = new URL(req.url);
    const id = rawId.toLowerCase();
    if (!isUuid(id) || !isClaimSignature(id, url.searchParams.get("sig"), config.formSecret)) {
      return problem(method, PROBLEMS.forged);
    }
    let lead: LeadRecord | null;
    try {
      lead = await deps.getStore().get(id);
    } catch (error) {
      if (error instanceof MalformedLeadError) {
        logMalformedLead(id, "the claim page");
        const text = `Its stored record is damaged, so it cannot be shown or changed here. Tell the site's owner: request ${id}.`;
        return problem(method, [409, "This lead cannot be shown", text]);
      }
      logError("claim page: lead unreadable", { requestId: id, reason: errorName(error) });
      return problem(method, PROBLEMS.unreadable);
    }
    if (!lead) return problem(method, PROBLEMS.gone);
    if (!config.followUp) return problem(method, PROBLEMS.off);
    const action = `${url.pathname}?sig=${encodeURIComponent(url.searchParams.get("sig") ?? "")}`;
    const team = config.followUp.salesTeam;
    const followUps = deps.getFollowUps();
    const zone = config.followUp.businessHours?.zone;
    const show = async (status: number, notice?: ClaimPageNotice) => {
      const followUp = await followUps.get(id);
      const html = renderClaimPage(lead, followUp, { now: now(), action, team, zone, notice });
      return page(method, status, html);
    };
    try {
      if (method !== "POST") return await show(200);
      const form = await checkPost(req, config);
      if (!(form instanceof URLSearchParams)) return problem(method, form);
      const parsed = parseAction(form, team);
      if (!parsed.ok) return await show(422, { kind: "invalid", text: parsed.error });
      const { action: chosen } = parsed;
      const at = now();
      let from: string | undefined;
      const change = await followUps.update(id, (current) => {
        from = current.owner?.name;
        return applyAction(current, chosen, at);
      });
      if (!change.changed) return await show(409, { kind: "refused", text: change.reason });
      // The record is the truth; a marker left behind is moved by the follow-up job.
      await followUps.syncMarkers(id, change.followUp, lead.receivedAt).catch((error: unknown) => {
        logError("claim page: follow-up marker not moved", { requestId: id, reason: errorName(error) });
      });
      logInfo("lead follow-up changed", { requestId: id, action: chosen.kind, state: change.followUp.state });
      // The team's channel hears of it after the answer (docs/decisions/0030-slack-and-booking-loop.md).
      const told = postFollowUpUpdate(lead, change.followUp, UPDATE_OF[chosen.kind], {
        config,
        now,
        by: chosen.kind === "claim" ? chosen.owner.name : undefined,
        from,
        booking:
          chosen.kind === "confirm-booking"
            ? liveBookings(change.followUp).find((b) => b.uid === chosen.uid)
            : undefined,
      });
      await finishAfterAnswer(context, told);
      return new Response(null, {
        status: 303,
        headers: { ...SECURITY_HEADERS, location: action, "referrer-policy": "same-origin" },
      });
    } catch (error) {
      logError("claim page: follow-up record unreadable or not written", {
        requestId: id,
        reason: errorName(error),
      });
      return problem(method, PROBLEMS.notWritten);
    }
  };
}
