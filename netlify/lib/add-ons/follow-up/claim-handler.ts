/**
 * GET/POST /leads/<id>?sig=<signature>&exp=<unix seconds>: the claim page, made for a phone
 * (docs/requirements.md#follow-up, docs/decisions/0029-lead-follow-up.md): the prospect, the follow-up and its
 * actions, the history. A wrong signature is 403 whatever the id, an expired link 410
 * (docs/decisions/0040-link-lifetime-and-roster-keys.md); GET changes nothing and no form submits by itself, as
 * mail scanners open every link. After an action the 303 leads back to the link with `done=1`, and the page opens
 * with the newest history line as a status line, focused: a phone shows what changed without a script. A closed
 * lead can be reopened (docs/decisions/0041-reopening-a-lead.md). The add-ons' lead lines stand near the top, and
 * the lead's earlier requests are named without a link, with a hand-over to whoever works the company
 * (docs/decisions/0050-company-match.md). Referrer policy same-origin: `no-referrer` would post forms as
 * `Origin: null`.
 */
import escapeHtml from "escape-html";
import type { ConfigResult, ServerConfig } from "../../core/config";
import type { Mailer } from "../../core/delivery/mailer";
import { checkClaimLink, CLAIM_LINK_LIFETIME_DAYS, claimLinkExpiry } from "./claim-link";
import { finishAfterAnswer, SECURITY_HEADERS, type AfterAnswerContext } from "../../kit/http";
import { htmlPage } from "../../kit/html-page";
import { addressParts, clockTime, durationInWords, localTime, mailtoHref, telHref } from "../../kit/text";
import { errorName, logError } from "../../kit/log";
import {
  applyAction,
  CLOSE_REASONS,
  INBOX_ONLY_LABEL,
  liveBookings,
  samePerson,
  timelineOf,
  WENT_WELL,
  type CloseReason,
  type FollowUp,
  type FollowUpAction,
  type ReminderKind,
  type TimelineEntry,
} from "./follow-up-record";
import { awaitsContact, isConfirmedBooking } from "../../core/follow-up-hooks";
import { leadLinesOf, relatedLeadsOf, type AddOn, type RelatedLeads } from "../../core/add-on";
import type { FollowUpStore } from "./follow-up-store";
import { emailClassLine, promiseDeadline, promiseStart, type LeadRecord } from "../../core/leads/lead-record";
import type { LeadStore } from "../../core/leads/lead-store";
import { sourceInWords } from "../../core/leads/lead-source";
import { emailClassOf } from "../../kit/email-lists";
import { applyFollowUpChange, postFollowUpUpdate, type LeadEventDeps } from "./follow-up-update";
import type { FollowUpChange } from "../../core/leads/lead-events";
import {
  checkPost,
  chosenPerson,
  keyedRoster,
  openSignedPage,
  page,
  personField,
  problem,
  problemsFor,
  readLead,
  type KeyedMember,
} from "./signed-page";

const CLAIM_PAGE_TITLE = "Demo request follow-up";

const CLAIM_TRUST_NOTE =
  "Anyone who holds this link (the sales e-mail, the team's channel) can act on this lead as any team member: the team trusts itself, and the link is what keeps everyone else out. An action taken here is recorded as the owner's.";

const REMINDER_WORDS: Record<ReminderKind, string> = {
  nudge: "Nudge sent to the sales inbox: nobody had claimed it",
  escalation: "Escalation sent: still nobody had claimed it",
  "promise-at-risk": "Promise-at-risk reminder sent: not yet contacted",
  digest: "Listed in the daily digest of held and suspected spam",
};

const fact = (label: string, value: string) =>
  `<div><dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd></div>`;

function promiseLine(lead: LeadRecord, followUp: FollowUp, now: Date, zone?: string): string {
  if (!awaitsContact(followUp)) return "";
  const deadline = promiseDeadline(promiseStart(lead));
  const text =
    now < deadline
      ? `Reply by ${localTime(deadline, zone)} to keep the 24-hour promise.`
      : `The 24-hour promise ran out at ${localTime(deadline, zone)}: reply as soon as you can.`;
  return `<p class="promise">${escapeHtml(text)}</p>`;
}

/** The lead lines as a list, escaped; nothing without any. */
const leadLinesList = (lines: readonly string[]) =>
  lines.length > 0 ? `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>` : "";

