/**
 * GET/POST /leads/<id>/release?sig=<signature>: releasing a lead held as spam
 * (docs/decisions/0038-weekly-summary.md). GET changes nothing (mail scanners open links); the POST works
 * once, delivers it as a new lead and answers 303 to its claim page (a fresh claim link). The link ends with
 * the spam record: once the lead is released its page shows who released it and nothing of the prospect
 * (docs/decisions/0040-link-lifetime-and-roster-keys.md).
 */
import escapeHtml from "escape-html";
import type { AddOn } from "../../core/add-on";
import { channelsOf, startDelivery, withinRequest } from "../../core/delivery/deliver";
import type { RetryOptions } from "../../core/delivery/mailer";
import {
  logMalformedLead,
  MalformedLeadError,
  pendingDeliveries,
  type ChannelName,
  type LeadRecord,
} from "../../core/leads/lead-record";
import { LeadRecorder, type LeadStore } from "../../core/leads/lead-store";
import { reasonInWords } from "../../core/spam/spam";
import { htmlPage } from "../../kit/html-page";
import { finishAfterAnswer, SECURITY_HEADERS, type AfterAnswerContext } from "../../kit/http";
import { localTime } from "../../kit/text";
import { errorName, logError, logInfo } from "../../kit/log";
import type { FollowUpStore } from "./follow-up-store";
import { checkReleaseLink, claimUrlFor } from "./claim-link";
import type { ClaimHandlerDeps } from "./claim-handler";
import {
  checkPost,
  chosenPerson,
  keyedRoster,
  openSignedPage,
  PAGE_HEADERS,
  page,
  personField,
  problem,
  problemsFor,
  readLead,
  type KeyedMember,
} from "./signed-page";

type ReleaseHandlerDeps = ClaimHandlerDeps & { retry?: RetryOptions };

const PAGE_TITLE = "Release a lead held as spam";

const PROBLEMS = problemsFor({
  forged: "Use the link exactly as the weekly summary gives it.",
  misconfigured: "This page is not available; tell the site's owner.",
});

// The follow-up clock of a new lead first, then the lead, requeued with a conditional write one caller wins.
async function releaseLead(
  leads: LeadStore,
  followUps: FollowUpStore,
  release: { id: string; by: string; at: Date; channels: readonly ChannelName[] },
) {
  const { id, by, at } = release;
  const found = await leads.getWithEtag(id);
  if (!found) return { refused: "gone" } as const;
  const { lead } = found;
  if (lead.state !== "spam" || !found.etag) return { refused: "not held" } as const;
  const since = at.toISOString();
  await followUps.markUnclaimed(id, since);
  await followUps.update(id, (current) => ({ ok: true, followUp: { ...current, clockFrom: since } }));
  // What the honeypot held was kept only to recover such a person; `settledAt` is set again on delivery.
  const { honeypot: _honeypot, settledAt: _settledAt, ...rest } = lead;
  // Its delivery's clocks run from the release (`promiseStart`), as its follow-up's do, on the channels on now.
  const released: LeadRecord = {
    ...rest,
    state: "pending",
    deliveries: pendingDeliveries(release.channels),
    released: { at: since, by },
  };
  const written = await leads.requeue(released, found.etag, since);
  return written === "replaced" ? { released } : ({ refused: "not held" } as const);
}

const row = (label: string, value: string) =>
  `<li><strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}</li>`;

