/**
 * The sales team's roster, SALES_TEAM (docs/decisions/0029-lead-follow-up.md): a list of RFC 5322 named mailboxes,
 * read by follow-up's settings for the claim page and by Slack's to check SLACK_USER_MAP against it.
 */
import emailAddresses from "email-addresses";
import { z } from "zod";

/** A person of the sales team: a roster member, or someone named by a claim (with their Slack user id from a click). */
export interface StaffMember {
  name: string;
  email?: string;
  slackUserId?: string;
}

const address = z.email();

/** The longest name a member may have. */
export const MAX_STAFF_NAME_LENGTH = 80;
/** The claim page lists every member. */
export const MAX_TEAM_SIZE = 50;
/** A name of 80 characters and an address of 254, quoted and bracketed, fit within it. */
const MAX_MEMBER_LENGTH = 400;

/**
 * SALES_TEAM's members, split at the commas outside quotes; undefined for too many or too long members, or for
 * a parenthesis outside quotes: an RFC 5322 comment, which the address parser follows by recursion.
 */
function splitMembers(value: string): string[] | undefined {
  const members: string[] = [];
  let start = 0;
  let quoted = false;
  for (let at = 0; at < value.length; at++) {
    const char = value[at];
    if (char === "\\") at++;
    else if (char === '"') quoted = !quoted;
    else if (char === "(" && !quoted) return undefined;
    else if (char === "," && !quoted) {
      members.push(value.slice(start, at));
      start = at + 1;
    }
  }
  members.push(value.slice(start));
  const bounded = members.length <= MAX_TEAM_SIZE && members.every((m) => m.length <= MAX_MEMBER_LENGTH);
  return bounded ? members : undefined;
}

/**
 * The members of a SALES_TEAM value (`Name <address>` or `"Quoted, Name" <address>`, comma separated);
 * undefined unless named mailboxes, distinct, short enough and few enough. Each member is parsed alone, so
 * the cost stays linear in the value's length.
 */
export function parseSalesTeam(value: string): StaffMember[] | undefined {
  const parts = splitMembers(value);
  if (!parts) return undefined;
  const members: StaffMember[] = [];
  for (const part of parts) {
    const entry = emailAddresses.parseOneAddress(part);
    if (entry?.type !== "mailbox") return undefined;
    const name = (entry.name ?? "").trim();
    if (!name || name.length > MAX_STAFF_NAME_LENGTH || !address.safeParse(entry.address).success)
      return undefined;
    members.push({ name, email: entry.address });
  }
  const emails = new Set(members.map((m) => m.email!.toLowerCase()));
  return emails.size === members.length ? members : undefined;
}
