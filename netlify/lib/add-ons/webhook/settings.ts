/** The lead webhook's settings (docs/decisions/0034-core-and-add-ons.md): off without LEAD_WEBHOOK_URL or when invalid. */
import { z } from "zod";
import { isLocalRun, type LeadWebhookConfig, type WebhookFormat } from "../../core/config";
import { readSetting, type Built, type Env, type Setting } from "../../kit/settings";
import { isHttpsUrl } from "../../kit/url";

const WEBHOOK_FORMATS = ["slack", "teams", "standard"] as const satisfies readonly WebhookFormat[];

const schema = z.object({
  LEAD_WEBHOOK_URL: z.url(),
  LEAD_WEBHOOK_FORMAT: z.enum(WEBHOOK_FORMATS).default("slack"),
  LEAD_WEBHOOK_SECRET: z.string().optional(),
  // An attempt fits in what a request leaves after its sales e-mail, before the function's 10 s limit (decision 0039).
  LEAD_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(50).max(5000).default(3000),
});

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
    schema,
    (e): Built<LeadWebhookConfig> => {
      const problems: string[] = [];
      if (!isHttpsUrl(e.LEAD_WEBHOOK_URL, isLocalRun(env))) problems.push("LEAD_WEBHOOK_URL is invalid");
      if (e.LEAD_WEBHOOK_FORMAT === "standard") {
        if (!e.LEAD_WEBHOOK_SECRET) problems.push("LEAD_WEBHOOK_SECRET is missing");
        else if (!isWebhookSecret(e.LEAD_WEBHOOK_SECRET)) problems.push("LEAD_WEBHOOK_SECRET is invalid");
      }
      if (problems.length > 0) return { problems };
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
