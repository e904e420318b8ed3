/**
 * The core's configuration (docs/requirements.md#the-demo-request-end-to-end,
 * docs/decisions/0034-core-and-add-ons.md), read from the environment and validated with zod.
 *
 * The demo request needs SENDGRID_API_KEY, SALES_EMAIL (the sales inbox) and MAIL_FROM (the verified
 * sender); FORM_TOKEN_SECRET (at least 32 characters; derived from SENDGRID_API_KEY when unset), URL
 * (the site's own origin, set by Netlify), SENDGRID_API_BASE_URL (a SendGrid-compatible server:
 * honoured only when running locally or with ALLOW_SENDGRID_BASE_URL=true) and NETLIFY_DEV (`true`
 * marks a local run) are core settings too: a missing or invalid one answers 500. Its tunables
 * SENDGRID_TIMEOUT_MS (default 3000), ALERT_EMAIL (who hears of a lead that was not delivered;
 * default SALES_EMAIL) and ALERT_AFTER_MINUTES (default 30) fall back to their defaults when
 * invalid, and are named as problems. Each add-on reads its own settings (its `settings.ts`), and
 * netlify/lib/compose.ts puts them together.
 */
import { z } from "zod";
import { derivedFormSecret } from "../kit/keys";
import { given, problemsOf, type Env } from "../kit/settings";

const address = z.email();

