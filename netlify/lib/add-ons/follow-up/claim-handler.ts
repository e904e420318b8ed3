/**
 * GET/POST /leads/<id>?sig=<signature>: the claim page (docs/requirements.md#follow-up,
 * docs/decisions/0029-lead-follow-up.md). A wrong signature is 403 whatever the id; GET changes nothing, as
 * mail scanners open every link.
 */
import type { ConfigResult, StaffMember } from "../../core/config";
import { isClaimSignature } from "./claim-link";
import { finishAfterAnswer, SECURITY_HEADERS, type AfterAnswerContext } from "../../kit/http";
import {
  applyAction,
  CLOSE_REASONS,
  liveBookings,
  type CloseReason,
  type FollowUpAction,
} from "./follow-up-record";
import type { FollowUpStore } from "./follow-up-store";
import type { LeadRecord } from "../../core/leads/lead-record";
import type { LeadStore } from "../../core/leads/lead-store";
import { errorName, logError } from "../../kit/log";
import { applyFollowUpChange, postFollowUpUpdate, type FollowUpChange } from "./follow-up-update";
import { renderClaimPage, type ClaimPageNotice } from "./claim-page";
import {
  checkPost,
  chosenPerson,
  openSignedPage,
  page,
  problem,
  problemsFor,
  typedNameError,
  unreadableLead,
} from "./signed-page";

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

const PROBLEMS = problemsFor({
  forged: "Use the link exactly as the sales e-mail gives it.",
  misconfigured: "The follow-up page is not available; tell the site's owner.",
});

/**
 * The action a posted form asks for, or the sentence saying what is wrong with it. *Contacted* is one
 * step: the page's POST with its signed link and origin check is the protection, as for every action.
 */
function parseAction(
  form: URLSearchParams,
  team: readonly StaffMember[] | undefined,
): FollowUpAction | string {
  const kind = form.get("action");
  if (kind === "contacted") return { kind: "contacted" };
  if (kind === "confirm-booking") {
    const uid = form.get("booking") ?? "";
    return uid ? { kind: "confirm-booking", uid } : "Choose the booking to confirm.";
  }
  if (kind === "close") {
    const reason = form.get("reason") ?? "";
    return (CLOSE_REASONS as readonly string[]).includes(reason)
      ? { kind: "close", reason: reason as CloseReason }
      : "Choose why the lead is closed.";
  }
  if (kind === "claim") {
    const owner = chosenPerson(form, team, { roster: "owner", typed: "ownerName" });
    if (owner) return { kind: "claim", owner };
    return team ? "Choose who claims the lead." : typedNameError("your name");
  }
  if (kind === "hand-over") {
    const to = chosenPerson(form, team, { roster: "to", typed: "toName" });
    if (to) return { kind: "hand-over", to };
    return team ? "Choose who takes the lead over." : typedNameError("the name of who takes it over");
  }
  return "Choose an action.";
}

/** Builds the handler for `/leads/<id>`. */
export function createClaimHandler(
  deps: ClaimHandlerDeps,
): (req: Request, id: string, context?: AfterAnswerContext) => Promise<Response> {
  const now = deps.now ?? (() => new Date());
  return async (req, rawId, context) => {
    const opened = await openSignedPage(req, rawId, deps.getConfig, isClaimSignature, PROBLEMS);
    if (opened instanceof Response) return opened;
    const { method, config, url, id } = opened;
    let lead: LeadRecord | null;
    try {
      lead = await deps.getStore().get(id);
    } catch (error) {
      return unreadableLead(method, error, id, { name: "claim page", cannot: "changed" }, PROBLEMS);
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
      const chosen = parseAction(form, team);
      if (typeof chosen === "string") return await show(422, { kind: "invalid", text: chosen });
      const at = now();
      const change = await applyFollowUpChange(
        followUps,
        lead,
        (current) => applyAction(current, chosen, at),
        {
          onMarkerError: (error) =>
            logError("claim page: follow-up marker not moved", { requestId: id, reason: errorName(error) }),
          logged: ({ state }) => ["lead follow-up changed", { requestId: id, action: chosen.kind, state }],
        },
      );
      if (!change.changed) return await show(409, { kind: "refused", text: change.reason });
      // The team's channel hears of it after the answer.
      const told = postFollowUpUpdate(lead, change.followUp, UPDATE_OF[chosen.kind], {
        config,
        now,
        by: chosen.kind === "claim" ? chosen.owner.name : undefined,
        from: change.before.owner?.name,
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