function prospectSection(
  lead: LeadRecord,
  followUp: FollowUp,
  now: Date,
  zone?: string,
  lines: readonly string[] = [],
): string {
  const { request } = lead;
  const emailClass = emailClassOf(lead);
  const tags = [emailClassLine({ ...emailClass, role: false })];
  if (emailClass.role) tags.push("Role address");
  const tel = telHref(request.phone);
  const call = tel
    ? `<a class="button primary" href="${escapeHtml(tel)}">Call ${escapeHtml(request.phone)}</a>`
    : `<p>Phone: ${escapeHtml(request.phone || "(none)")}</p>`;
  // A stored lead passed the form's schema, so its address has an "@". Its lines break after "@" or ".".
  const address = addressParts(request.email).map(escapeHtml).join("<wbr>");
  // The label keeps the address whole for a screen reader, which reads each <wbr> as a space.
  const write = `<a class="button" href="${escapeHtml(mailtoHref(request.email) ?? "")}" aria-label="E-mail ${escapeHtml(request.email)}">E-mail ${address}</a>`;
  const message = request.message
    ? `<blockquote>${escapeHtml(request.message)}</blockquote>`
    : `<p class="muted">No message.</p>`;
  const age = durationInWords(Math.floor((now.getTime() - Date.parse(lead.receivedAt)) / 60_000));
  return (
    `<section aria-labelledby="prospect"><h2 id="prospect">` +
    `${escapeHtml(`${request.firstName} ${request.lastName}`)}, ${escapeHtml(request.company)}</h2>` +
    `<p>${tags.map((tag) => `<span class="tag">${escapeHtml(tag)}</span>`).join("")}</p>` +
    promiseLine(lead, followUp, now, zone) +
    leadLinesList(lines) +
    `<div class="actions">${call}${write}</div>` +
    `<h3>Message</h3>${message}` +
    `<dl>${fact("Received", `${localTime(lead.receivedAt, zone)}, ${age} ago`)}` +
    `${fact("Source", sourceInWords(lead.attribution))}${fact("Reference", lead.id)}</dl></section>`
  );
}

function form(action: string, kind: string, fields: string, button: string, primary = false): string {
  return (
    `<form method="post" action="${escapeHtml(action)}">` +
    `<input type="hidden" name="action" value="${kind}">${fields}` +
    `<button type="submit"${primary ? ' class="primary"' : ""}>${escapeHtml(button)}</button></form>`
  );
}

function closeForm(action: string): string {
  const options = (reasons: readonly string[]) =>
    reasons.map((r) => `<option value="${escapeHtml(r)}">${escapeHtml(r)}</option>`).join("");
  const notAhead = CLOSE_REASONS.filter((r) => !WENT_WELL.includes(r));
  const field =
    `<label for="reason">Outcome</label><select id="reason" name="reason" required>` +
    `<option value="" selected>Choose an outcome</option>` +
    `<optgroup label="Went well">${options(WENT_WELL)}</optgroup>` +
    `<optgroup label="Did not go ahead">${options(notAhead)}</optgroup></select>`;
  return form(action, "close", field, "Close this lead");
}

type PageOptions = { action: string; roster?: readonly KeyedMember[]; zone?: string };

/** Whether the page offers a hand-over: an owner holds the lead and it is neither new nor closed. */
const canHandOver = (followUp: FollowUp) =>
  followUp.owner !== undefined && followUp.state !== "new" && followUp.state !== "closed";

/**
 * Who works the company, in a sentence: with a roster, a hand-over to them when they are a member other than the
 * owner and the lead can be handed over, or that they left the roster (docs/decisions/0050-company-match.md).
 */
function worksItLine(works: NonNullable<RelatedLeads["worksIt"]>, followUp: FollowUp, options: PageOptions) {
  const { roster, action } = options;
  const email = works.email?.toLowerCase();
  const member = email ? roster?.find(({ member }) => member.email?.toLowerCase() === email) : undefined;
  if (roster && !member) {
    return `<p>${escapeHtml(`${works.name} worked this company but is no longer on the sales team.`)}</p>`;
  }
  const name = member?.member.name ?? works.name;
  const sentence = `<p>${escapeHtml(`${name} works this company.`)}</p>`;
  if (!member || !canHandOver(followUp) || samePerson(member.member, followUp.owner!)) return sentence;
  const to = `<input type="hidden" name="to" value="${escapeHtml(member.key)}">`;
  return form(action, "hand-over", sentence + to, `Hand over to ${name.split(/\s+/)[0]}?`);
}