/** Whether `value` is an http(s) origin: no credentials, path, query or fragment. */
function isHttpOrigin(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const http = url.protocol === "https:" || url.protocol === "http:";
  return http && !url.username && !url.password && url.pathname === "/" && !url.search && !url.hash;
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

/** The core's tunables: each one that is invalid falls back to its default. */
const TUNABLES = {
  SENDGRID_TIMEOUT_MS: z.coerce.number().int().min(50).max(20_000).default(3000),
  ALERT_EMAIL: address.optional(),
  ALERT_AFTER_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
};

/** The environment variables the core reads (.env.example lists each with its default). */
export const CORE_VARIABLES = [...Object.keys(coreSchema.shape), ...Object.keys(TUNABLES)];

/** The lead webhook's message formats (add-ons/webhook/settings.ts `WEBHOOK_FORMATS`). */
export type WebhookFormat = "slack" | "teams" | "standard";

/** Where every lead is also POSTed. */
export interface LeadWebhookConfig {
  /** A credential in itself (a Slack or Teams URL lets anyone post): never logged. */
  url: string;
  format: WebhookFormat;
  /** The Standard Webhooks signing secret; set when `format` is "standard". */
  secret?: string;
  /** Per-attempt timeout in milliseconds. */
  timeoutMs: number;
  /**
   * With the `slack` format and Slack's interactivity on: lead messages carry Claim and Contacted
   * buttons instead of the claim link (docs/decisions/0030-slack-and-booking-loop.md).
   */
  slackButtons?: boolean;
}

/** A person who may hold a lead: a name, and an address when the roster gives one. */
export interface StaffMember {
  name: string;
  email?: string;
  /** The Slack user who claimed from Slack (docs/decisions/0030-slack-and-booking-loop.md), e.g. "U024BE7LH". */
  slackUserId?: string;
}

/** A weekly window: `days` are ISO weekdays (1 = Monday ... 7 = Sunday); times are minutes after local midnight. */
export interface BusinessHours {
  days: ReadonlySet<number>;
  openMinute: number;
  closeMinute: number;
  /** An IANA zone name, e.g. "Australia/Perth". */
  zone: string;
}

/** Who may hold a lead and when an unclaimed one is raised. */
export interface FollowUpConfig {
  /** The roster from SALES_TEAM; absent, the claim page asks for a name. */
  salesTeam?: StaffMember[];
  /** Minutes (fractional allowed) an unclaimed lead waits before the nudge to sales. */
  nudgeMinutes: number;
  /** Minutes before the escalation to `escalationEmail`; never less than `nudgeMinutes`. */
  escalateMinutes: number;
  escalationEmail: string;
  /** When the nudge and escalation clocks run; absent, all day. */
  businessHours?: BusinessHours;
}

/** Slack interactivity, when SLACK_SIGNING_SECRET is set. */
export interface SlackConfig {
  /** The Slack app's signing secret: a credential, never logged. */
  signingSecret: string;
  /** Slack user id -> roster member (SLACK_USER_MAP). */
  userMap: ReadonlyMap<string, StaffMember>;
}

/** The checked configuration, e.g. `{ sendgridApiKey: "SG.x", salesEmail: "sales@x.com", ... }`. */
export interface ServerConfig {
  sendgridApiKey: string;
  salesEmail: string;
  mailFrom: string;
  /**
   * Set only when running locally or with ALLOW_SENDGRID_BASE_URL=true (docs/requirements.md#spam-defence).
   */
  sendgridBaseUrl?: string;
  /** Per-attempt SendGrid timeout in milliseconds. */
  sendgridTimeoutMs: number;
  /** The site's own origin, e.g. "https://example.com" (from Netlify's URL variable). */
  siteOrigin?: string;
  /** True only when the environment says so positively (NETLIFY_DEV=true); see `isLocalRun`. */
  isLocal: boolean;
  /** False when the confirmation add-on is off: no prospect gets a confirmation e-mail. */
  confirmationEmail: boolean;
  /** Most confirmation e-mails sent per UTC day, all recipients together. */
  confirmationDailyLimit: number;
  /** Most confirmation e-mails per UTC day caused by one client (its IP). */
  confirmationClientDailyLimit: number;
  /** The server secret every keyed hash and key is made from (netlify/lib/kit/keys.ts). Never sent out. */
  formSecret: string;
  /** Where the alert about an undelivered lead goes (netlify/lib/core/delivery/alert.ts). */
  alertEmail: string;
  /** Minutes a lead may stay pending before it is alerted as overdue. */
  alertAfterMinutes: number;
  /** The lead webhook, when that add-on is on. */
  leadWebhook?: LeadWebhookConfig;
  /** The booking page offered after a request, when the booking link is on. */
  bookingUrl?: string;
  /** The follow-up, when that add-on is on (it is by default). */
  followUp?: FollowUpConfig;
  /** Slack's interactivity, when on. */
  slack?: SlackConfig;
  /** The Cal.com webhook's secret, when bookings are to mark leads booked. */
  calWebhookSecret?: string;
}

/** The core's part of the configuration. */
export type CoreConfig = Pick<
  ServerConfig,
  | "sendgridApiKey"
  | "salesEmail"
  | "mailFrom"
  | "sendgridBaseUrl"
  | "sendgridTimeoutMs"
  | "siteOrigin"
  | "isLocal"
  | "formSecret"
  | "alertEmail"
  | "alertAfterMinutes"
>;

/** How one part of the site stands in this environment; `problems` names variables, never values. */
export interface PartReport {
  /** "core", or an add-on such as "lead webhook". */
  name: string;
  state: "on" | "off" | "invalid";
  problems: string[];
}

/**
 * The configuration: `ok` with every part's report (an add-on whose settings are invalid is off
 * and named there), or the core's problems (the demo request cannot run).
 */
export type ConfigResult =
  { ok: true; config: ServerConfig; report?: PartReport[] } | { ok: false; problems: string[] };

/**
 * True when this run is local, decided positively (docs/requirements.md#spam-defence): `NETLIFY_DEV=true` in
 * the environment (`npm start` sets it), or the Functions v2 context's `deploy.context` is "dev". A missing
 * variable never makes a run local, so production never accepts localhost origins.
 */
export function isLocalRun(env: Env, context?: { deploy?: { context?: string } } | null): boolean {
  return env.NETLIFY_DEV === "true" || context?.deploy?.context === "dev";
}

/**
 * The form secret an environment gives, without the rest of the configuration: FORM_TOKEN_SECRET
 * when set, else derived from SENDGRID_API_KEY, else undefined. For the owner's commands
 * (`leads:erase`), which must find the keyed hashes the functions wrote.
 */
export function formSecretFrom(env: Env): string | undefined {
  const explicit = env.FORM_TOKEN_SECRET?.trim();
  if (explicit) return explicit;
  const key = env.SENDGRID_API_KEY?.trim();
  return key ? derivedFormSecret(key) : undefined;
}

/**
 * Checks the core's variables in `env`. On failure `problems` names each bad variable, e.g.
 * `["SALES_EMAIL is missing"]`, never its value (it may be a secret); `tunables` names the
 * tunables that fell back to their defaults.
 */
export function loadCoreConfig(
  env: Env,
): { ok: true; core: CoreConfig; tunables: string[] } | { ok: false; problems: string[] } {
  const set = given(env, Object.keys(coreSchema.shape));
  const parsed = coreSchema.safeParse(set);
  if (!parsed.success) return { ok: false, problems: problemsOf(parsed.error, set) };
  const e = parsed.data;
  const tunables: string[] = [];
  const tunable = <K extends keyof typeof TUNABLES>(name: K): z.output<(typeof TUNABLES)[K]> => {
    const value = given(env, [name])[name];
    const checked = TUNABLES[name].safeParse(value);
    if (checked.success) return checked.data as z.output<(typeof TUNABLES)[K]>;
    tunables.push(`${name} is invalid`);
    return TUNABLES[name].parse(undefined) as z.output<(typeof TUNABLES)[K]>;
  };
  const isLocal = isLocalRun(env);
  return {
    ok: true,
    tunables,
    core: {
      sendgridApiKey: e.SENDGRID_API_KEY,
      salesEmail: e.SALES_EMAIL,
      mailFrom: e.MAIL_FROM,
      // Pointing production's mail at another server would hand every lead to it.
      sendgridBaseUrl: isLocal || e.ALLOW_SENDGRID_BASE_URL === "true" ? e.SENDGRID_API_BASE_URL : undefined,
      sendgridTimeoutMs: tunable("SENDGRID_TIMEOUT_MS"),
      siteOrigin: e.URL ? new URL(e.URL).origin : undefined,
      isLocal,
      formSecret: e.FORM_TOKEN_SECRET ?? derivedFormSecret(e.SENDGRID_API_KEY),
      alertEmail: tunable("ALERT_EMAIL") ?? e.SALES_EMAIL,
      alertAfterMinutes: tunable("ALERT_AFTER_MINUTES"),
    },
  };
}
