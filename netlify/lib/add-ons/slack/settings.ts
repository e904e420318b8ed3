/**
 * The Slack buttons' settings (docs/decisions/0030-slack-and-booking-loop.md, docs/decisions/0047-slack-plugin.md):
 * off without SLACK_SIGNING_SECRET, and off while follow-up is, whose records the buttons change. SLACK_USER_MAP is
 * checked against its syntax even while off, and against the SALES_TEAM roster (netlify/lib/kit/roster.ts) while on.
 */
import { z } from "zod";
import type { PluginSettings } from "../../core/config";
import { parseSalesTeam, type StaffMember } from "../../kit/roster";
import {
  given,
  readSetting,
  settingProblem,
  type Built,
  type Env,
  type Setting,
  type Shapes,
} from "../../kit/settings";

export interface SlackConfig {
  signingSecret: string;
  userMap: ReadonlyMap<string, StaffMember>;
}

declare module "../../core/config" {
  interface PluginSettings {
    slack?: SlackConfig;
  }
}

const SLACK_USER_ID = /^[UW][A-Z0-9]{2,20}$/;
const address = z.email();

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

const slackSchema = z.object({
  SLACK_SIGNING_SECRET: z.string().trim().min(16).optional(),
  SLACK_USER_MAP: z.string().optional(),
});

const slackShapes: Shapes<typeof slackSchema> = {
  SLACK_SIGNING_SECRET: {
    shape: "the Slack app's signing secret (Basic Information, at least 16 characters)",
  },
  SLACK_USER_MAP: {
    shape: '"<Slack user id>=<email>, ...", each address on SALES_TEAM',
    example: "U012ABCDEF=ana@example.com, U034GHIJKL=ben@example.com",
  },
};

export const SLACK_VARIABLES = Object.keys(slackSchema.shape);

/** Slack's variables as read alone: the signing secret and each Slack user id's address. */
interface SlackSettings {
  signingSecret: string;
  addresses: ReadonlyMap<string, string>;
}

/** Reads Slack's interactivity from `env` alone: SLACK_USER_MAP is checked against its syntax even while off. */
function slackSettings(env: Env): Setting<SlackSettings> {
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
 * The Slack buttons' settings from `env`, given the parts `on` before them: the buttons claim leads, so they are off
 * while follow-up is (its own problems are its part's to name), and invalid when SLACK_USER_MAP names an address off
 * the SALES_TEAM roster.
 */
export function slackButtonsSettings(env: Env, on: Partial<PluginSettings>): Setting<SlackConfig> {
  const slack = slackSettings(env);
  if (slack.state !== "on") return slack;
  if (!on.followUp) return { state: "off" };
  const team = given(env, ["SALES_TEAM"]).SALES_TEAM;
  const members = (team && parseSalesTeam(team)) || [];
  const roster = new Map(members.map((member) => [member.email!.toLowerCase(), member]));
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
