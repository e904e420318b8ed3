/**
 * Server configuration for the demo-request functions, read from the environment and
 * validated with zod once per process (issue 3, "Configuration is read and validated once").
 *
 * Required: SENDGRID_API_KEY, SALES_EMAIL (the sales inbox), MAIL_FROM (the verified sender).
 * Optional: SENDGRID_API_BASE_URL (a SendGrid-compatible server, e.g. the local mail sink),
 * SENDGRID_TIMEOUT_MS (per-attempt timeout, default 3000), URL (the site's own origin,
 * set by Netlify), CONTEXT / NETLIFY_DEV (to allow localhost origins when running locally).
 */
import { z } from "zod";

const address = z.email();

const configSchema = z.object({
  SENDGRID_API_KEY: z.string().trim().min(1),
  SALES_EMAIL: address,
  MAIL_FROM: address,
  SENDGRID_API_BASE_URL: z.url().optional(),
  SENDGRID_TIMEOUT_MS: z.coerce.number().int().min(50).max(20_000).default(3000),
  URL: z.url().optional(),
  NETLIFY_DEV: z.string().optional(),
  CONTEXT: z.string().optional(),
});

/** The checked configuration, e.g. `{ sendgridApiKey: "SG.x", salesEmail: "sales@x.com", ... }`. */
export interface ServerConfig {
  sendgridApiKey: string;
  salesEmail: string;
  mailFrom: string;
  sendgridBaseUrl?: string;
  /** Per-attempt SendGrid timeout in milliseconds. */
  sendgridTimeoutMs: number;
  /** The site's own origin, e.g. "https://example.com" (from Netlify's URL variable). */
  siteOrigin?: string;
  /** True outside Netlify production/previews: localhost origins are then accepted too. */
  isLocal: boolean;
}

export type ConfigResult = { ok: true; config: ServerConfig } | { ok: false; problems: string[] };

/** Treats empty strings as unset, so `SALES_EMAIL=` counts as missing. */
function clean(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(configSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== "") out[key] = value;
  }
  return out;
}

/**
 * Checks an environment (default `process.env`). On failure `problems` names each bad
 * variable, e.g. `["SALES_EMAIL is missing"]`, never its value (it may be a secret).
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): ConfigResult {
  const parsed = configSchema.safeParse(clean(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return issue.input === undefined ? `${name} is missing` : `${name} is invalid`;
    });
    return { ok: false, problems: [...new Set(problems)] };
  }
  const e = parsed.data;
  return {
    ok: true,
    config: {
      sendgridApiKey: e.SENDGRID_API_KEY,
      salesEmail: e.SALES_EMAIL,
      mailFrom: e.MAIL_FROM,
      sendgridBaseUrl: e.SENDGRID_API_BASE_URL,
      sendgridTimeoutMs: e.SENDGRID_TIMEOUT_MS,
      siteOrigin: e.URL ? new URL(e.URL).origin : undefined,
      isLocal: e.NETLIFY_DEV === "true" || e.CONTEXT === undefined || e.CONTEXT === "dev",
    },
  };
}

let cached: ConfigResult | undefined;

/** The process-wide configuration, read on first use and then reused. */
export function getConfig(): ConfigResult {
  cached ??= loadConfig();
  return cached;
}

/** Forgets the cached configuration (tests change the environment between cases). */
export function resetConfig(): void {
  cached = undefined;
}