/**
 * The lead's earlier requests by name, arrival, state and owner: never a link, an address or a phone of another
 * lead, so a forwarded link opens nobody else's (docs/decisions/0050-company-match.md).
 */
function relatedSection(related: RelatedLeads | undefined, followUp: FollowUp, options: PageOptions): string {
  if (!related || (related.leads.length === 0 && related.more === 0)) return "";
  const items = related.leads.map(({ name, receivedAt, state, owner, via }) => {
    const who = owner ? `, owner ${owner}` : "";
    const same = via === "inbox" ? " (same e-mail address)" : "";
    return `<li>${escapeHtml(`${name}${same}, ${localTime(receivedAt, options.zone)}: ${state}${who}`)}</li>`;
  });
  if (related.more > 0) items.push(`<li>${escapeHtml(`and ${related.more} more not read`)}</li>`);
  return (
    `<section aria-labelledby="earlier"><h2 id="earlier">Earlier requests</h2><ul>${items.join("")}</ul>` +
    `${related.worksIt ? worksItLine(related.worksIt, followUp, options) : ""}</section>`
  );
}

function followUpSection(followUp: FollowUp, { action, roster, zone }: PageOptions): string {
  const facts = [fact("State", followUp.state), fact("Owner", followUp.owner?.name ?? "nobody yet")];
  for (const booking of liveBookings(followUp)) {
    const how =
      booking.via === "reference"
        ? "booked through the link sent after the request"
        : booking.confirmedAt
          ? `matched by e-mail address, confirmed ${localTime(booking.confirmedAt, zone)}`
          : INBOX_ONLY_LABEL;
    const when = booking.startTime ? localTime(booking.startTime, zone) : "time not given";
    facts.push(fact("Demo booking", `${when} (${how})`));
  }
  if (followUp.closedReason) facts.push(fact("Outcome", followUp.closedReason));
  const forms: string[] = [];
  if (!followUp.owner && (followUp.state === "new" || followUp.state === "booked")) {
    const field = personField(roster, "owner", { roster: "Claim as", typed: "Your name" });
    forms.push(form(action, "claim", field, "Claim this lead", true));
  }
  if (followUp.state === "claimed") forms.push(form(action, "contacted", "", "Mark as contacted", true));
  if (followUp.state === "closed") {
    const field = personField(roster, "by", { roster: "Reopen as", typed: "Your name" });
    forms.push(form(action, "reopen", field, "Reopen this lead"));
  } else {
    // Cal.com does not verify a booker's address: a person says whether the booking is the prospect's.
    for (const booking of liveBookings(followUp).filter((b) => !isConfirmedBooking(b))) {
      const fields = `<input type="hidden" name="booking" value="${escapeHtml(booking.uid)}">`;
      const when = booking.startTime ? localTime(booking.startTime, zone) : "the time not given";
      forms.push(form(action, "confirm-booking", fields, `Confirm the booking for ${when}`));
    }
    const { owner } = followUp;
    const others = roster?.filter(({ member }) => !owner || !samePerson(member, owner));
    if (canHandOver(followUp) && others?.length !== 0) {
      const field = personField(others, "to", { roster: "Hand over to", typed: "Hand over to (their name)" });
      forms.push(form(action, "hand-over", field, "Hand over"));
    }
    forms.push(closeForm(action));
  }
  return (
    `<section aria-labelledby="follow-up"><h2 id="follow-up">Follow-up</h2><dl>${facts.join("")}</dl>` +
    `${forms.join("")}</section>`
  );
}