/** The page for `lead`: while it is held, what sales needs to judge it and the form; after, only its status. */
function renderReleasePage(
  lead: LeadRecord,
  options: { action: string; roster?: readonly KeyedMember[]; zone?: string; notice?: string },
): string {
  const say = (role: string, text: string) => `<p role="${role}"><strong>${escapeHtml(text)}</strong></p>`;
  const notice = options.notice ? say("alert", options.notice) : "";
  if (lead.state !== "spam") {
    const { released } = lead;
    const status = released
      ? `Released by ${released.by}, ${localTime(released.at, options.zone)}. It went to sales as a new lead.`
      : "This lead is not held as spam.";
    return htmlPage(PAGE_TITLE, notice + say("status", status));
  }
  const { request } = lead;
  const rows = [
    row("Prospect", `${request.firstName} ${request.lastName} (${request.company})`),
    row("E-mail", request.email),
    row("Phone", request.phone || "(none)"),
    row("Message", request.message || "(none)"),
    row("Received", localTime(lead.receivedAt, options.zone)),
    row("Held because", reasonInWords(lead.spamReason ?? "not recorded")),
    row("Request id", lead.id),
  ];
  const field = personField(options.roster, "by", { roster: "Released by", typed: "Your name" }, " ");
  const form =
    `<form method="post" action="${escapeHtml(options.action)}"><p>${field}</p>` +
    `<p>Releasing sends this request to sales as a new lead (the sales e-mail and the team's channel) ` +
    `and starts its follow-up clock now. The prospect gets no e-mail.</p>` +
    `<p><button type="submit">Release</button></p></form>`;
  const trust = "Anyone who holds this link (the weekly summary) can release this lead, once.";
  return htmlPage(PAGE_TITLE, notice + `<ul>${rows.join("")}</ul>` + form + `<p>${escapeHtml(trust)}</p>`);
}

/** Builds the handler for `/leads/<id>/release`. */
export function createReleaseHandler(deps: ReleaseHandlerDeps) {
  const now = deps.now ?? (() => new Date());
  return async (req: Request, rawId: string, context?: AfterAnswerContext): Promise<Response> => {
    const retry = withinRequest(deps.retry);
    const opened = await openSignedPage(req, rawId, deps.getConfig, checkReleaseLink, PROBLEMS);
    if (opened instanceof Response) return opened;
    const { method, config, id, action } = opened;
    if (!config.followUp) return problem(method, PROBLEMS.off);
    let leads!: LeadStore;
    const read = async () => {
      leads = deps.getStore();
      return leads.get(id);
    };
    const lead = await readLead(method, id, read, { name: "release page", cannot: "released" }, PROBLEMS);
    if (lead instanceof Response) return lead;
    const roster = keyedRoster(config.followUp.salesTeam, config.formSecret);
    const zone = config.followUp.businessHours?.zone;
    const show = (status: number, shown: LeadRecord, notice?: string) =>
      page(method, status, renderReleasePage(shown, { action, roster, zone, notice }));
    if (method !== "POST") return show(200, lead);
    let released: LeadRecord;
    let addOns: readonly AddOn[];
    try {
      const form = await checkPost(req, config);
      if (!(form instanceof URLSearchParams)) return problem(method, form);
      const person = chosenPerson(form, roster, "by", ["Choose who releases the lead.", "your name"]);
      if (typeof person === "string") return show(422, lead, person);
      addOns = await deps.getAddOns(config);
      const channels = channelsOf(addOns).names;
      const result = await releaseLead(leads, deps.getFollowUps(), {
        id,
        by: person.name,
        at: now(),
        channels,
      });
      if ("refused" in result) {
        if (result.refused === "gone") return problem(method, PROBLEMS.gone);
        const current = (await leads.get(id)) ?? lead;
        return show(409, current, "Nothing was changed: this lead is not held as spam any more.");
      }
      released = result.released;
    } catch (error) {
      if (error instanceof MalformedLeadError) {
        logMalformedLead(id, "the release page");
        return problem(method, [
          409,
          "This lead cannot be released",
          `Tell the site's owner: request ${id}.`,
        ]);
      }
      logError("release page: lead not released", { requestId: id, reason: errorName(error) });
      return problem(method, PROBLEMS.notWritten);
    }
    logInfo("lead released from spam", { requestId: id });
    // As a demo request's: the answer waits for the sales e-mail, the rest finishes after it.
    try {
      const mailer = deps.createMailer(config);
      const delivering = { config, mailer, addOns, retry, now };
      const delivery = startDelivery(new LeadRecorder(leads, released), delivering);
      await delivery.sales;
      await finishAfterAnswer(context, delivery.done);
    } catch (error) {
      // Its pending marker is written: the retry job delivers it.
      logError("released lead not delivered now; the retry job delivers it", {
        requestId: id,
        reason: errorName(error),
      });
    }
    // On to the lead's page, to claim, call or write; the release link itself shows nothing of the prospect.
    const location = claimUrlFor(config, id, now()) ?? action;
    return new Response(null, { status: 303, headers: { ...SECURITY_HEADERS, ...PAGE_HEADERS, location } });
  };
}
