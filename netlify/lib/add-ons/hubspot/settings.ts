/**
 * The HubSpot plugin's settings (docs/decisions/0049-hubspot-plugin.md): off without HUBSPOT_ACCESS_TOKEN, off and
 * named when invalid. The token is a credential: never logged, never in a page.
 */
import { z } from "zod";
import { isLocalRun } from "../../core/config";
import { readSetting, type Built, type Env, type Setting, type Shapes } from "../../kit/settings";

/** Where a lead's HubSpot lead status goes on each follow-up change, e.g. `closed:not a fit` → UNQUALIFIED. */
export type LeadStatusMap = Readonly<Record<string, string>>;

export interface HubspotConfig {
  /** A Service Key or a legacy private app's token: never logged. */
  token: string;
  baseUrl: string;
  leadStatuses: LeadStatusMap;
}

declare module "../../core/config" {
  interface PluginSettings {
    hubspot?: HubspotConfig;
  }
}

export const HUBSPOT_API = "https://api.hubapi.com";

/**
 * The default mapping, in HubSpot's default lead-status values; a close reason absent here (a duplicate) leaves
 * the status as it is. The account's own values replace these through HUBSPOT_LEAD_STATUSES.
 */
export const DEFAULT_LEAD_STATUSES: LeadStatusMap = {
  new: "NEW",
  contacted: "ATTEMPTED_TO_CONTACT",
  booked: "CONNECTED",
  "booking-cancelled": "ATTEMPTED_TO_CONTACT",
  "closed:demo held": "CONNECTED",
  "closed:pilot agreed": "OPEN_DEAL",
  "closed:not a fit": "UNQUALIFIED",
  "closed:spam": "UNQUALIFIED",
  reopened: "OPEN",
};

const STATUS_KEYS = [...Object.keys(DEFAULT_LEAD_STATUSES), "closed:duplicate"];

/** `key=VALUE` pairs, comma separated; undefined unless every key is a known change and every value a token. */
function parseLeadStatuses(value: string): LeadStatusMap | undefined {
  const pairs = value.split(",").map((pair) => pair.split("=").map((part) => part.trim()));
  const valid = pairs.every(
    (pair) => pair.length === 2 && STATUS_KEYS.includes(pair[0]) && /^[A-Za-z0-9_-]{1,100}$/.test(pair[1]),
  );
  return valid ? { ...DEFAULT_LEAD_STATUSES, ...(Object.fromEntries(pairs) as LeadStatusMap) } : undefined;
}

const schema = z.object({
  HUBSPOT_ACCESS_TOKEN: z.string().trim().min(1),
  HUBSPOT_API_BASE_URL: z.url().optional(),
  ALLOW_SENDGRID_BASE_URL: z.enum(["true", "false"]).optional(),
  HUBSPOT_LEAD_STATUSES: z.string().optional(),
});

const shapes: Shapes<typeof schema> = {
  HUBSPOT_ACCESS_TOKEN: {
    shape: "a HubSpot Service Key (or a legacy private app's token); `local` only in a local run",
  },
  HUBSPOT_API_BASE_URL: { shape: "a URL of a HubSpot-shaped API", example: "http://127.0.0.1:8026" },
  ALLOW_SENDGRID_BASE_URL: { shape: "true or false", example: "false" },
  HUBSPOT_LEAD_STATUSES: {
    shape: `change=STATUS pairs, comma separated, for ${STATUS_KEYS.join(", ")}`,
    example: "contacted=IN_PROGRESS,closed:not a fit=BAD_TIMING",
  },
};

export const HUBSPOT_VARIABLES = ["HUBSPOT_ACCESS_TOKEN", "HUBSPOT_API_BASE_URL", "HUBSPOT_LEAD_STATUSES"];

/**
 * Reads the plugin's settings from `env`. HUBSPOT_API_BASE_URL is honoured only where SENDGRID_API_BASE_URL is (a
 * local run, or ALLOW_SENDGRID_BASE_URL=true): pointing production at another server would hand it every lead.
 */
export function hubspotSettings(env: Env): Setting<HubspotConfig> {
  return readSetting(
    env,
    { schema, shapes },
    (e): Built<HubspotConfig, keyof typeof shapes> => {
      const local = isLocalRun(env);
      const leadStatuses = e.HUBSPOT_LEAD_STATUSES
        ? parseLeadStatuses(e.HUBSPOT_LEAD_STATUSES)
        : DEFAULT_LEAD_STATUSES;
      if (!leadStatuses) return { problems: { HUBSPOT_LEAD_STATUSES: "invalid" } };
      if (e.HUBSPOT_ACCESS_TOKEN === "local" && !local)
        return { problems: { HUBSPOT_ACCESS_TOKEN: "invalid" } };
      const honoured = local || e.ALLOW_SENDGRID_BASE_URL === "true";
      const baseUrl = (honoured && e.HUBSPOT_API_BASE_URL) || HUBSPOT_API;
      return { value: { token: e.HUBSPOT_ACCESS_TOKEN, baseUrl: baseUrl.replace(/\/+$/, ""), leadStatuses } };
    },
    { key: "HUBSPOT_ACCESS_TOKEN" },
  );
}