function entryWords(entry: TimelineEntry, zone?: string): string {
  const by = "by" in entry && entry.by ? ` by ${entry.by}` : "";
  const slot = "startTime" in entry && entry.startTime ? ` for ${localTime(entry.startTime, zone)}` : "";
  switch (entry.kind) {
    case "claimed":
      return `Claimed${by}`;
    case "handed-over":
      return `Handed over from ${entry.from} to ${entry.to}`;
    case "contacted":
      return `Marked contacted${by}`;
    case "closed":
      return `Closed (${entry.reason})${by}`;
    case "reopened":
      return `Reopened${by}`;
    case "booked":
      return `Demo booked${slot}${entry.confirmed ? "" : ` (${INBOX_ONLY_LABEL})`}`;
    case "booking-moved":
      return `Demo booking moved${slot ? ` to ${slot.slice(" for ".length)}` : ""}`;
    case "booking-cancelled":
      return `Demo booking${slot} cancelled`;
    case "booking-confirmed":
      return `Booking${slot} confirmed${by}`;
    case "reminder":
      return REMINDER_WORDS[entry.reminder];
  }
}

function historySection(lead: LeadRecord, followUp: FollowUp, zone?: string): string {
  const item = (at: string, words: string) =>
    `<li><time datetime="${escapeHtml(at)}">${escapeHtml(localTime(at, zone))}</time>${escapeHtml(words)}</li>`;
  const lines = timelineOf(followUp)
    .reverse()
    .map((entry) => item(entry.at, entryWords(entry, zone)));
  lines.push(item(lead.receivedAt, "Request received"));
  return (
    `<section aria-labelledby="history"><h2 id="history">History</h2>` +
    `<p class="muted">Newest first.</p><ol>${lines.join("")}</ol></section>`
  );
}

/** What just happened: the newest history line (never a reminder nor anything from the URL), focused on load. */
function statusLine(followUp: FollowUp, zone?: string): string {
  const newest = timelineOf(followUp)
    .filter((entry) => entry.kind !== "reminder")
    .at(-1);
  if (!newest) return "";
  const words = `${entryWords(newest, zone)} at ${clockTime(newest.at, zone)}`;
  return `<p id="status" role="status" tabindex="-1" autofocus>${escapeHtml(words)}</p>`;
}

function renderClaimPage(
  lead: LeadRecord,
  followUp: FollowUp,
  options: PageOptions & {
    now: Date;
    notice?: string;
    done?: boolean;
    lines: readonly string[];
    related?: RelatedLeads;
  },
): string {
  const { now, zone, notice, done, lines, related } = options;
  const message = notice ? `<p role="alert"><strong>${escapeHtml(notice)}</strong></p>` : "";
  return htmlPage(
    CLAIM_PAGE_TITLE,
    (done ? statusLine(followUp, zone) : "") +
      message +
      prospectSection(lead, followUp, now, zone, lines) +
      relatedSection(related, followUp, options) +
      followUpSection(followUp, options) +
      historySection(lead, followUp, zone) +
      `<p class="muted">${escapeHtml(CLAIM_TRUST_NOTE)}</p>`,
  );
}

const UPDATE_OF: Record<FollowUpAction["kind"], FollowUpChange> = {
  claim: "claimed",
  "hand-over": "handed-over",
  contacted: "contacted",
  close: "closed",
  booked: "booked",
  "booking-cancelled": "booking-cancelled",
  "confirm-booking": "booked",
  reopen: "reopened",
};

/** The name the change's note gives: the claimer's or the reopener's; the others are the owner's. */
const actorOf = (action: FollowUpAction) =>
  action.kind === "claim" ? action.owner.name : action.kind === "reopen" ? action.by.name : undefined;

/** The query flag the 303 after an action adds; it only shows the newest history line, so forging it tells nothing. */
const DONE = "done";

export interface ClaimHandlerDeps extends LeadEventDeps {
  getConfig: () => ConfigResult;
  getStore: () => LeadStore;
  getFollowUps: () => FollowUpStore;
  /** For the e-mails a change calls for (`postFollowUpUpdate`). */
  createMailer: (config: ServerConfig) => Mailer;
  now?: () => Date;
}

const PROBLEMS = problemsFor({
  forged: "Use the link exactly as the sales e-mail gives it.",
  misconfigured: "The follow-up page is not available; tell the site's owner.",
});

const EXPIRED = [
  410,
  "This link has expired",
  `A link to a lead works for ${CLAIM_LINK_LIFETIME_DAYS} days after it was sent. Use a newer e-mail about this lead from the sales inbox, or ask the site's owner to send a fresh link to the sales inbox.`,
] as const;

/**
 * The action a posted form asks for, or the sentence saying what is wrong with it. *Contacted* is one
 * step: the page's POST with its signed link and origin check is the protection, as for every action.
 */
