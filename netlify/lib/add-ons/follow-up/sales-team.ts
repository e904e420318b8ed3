/** SALES_TEAM, the roster the claim page offers, as an RFC 5322 address list (docs/decisions/0029-lead-follow-up.md). */
import type { StaffMember } from "../../core/config";
import emailAddresses from "email-addresses";
import { z } from "zod";

const SLACK_USER_ID = /^[UW][A-Z0-9]{2,20}$/;

/** SLACK_USER_MAP, Slack user id to roster address; undefined when malformed or off the roster. */
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
export const MAX_STAFF_NAME_LENGTH = 80;

/** The members of a SALES_TEAM value; undefined unless named mailboxes, distinct and short enough. */
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
