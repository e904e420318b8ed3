/**
 * The core's configuration (docs/decisions/0034-core-and-add-ons.md): a missing or invalid core variable answers
 * 500; an invalid tunable falls back to its default and is named as a problem.
 */
import { z } from "zod";
import { derivedFormSecret } from "../kit/keys";
import { given, problemsOf, type Env, type Shapes } from "../kit/settings";

const address = z.email();

function isHttpOrigin(value: string): boolean {
  const url = URL.parse(value);
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) return false;
  return !url.username && !url.password && url.pathname === "/" && !url.search && !url.hash;
}

const coreSchema = z.object({
  SENDGRID_API_KEY: z.string().trim().min(1),
  SALES_EMAIL: address,
  MAIL_FROM: address,
  FORM_TOKEN_SECRET: z.string().trim().min(32).optional(),
  URL: z.string().trim().refine(isHttpOrigin).optional(),
  SENDGRID_API_BASE_URL: z.url().optional(),
  ALLOW_SENDGRID_BASE_URL: z.enum(["true", "false"]).optional(),
  NETLIFY_DEV: z.string().optional(),
});

const tunablesSchema = z.object({
  // One attempt fits the sales e-mail's 4 s in-request budget, so a request answers well within 10 s (decision 0039).
  SENDGRID_TIMEOUT_MS: z.coerce.number().int().min(50).max(4000).default(3000),
  ALERT_EMAIL: address.optional(),
  ALERT_AFTER_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
});

const coreShapes: Shapes<typeof coreSchema> = {
  SENDGRID_API_KEY: { shape: "a SendGrid API key with Mail Send access (SG. then about 66 characters)" },
  SALES_EMAIL: { shape: "an e-mail address", example: "sales@example.com" },
  MAIL_FROM: { shape: "an e-mail address SendGrid has verified as a sender", example: "website@example.com" },
  FORM_TOKEN_SECRET: { shape: "at least 32 random characters (openssl rand -base64 32)" },
  URL: { shape: "the site's origin, http(s)://host with no path", example: "https://www.example.com" },
  SENDGRID_API_BASE_URL: { shape: "a URL of a SendGrid-compatible API", example: "http://127.0.0.1:8025" },
  ALLOW_SENDGRID_BASE_URL: { shape: "true or false", example: "false" },
  NETLIFY_DEV: { shape: "true in a local run (set by the emulation)", example: "true" },
};
const tunableShapes: Shapes<typeof tunablesSchema> = {
  SENDGRID_TIMEOUT_MS: { shape: "whole milliseconds from 50 to 4000", example: "3000" },
  ALERT_EMAIL: { shape: "an e-mail address", example: "owner@example.com" },
  ALERT_AFTER_MINUTES: { shape: "whole minutes from 1 to 1440", example: "30" },
};

export const CORE_VARIABLES = [...Object.keys(coreSchema.shape), ...Object.keys(tunablesSchema.shape)];

/** The core's settings; `formSecret` is the secret every keyed hash is made from (netlify/lib/kit/keys.ts), never sent. */
type CoreConfig = Extract<ReturnType<typeof loadCoreConfig>, { ok: true }>["core"];

/**
 * Each plugin's settings under its own key, optional because a plugin may be off. The core declares none: every
 * plugin adds its field from its own settings module (TypeScript's declaration merging), so deleting a plugin's
 * folder deletes its field (docs/decisions/0043-plugins.md).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by each plugin's declaration
export interface PluginSettings {}

export interface ServerConfig extends CoreConfig, PluginSettings {}

/** How one part of the site stands; `problems` names variables, never values. */
export interface PartReport {
  name: string;
  state: "on" | "off" | "invalid";
  problems: string[];
}

/** `report` lists the core and each add-on; without the core, only the build's report lists the add-ons. */
export type ConfigResult =
  | { ok: true; config: ServerConfig; report?: PartReport[] }
  | { ok: false; problems: string[]; report?: PartReport[] };

/** True when NETLIFY_DEV=true or the deploy context is "dev"; a missing variable never makes a run local. */
export function isLocalRun(env: Env, context?: { deploy?: { context?: string } } | null): boolean {
  return env.NETLIFY_DEV === "true" || context?.deploy?.context === "dev";
}

/** FORM_TOKEN_SECRET, else derived from SENDGRID_API_KEY; for owner commands that must find the keyed hashes. */
export function formSecretFrom(env: Env): string | undefined {
  const explicit = env.FORM_TOKEN_SECRET?.trim();
  if (explicit) return explicit;
  const key = env.SENDGRID_API_KEY?.trim();
  return key ? derivedFormSecret(key) : undefined;
}

/** `{ ok, core, tunables }` from the variables, or `{ ok: false, problems }` naming bad ones, never values. */
export function loadCoreConfig(env: Env) {
  const set = given(env, Object.keys(coreSchema.shape));
  const parsed = coreSchema.safeParse(set);
  if (!parsed.success) return { ok: false as const, problems: problemsOf(parsed.error, set, coreShapes) };
  const e = parsed.data;
  const tunableSet = given(env, Object.keys(tunablesSchema.shape));
  const checked = tunablesSchema.safeParse(tunableSet);
  const invalid = checked.error?.issues.map((issue) => issue.path[0]) ?? [];
  const tunable = tunablesSchema.parse(
    Object.fromEntries(Object.entries(tunableSet).filter(([name]) => !invalid.includes(name))),
  );
  const isLocal = isLocalRun(env);
  return {
    ok: true as const,
    tunables: checked.error ? problemsOf(checked.error, tunableSet, tunableShapes) : [],
    core: {
      sendgridApiKey: e.SENDGRID_API_KEY,
      salesEmail: e.SALES_EMAIL,
      mailFrom: e.MAIL_FROM,
      // Pointing production's mail at another server would hand every lead to it.
      ...(isLocal || e.ALLOW_SENDGRID_BASE_URL === "true"
        ? { sendgridBaseUrl: e.SENDGRID_API_BASE_URL }
        : {}),
      sendgridTimeoutMs: tunable.SENDGRID_TIMEOUT_MS,
      siteOrigin: e.URL ? new URL(e.URL).origin : undefined,
      isLocal,
      formSecret: formSecretFrom(e)!, // SENDGRID_API_KEY is required above
      alertEmail: tunable.ALERT_EMAIL ?? e.SALES_EMAIL,
      alertAfterMinutes: tunable.ALERT_AFTER_MINUTES,
    },
  };
}

let coreCached: ReturnType<typeof loadCoreConfig> | undefined;

/**
 * The core's configuration alone, read once per cold start, for the form token: it is fetched as /contact loads,
 * so its function loads no plugin (a plugin's hooks, bundled in, would triple its start-up; docs/performance.md).
 * Every other function reads the whole configuration through netlify/lib/compose.ts, which reports the plugins'.
 */
export function getCoreConfig(): ReturnType<typeof loadCoreConfig> {
  return (coreCached ??= loadCoreConfig(process.env));
}

/** Forgets the cached core configuration (tests change the environment; compose's `resetConfig` calls it). */
export function resetCoreConfig(): void {
  coreCached = undefined;
}
