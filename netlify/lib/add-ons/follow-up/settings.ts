/**
 * The follow-up settings (docs/decisions/0029-lead-follow-up.md, docs/decisions/0034-core-and-add-ons.md):
 * on by default, off when invalid. SALES_TEAM, the roster the claim page offers, is a list of RFC 5322 named
 * mailboxes (netlify/lib/kit/roster.ts).
 */
import { z } from "zod";
import { readSetting, type Built, type Env, type Setting, type Shapes } from "../../kit/settings";
import { parseBusinessHours, type BusinessHours } from "../../kit/business-hours";
import { MAX_TEAM_SIZE, parseSalesTeam, type StaffMember } from "../../kit/roster";

export interface FollowUpConfig {
  salesTeam?: StaffMember[];
  /** Minutes (fractional allowed) an unclaimed lead waits before the nudge. */
  nudgeMinutes: number;
  escalateMinutes: number;
  /** ESCALATION_EMAIL; the sales inbox when unset. */
  escalationEmail?: string;
  businessHours?: BusinessHours;
}

declare module "../../core/config" {
  interface PluginSettings {
    followUp?: FollowUpConfig;
  }
}

const address = z.email();

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
export const FOLLOW_UP_VARIABLES = Object.keys(schema.shape);

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
