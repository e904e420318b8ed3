/** The lead webhook's settings (docs/decisions/0034-core-and-add-ons.md): off without LEAD_WEBHOOK_URL or when invalid. */
import { z } from "zod";
import { isLocalRun } from "../../core/config";
import {
  readSetting,
  type Built,
  type Env,
  type Problems,
  type Setting,
  type Shapes,
} from "../../kit/settings";
import { isHttpsUrl } from "../../kit/url";

export type WebhookFormat = "slack" | "teams" | "standard";

export interface LeadWebhookConfig {
  /** A credential in itself (a Slack or Teams URL lets anyone post): never logged. */
  url: string;
  format: WebhookFormat;
  secret?: string;
  timeoutMs: number;
  slackButtons?: boolean;
}

declare module "../../core/config" {
  interface PluginSettings {
    leadWebhook?: LeadWebhookConfig;
  }
}

const WEBHOOK_FORMATS = ["slack", "teams", "standard"] as const satisfies readonly WebhookFormat[];

const schema = z.object({
  LEAD_WEBHOOK_URL: z.url(),
  LEAD_WEBHOOK_FORMAT: z.enum(WEBHOOK_FORMATS).default("slack"),
  LEAD_WEBHOOK_SECRET: z.string().optional(),
  // An attempt fits in what a request leaves after its sales e-mail, before the function's 10 s limit (decision 0039).
  LEAD_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(50).max(5000).default(3000),
});

const shapes: Shapes<typeof schema> = {
  LEAD_WEBHOOK_URL: {
    shape: "an https URL (http only locally)",
    example: "https://hooks.slack.com/services/T000/B000/XXXX",
  },
  LEAD_WEBHOOK_FORMAT: { shape: "slack, teams or standard", example: "teams" },
  LEAD_WEBHOOK_SECRET: {
    shape: "whsec_ then base64 of 24 to 64 random bytes, with the standard format (openssl rand -base64 32)",
  },
  LEAD_WEBHOOK_TIMEOUT_MS: { shape: "whole milliseconds from 50 to 5000", example: "3000" },
};

export const WEBHOOK_VARIABLES = Object.keys(schema.shape);

/** A Standard Webhooks secret: optional `whsec_`, then base64 of 24 to 64 bytes (the specification's range). */
function isWebhookSecret(value: string): boolean {
  const base64 = value.startsWith("whsec_") ? value.slice("whsec_".length) : value;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || base64.length % 4 !== 0) return false;
  const bytes = Buffer.from(base64, "base64").length;
  return bytes >= 24 && bytes <= 64;
}

/** Reads the lead webhook's settings from `env`; plain http is accepted only in a local run. */
export function webhookSettings(env: Env): Setting<LeadWebhookConfig> {
  return readSetting(
    env,
    { schema, shapes },
    (e): Built<LeadWebhookConfig, keyof typeof shapes> => {
      const problems: Problems<keyof typeof shapes> = {};
      if (!isHttpsUrl(e.LEAD_WEBHOOK_URL, isLocalRun(env))) problems.LEAD_WEBHOOK_URL = "invalid";
      if (e.LEAD_WEBHOOK_FORMAT === "standard") {
        if (!e.LEAD_WEBHOOK_SECRET) problems.LEAD_WEBHOOK_SECRET = "missing";
        else if (!isWebhookSecret(e.LEAD_WEBHOOK_SECRET)) problems.LEAD_WEBHOOK_SECRET = "invalid";
      }
      if (Object.keys(problems).length > 0) return { problems };
      return {
        value: {
          url: e.LEAD_WEBHOOK_URL,
          format: e.LEAD_WEBHOOK_FORMAT,
          secret: e.LEAD_WEBHOOK_SECRET,
          timeoutMs: e.LEAD_WEBHOOK_TIMEOUT_MS,
        },
      };
    },
    { key: "LEAD_WEBHOOK_URL" },
  );
}
