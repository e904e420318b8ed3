/**
 * The sales team's roster (docs/requirements.md#follow-up): SALES_TEAM, a comma-separated address
 * list in the usual `Name <email>` form, e.g. `Ana Smith <ana@example.com>, Ben Lee
 * <ben@example.com>`, parsed as an RFC 5322 address list by `email-addresses`. The claim page
 * offers these people; without a roster it asks for a name. Decision docs/decisions/0029-lead-follow-up.md.
 */
import type { StaffMember } from "../../core/config";
import emailAddresses from "email-addresses";
import { z } from "zod";

/** A Slack user id, e.g. "U024BE7LH" (a "W" for an Enterprise Grid user). */
const SLACK_USER_ID = /^[UW][A-Z0-9]{2,20}$/;

/**
 * SLACK_USER_MAP, e.g. `U024BE7LH=ana@example.com, U0G9QF9C6=ben@example.com`: which roster member
 * a Slack user is, so a claim from Slack names them as the claim page does. Undefined when an
 * entry is malformed or names an address that is not on `team`.
 */
export function parseSlackUserMap(
  value: string,
  team: readonly StaffMember[] | undefined,
): Map<string, StaffMember> | undefined {
  const map = new Map<string, StaffMember>();
  for (const entry of value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [id, email, extra] = entry.split("=").map((part) => part.trim());
    const member = team?.find((m) => m.email?.toLowerCase() === email?.toLowerCase());
    if (extra !== undefined || !SLACK_USER_ID.test(id ?? "") || !member || map.has(id)) return undefined;
    map.set(id, member);
  }
  return map.size > 0 ? map : undefined;
}

const address = z.email();
/** Longest name kept, in characters: a name is shown on pages and in messages. */
export const MAX_STAFF_NAME_LENGTH = 80;

/**
 * The members of a SALES_TEAM value, in its order, or undefined when it is not a list of named
 * mailboxes with valid, distinct addresses and names of at most MAX_STAFF_NAME_LENGTH characters.
 */
export function parseSalesTeam(value: string): StaffMember[] | undefined {
  const parsed = emailAddresses.parseAddressList(value);
  if (!parsed || parsed.length === 0) return undefined;
  const members: StaffMember[] = [];
  for (const entry of parsed) {
    if (entry.type !== "mailbox") return undefined;
    const name = (entry.name ?? "").trim();
    if (!name || name.length > MAX_STAFF_NAME_LENGTH || !address.safeParse(entry.address).success)
      return undefined;
    members.push({ name, email: entry.address });
  }
  const emails = new Set(members.map((m) => m.email!.toLowerCase()));
  return emails.size === members.length ? members : undefined;
}

/** How a staff member is shown: "Ana Smith <ana@example.com>", or the name alone. */
export function staffLabel(member: StaffMember): string {
  return member.email ? `${member.name} <${member.email}>` : member.name;
}