function parseAction(
  form: URLSearchParams,
  roster: readonly KeyedMember[] | undefined,
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
    const owner = chosenPerson(form, roster, "owner", ["Choose who claims the lead.", "your name"]);
    return typeof owner === "string" ? owner : { kind: "claim", owner };
  }
  if (kind === "hand-over") {
    const to = chosenPerson(form, roster, "to", [
      "Choose who takes the lead over.",
      "the name of who takes it over",
    ]);
    return typeof to === "string" ? to : { kind: "hand-over", to };
  }
  if (kind === "reopen") {
    const by = chosenPerson(form, roster, "by", ["Choose who reopens the lead.", "your name"]);
    return typeof by === "string" ? by : { kind: "reopen", by };
  }
  return "Choose an action.";
}

/**
 * The add-ons' lead lines and the related leads of `lead` (docs/decisions/0050-company-match.md): the add-on that
 * names related leads gives its lines with them, from one match; the others' lines come as in the sales e-mail.
 * Never throws: without the add-ons, the page goes without them.
 */
async function companyFacts(
  lead: LeadRecord,
  getAddOns: () => Promise<readonly AddOn[]>,
  context: { config: ServerConfig; now: () => Date },
): Promise<{ lines: readonly string[]; related?: RelatedLeads }> {
  try {
    const addOns = await getAddOns();
    const [related, others] = await Promise.all([
      relatedLeadsOf(addOns, lead, context),
      leadLinesOf(
        addOns.filter((addOn) => !addOn.relatedLeads),
        lead,
        context,
      ),
    ]);
    return { lines: [...(related?.lines ?? []), ...others], related };
  } catch (error) {
    logError("claim page: lead lines left out", { requestId: lead.id, reason: errorName(error) });
    return { lines: [] };
  }
}

/** Builds the handler for `/leads/<id>`. */
export function createClaimHandler(deps: ClaimHandlerDeps) {
  const now = deps.now ?? (() => new Date());
  return async (req: Request, rawId: string, context?: AfterAnswerContext): Promise<Response> => {
    const opened = await openSignedPage(req, rawId, deps.getConfig, checkClaimLink, PROBLEMS);
    if (opened instanceof Response) return opened;
    const { method, config, id, action, expires } = opened;
    const where = { name: "claim page", cannot: "changed" };
    const lead = await readLead(method, id, () => deps.getStore().get(id), where, PROBLEMS);
    if (lead instanceof Response) return lead;
    if (now().getTime() >= claimLinkExpiry(expires, lead.receivedAt)) return problem(method, EXPIRED);
    if (!config.followUp) return problem(method, PROBLEMS.off);
    const roster = keyedRoster(config.followUp.salesTeam, config.formSecret);
    const followUps = deps.getFollowUps();
    const zone = config.followUp.businessHours?.zone;
    const show = async (status: number, notice?: string, done = false) => {
      const [followUp, facts] = await Promise.all([
        followUps.get(id),
        companyFacts(lead, () => deps.getAddOns(config), { config, now }),
      ]);
      const options = { now: now(), action, roster, zone, notice, done, ...facts };
      const html = renderClaimPage(lead, followUp, options);
      return page(method, status, html);
    };
    try {
      if (method !== "POST") {
        return await show(200, undefined, new URL(req.url).searchParams.get(DONE) === "1");
      }
      const form = await checkPost(req, config);
      if (!(form instanceof URLSearchParams)) return problem(method, form);
      const chosen = parseAction(form, roster);
      if (typeof chosen === "string") return await show(422, chosen);
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
      if (!change.changed) return await show(409, change.reason);
      // The team's channel hears of it after the answer.
      const told = postFollowUpUpdate(lead, change.followUp, UPDATE_OF[chosen.kind], {
        config,
        now,
        mailer: deps.createMailer(config),
        getAddOns: deps.getAddOns,
        getLeadEvents: deps.getLeadEvents,
        by: actorOf(chosen),
        from: change.before.owner?.name,
        booking:
          chosen.kind === "confirm-booking"
            ? liveBookings(change.followUp).find((b) => b.uid === chosen.uid)
            : undefined,
      });
      await finishAfterAnswer(context, told);
      return new Response(null, {
        status: 303,
        headers: { ...SECURITY_HEADERS, location: `${action}&${DONE}=1`, "referrer-policy": "same-origin" },
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
