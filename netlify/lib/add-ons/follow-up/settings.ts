/**
 * The follow-up settings (docs/decisions/0029-lead-follow-up.md, docs/decisions/0034-core-and-add-ons.md):
 * on by default, off when invalid; Slack's variables are read apart, so an invalid one turns only Slack's
 * buttons off. SALES_TEAM, the roster the claim page offers, is a list of RFC 5322 named mailboxes.
 */
import emailAddresses from "email-addresses";
import { z } from "zod";
import {
  readSetting,
  settingProblem,
  type Built,
  type Env,
  type Setting,
  type Shapes,
} from "../../kit/settings";
import { parseBusinessHours, type BusinessHours } from "../../kit/business-hours";
import type { StaffMember } from "./follow-up-record";

export interface FollowUpConfig {
  salesTeam?: StaffMember[];
  /** Minutes (fractional allowed) an unclaimed lead waits before the nudge. */
  nudgeMinutes: number;
  escalateMinutes: number;
  /** ESCALATION_EMAIL; the sales inbox when unset. */
  escalationEmail?: string;
  businessHours?: BusinessHours;
}

export interface SlackConfig {
  signingSecret: string;
  userMap: ReadonlyMap<string, StaffMember>;
}

declare module "../../core/config" {
  interface PluginSettings {
    followUp?: FollowUpConfig;
    slack?: SlackConfig;
  }
}

const SLACK_USER_ID = /^[UW][A-Z0-9]{2,20}$/;
const address = z.email();

export const MAX_STAFF_NAME_LENGTH = 80;
/** The claim page lists every member. */
const MAX_TEAM_SIZE = 50;
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

/** SLACK_USER_MAP, `<Slack user id>=<address>, ...`: each id's address; undefined when malformed or an id repeats. */
function parseSlackUserMap(value: string): Map<string, string> | undefined {
  const map = new Map<string, string>();
  for (const entry of value.split(",")) {
    if (!entry.trim()) continue;
    const [id, email, extra] = entry.split("=").map((part) => part.trim());
    if (extra !== undefined || !SLACK_USER_ID.test(id) || !address.safeParse(email).success || map.has(id))
      return undefined;
    map.set(id, email);
  }
  return map.size > 0 ? map : undefined;
}

const minutes = (fallback: number) =>
  z.coerce
    .number()
    .positive()
    .max(7 * 24 * 60)
    .default(fallback);

const schema = z.object({
  SALES_TEAM: z.string().optional(),
  CLAIM_NUDGE_MINUTES: minutes(15),
  CLAIM_ESCALATE_MINUTES: minutes(60),
  ESCALATION_EMAIL: address.optional(),
  BUSINESS_HOURS: z.string().optional(),
});
const slackSchema = z.object({
  SLACK_SIGNING_SECRET: z.string().trim().min(16).optional(),
  SLACK_USER_MAP: z.string().optional(),
});

const minutesShape = (example: string, more = "") => ({
  shape: `minutes above 0, at most 10080 (a week)${more}`,
  example,
});

const shapes: Shapes<typeof schema> = {
  SALES_TEAM: {
    shape: `"Name <email>, ..." (distinct addresses, at most ${MAX_TEAM_SIZE} members)`,
    example: "Ana Lopez <ana@example.com>, Ben Ng <ben@example.com>",
  },
  CLAIM_NUDGE_MINUTES: minutesShape("15"),
  CLAIM_ESCALATE_MINUTES: minutesShape("60", ", not below CLAIM_NUDGE_MINUTES"),
  ESCALATION_EMAIL: { shape: "an e-mail address", example: "head-of-sales@example.com" },
  BUSINESS_HOURS: {
    shape: "days, opening hours and an IANA time zone",
    example: "Mon-Fri 08:00-17:00 Australia/Perth",
  },
};
const slackShapes: Shapes<typeof slackSchema> = {
  SLACK_SIGNING_SECRET: {
    shape: "the Slack app's signing secret (Basic Information, at least 16 characters)",
  },
  SLACK_USER_MAP: {
    shape: '"<Slack user id>=<email>, ...", each address on SALES_TEAM',
    example: "U012ABCDEF=ana@example.com, U034GHIJKL=ben@example.com",
  },
};

export const FOLLOW_UP_VARIABLES = Object.keys(schema.shape);
export const SLACK_VARIABLES = Object.keys(slackSchema.shape);

/** Reads the follow-up settings from `env` alone; without ESCALATION_EMAIL the escalation goes to the sales inbox. */
export function followUpSettings(env: Env): Setting<FollowUpConfig> {
  return readSetting(
    env,
    { schema, shapes },
    (e): Built<FollowUpConfig, keyof typeof shapes> => {
      const salesTeam = e.SALES_TEAM ? parseSalesTeam(e.SALES_TEAM) : undefined;
      const businessHours = e.BUSINESS_HOURS ? parseBusinessHours(e.BUSINESS_HOURS) : undefined;
      const problems = {
        ...(e.SALES_TEAM && !salesTeam && { SALES_TEAM: "invalid" as const }),
        ...(e.BUSINESS_HOURS && !businessHours && { BUSINESS_HOURS: "invalid" as const }),
        ...(e.CLAIM_ESCALATE_MINUTES < e.CLAIM_NUDGE_MINUTES && {
          CLAIM_ESCALATE_MINUTES: "invalid" as const,
        }),
      };
      if (Object.keys(problems).length > 0) return { problems };
      return {
        value: {
          salesTeam,
          nudgeMinutes: e.CLAIM_NUDGE_MINUTES,
          escalateMinutes: e.CLAIM_ESCALATE_MINUTES,
          escalationEmail: e.ESCALATION_EMAIL,
          businessHours,
        },
      };
    },
    "defaults",
  );
}

/** Slack's variables as read alone: the signing secret and each Slack user id's address. */
interface SlackSettings {
  signingSecret: string;
  addresses: ReadonlyMap<string, string>;
}

/** Reads Slack's interactivity from `env` alone: SLACK_USER_MAP is checked against its syntax even while off. */
export function slackSettings(env: Env): Setting<SlackSettings> {
  return readSetting(
    env,
    { schema: slackSchema, shapes: slackShapes },
    (e): Built<SlackSettings, keyof typeof slackShapes> => {
      const addresses = e.SLACK_USER_MAP ? parseSlackUserMap(e.SLACK_USER_MAP) : new Map<string, string>();
      if (!addresses) return { problems: { SLACK_USER_MAP: "invalid" } };
      return e.SLACK_SIGNING_SECRET ? { value: { signingSecret: e.SLACK_SIGNING_SECRET, addresses } } : "off";
    },
  );
}

/**
 * Slack's buttons claim leads, so they need follow-up on: off without it, and invalid when SLACK_USER_MAP
 * names an address off its SALES_TEAM roster.
 */
export function slackButtons(
  slack: Setting<SlackSettings>,
  followUp: Setting<FollowUpConfig>,
): Setting<SlackConfig> {
  if (slack.state !== "on") return slack;
  if (followUp.state !== "on") return { state: "off" };
  const roster = new Map(followUp.value.salesTeam?.map((member) => [member.email!.toLowerCase(), member]));
  const userMap = new Map<string, StaffMember>();
  for (const [id, email] of slack.value.addresses) {
    const member = roster.get(email.toLowerCase());
    if (!member) {
      return {
        state: "invalid",
        problems: [settingProblem("SLACK_USER_MAP", "invalid", slackShapes.SLACK_USER_MAP)],
      };
    }
    userMap.set(id, member);
  }
  return { state: "on", value: { signingSecret: slack.value.signingSecret, userMap } };
}
