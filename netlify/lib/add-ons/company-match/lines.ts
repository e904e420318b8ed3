/**
 * A match in our words (docs/decisions/0050-company-match.md), as lead lines the sales e-mail, the team's
 * channel and the claim page show near the top, e.g. "Returning: first asked Tue 12 Mar (Ana Lopez, closed: demo
 * held)" and "Same e-mail domain: 2 open requests at karijinironore.com.au, owner Ben Ng". Names and domains are
 * visitor text: on one line and cut short, and each surface escapes them.
 */
import { DateTime } from "luxon";
import type { RelatedLeads } from "../../core/add-on";
import type { FollowUpView } from "../../core/follow-up-hooks";
import { shortText, singleLine } from "../../kit/text";
import type { Match, Related } from "./match";

/** Characters of a name or a domain in a line. */
const NAME_LENGTH = 60;
const text = (value: string) => shortText(singleLine(value), NAME_LENGTH);

/** Open: not closed; a lead nobody has claimed yet is open too. */
export const isOpen = (related: Related) => related.view?.state !== "closed";

/** Who works the company: the owner of the most recent claimed lead that is still open; undefined when none. */
export function worksTheCompany(match: Match): FollowUpView["owner"] | undefined {
  const claimedOpen = match.related
    .filter((r) => r.via === "company" && isOpen(r) && r.view?.owner)
    .sort((a, b) => b.lead.receivedAt.localeCompare(a.lead.receivedAt));
  return claimedOpen[0]?.view?.owner;
}

/** A lead's state in words, e.g. "closed: demo held", "claimed", "not claimed yet". */
export function stateInWords(view: FollowUpView | undefined): string {
  if (!view || view.state === "new") return "not claimed yet";
  if (view.state === "closed") return view.closedReason ? `closed: ${view.closedReason}` : "closed";
  return view.state;
}

const day = (at: string, zone: string) =>
  DateTime.fromISO(at, { zone }).setLocale("en-GB").toFormat("ccc d LLL yyyy");
const more = (count: number) => (count > 0 ? `, and ${count} more not read` : "");

/** The lines for `match` in `zone`: a returning prospect, then the company's other requests. */
export function matchLines(match: Match, zone: string): string[] {
  const lines: string[] = [];
  const earlier = match.related.filter((r) => r.via === "inbox");
  const first = [...earlier].sort((a, b) => a.lead.receivedAt.localeCompare(b.lead.receivedAt))[0];
  if (first) {
    const owner = first.view?.owner ? `${text(first.view.owner.name)}, ` : "";
    const times = earlier.length > 1 ? `; ${earlier.length + 1} requests in all` : "";
    lines.push(
      `Returning: first asked ${day(first.lead.receivedAt, zone)} (${owner}${stateInWords(first.view)})${times}`,
    );
  }
  const colleagues = match.related.filter((r) => r.via === "company");
  if (match.domain && colleagues.length > 0) {
    const open = colleagues.filter(isOpen).length;
    const owner = worksTheCompany(match);
    const closed = colleagues.length - open;
    const requests = `${open} open request${open === 1 ? "" : "s"}`;
    const also = closed > 0 ? ` (and ${closed} closed)` : "";
    const who = owner ? `, owner ${text(owner.name)}` : "";
    lines.push(`Same e-mail domain: ${requests} at ${text(match.domain)}${also}${who}${more(match.more)}`);
  } else if (match.more > 0) lines.push(`Same e-mail domain: ${match.more} earlier requests not read`);
  return lines;
}

/**
 * `match` as the claim page names it (the core's `RelatedLeads`): its lines in `zone`, each related lead's name
 * (visitor text, on one line and cut short), arrival, state in words and owner, and who works the company; never
 * another lead's id, address, phone or link.
 */
export function relatedLeads(match: Match, zone: string): RelatedLeads {
  const works = worksTheCompany(match);
  return {
    lines: matchLines(match, zone),
    leads: match.related.map(({ lead, view, via }) => ({
      name: text(`${lead.request.firstName} ${lead.request.lastName}`),
      receivedAt: lead.receivedAt,
      state: stateInWords(view),
      ...(view?.owner ? { owner: text(view.owner.name) } : {}),
      via,
    })),
    more: match.more,
    ...(works ? { worksIt: { name: text(works.name), ...(works.email ? { email: works.email } : {}) } } : {}),
  };
}
