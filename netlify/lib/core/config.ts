/**
 * Server configuration for the demo-request functions, read from the environment and
 * validated with zod once per process (docs/requirements.md#the-demo-request-end-to-end).
 *
 * Required: SENDGRID_API_KEY, SALES_EMAIL (the sales inbox), MAIL_FROM (the verified sender).
 * Optional: SENDGRID_TIMEOUT_MS (per-attempt timeout, default 3000), URL (the site's own http(s)
 * origin for links in messages: set by Netlify on every deploy, and by `npm start` to its own
 * address), CONFIRMATION_EMAIL (`off` sends no confirmations), CONFIRMATION_DAILY_LIMIT
 * (default 200), FORM_TOKEN_SECRET (at least 32 characters; derived from SENDGRID_API_KEY when
 * unset), SENDGRID_API_BASE_URL (a SendGrid-compatible server: honoured only when running locally
 * or with ALLOW_SENDGRID_BASE_URL=true), NETLIFY_DEV (`true` marks a local run;
 * docs/requirements.md#spam-defence), ALERT_EMAIL (who hears of a lead that was not delivered;
 * default SALES_EMAIL) and ALERT_AFTER_MINUTES (how long a lead may stay pending before that
 * alert; default 30; docs/requirements.md#lead-path-and-alerts).
 * Speed to lead: LEAD_WEBHOOK_URL (https; http only locally) with LEAD_WEBHOOK_FORMAT (slack, teams
 * or standard; default slack), LEAD_WEBHOOK_SECRET (required for standard: `whsec_` + base64 of
 * 24-64 bytes) and LEAD_WEBHOOK_TIMEOUT_MS (per attempt, default 3000); BOOKING_URL (https;
 * http only locally).
 * Follow-up (docs/requirements.md#follow-up): SALES_TEAM (the roster, `Name <email>, ...`),
 * CLAIM_NUDGE_MINUTES (default 15) and CLAIM_ESCALATE_MINUTES (default 60; fractional allowed),
 * ESCALATION_EMAIL (default SALES_EMAIL, never ALERT_EMAIL: the escalation links to the lead's
 * page, which shows the prospect's details) and BUSINESS_HOURS (e.g.
 * `Mon-Fri 08:00-17:00 Australia/Perth`; without it the claim clocks run all day).
 * Closing the loop (docs/decisions/0030-slack-and-booking-loop.md): SLACK_SIGNING_SECRET (with the
 * `slack` format, lead messages carry Claim and Contacted buttons answered at
 * /api/slack/interactions), SLACK_USER_MAP (`<Slack user id>=<roster address>, ...`; needs
 * SALES_TEAM) and CAL_WEBHOOK_SECRET (the Cal.com webhook at /api/booking-webhook).
 */
import { createHmac } from "node:crypto";
import { z } from "zod";
import { parseBusinessHours, type BusinessHours } from "../add-ons/follow-up/business-hours";
import { parseSalesTeam, parseSlackUserMap, type StaffMember } from "../add-ons/follow-up/sales-team";

/** The lead webhook's message formats (delivery/webhook/). */
export const WEBHOOK_FORMATS = ["slack", "teams", "standard"] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/**
 * Whether `value` may be the booking page: an absolute https URL without credentials; plain
 * http only when running locally (`isLocal`), for a local stand-in.
 */
export function isAllowedBookingUrl(value: string, isLocal: boolean): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return url.protocol === "https:" || (isLocal && url.protocol === "http:");
}

const address = z.email();

/** Whether `value` is an http(s) origin, as Netlify's URL is ("https://example.com"): no credentials, path or query. */
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

const configSchema = z.object({
  SENDGRID_API_KEY: z.string().trim().min(1),
  SALES_EMAIL: address,
  MAIL_FROM: address,
  SENDGRID_API_BASE_URL: z.url().optional(),
  ALLOW_SENDGRID_BASE_URL: z.enum(["true", "false"]).optional(),
  SENDGRID_TIMEOUT_MS: z.coerce.number().int().min(50).max(20_000).default(3000),
  URL: z.string().trim().refine(isHttpOrigin).optional(),
  NETLIFY_DEV: z.string().optional(),
  CONFIRMATION_EMAIL: z.enum(["on", "off"]).default("on"),
  CONFIRMATION_DAILY_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(200),
  CONFIRMATION_CLIENT_DAILY_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(5),
  FORM_TOKEN_SECRET: z.string().trim().min(32).optional(),
  ALERT_EMAIL: address.optional(),
  ALERT_AFTER_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  LEAD_WEBHOOK_URL: z.url().optional(),
  LEAD_WEBHOOK_FORMAT: z.enum(WEBHOOK_FORMATS).default("slack"),
  LEAD_WEBHOOK_SECRET: z.string().optional(),
  LEAD_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(50).max(20_000).default(3000),
  BOOKING_URL: z.string().optional(),
  SALES_TEAM: z.string().optional(),
  CLAIM_NUDGE_MINUTES: z.coerce
    .number()
    .positive()
    .max(7 * 24 * 60)
    .default(15),
  CLAIM_ESCALATE_MINUTES: z.coerce
    .number()
    .positive()
    .max(7 * 24 * 60)
    .default(60),
  ESCALATION_EMAIL: address.optional(),
  BUSINESS_HOURS: z.string().optional(),
  SLACK_SIGNING_SECRET: z.string().trim().min(16).optional(),
  SLACK_USER_MAP: z.string().optional(),
  CAL_WEBHOOK_SECRET: z.string().trim().min(16).optional(),
});

/** The environment variables the configuration reads (.env.example lists each with its default). */
export const CONFIG_VARIABLES = Object.keys(configSchema.shape);

/**
 * Where every lead is also POSTed (docs/decisions/0022-lead-webhook-channel.md;
 * netlify/lib/add-ons/webhook/webhook-channel.ts).
 */
export interface LeadWebhookConfig {
  /** A credential in itself (a Slack or Teams URL lets anyone post): never logged. */
  url: string;
  format: WebhookFormat;
  /** The Standard Webhooks signing secret; set when `format` is "standard". */
  secret?: string;
  /** Per-attempt timeout in milliseconds. */
  timeoutMs: number;
  /**
   * With the `slack` format and SLACK_SIGNING_SECRET: lead messages carry Claim and Contacted
   * buttons instead of the claim link (docs/decisions/0030-slack-and-booking-loop.md).
   */
  slackButtons?: boolean;
}

/** Slack interactivity (docs/decisions/0030-slack-and-booking-loop.md), when SLACK_SIGNING_SECRET is set. */
export interface SlackConfig {
  /** The Slack app's signing secret: a credential, never logged. */
  signingSecret: string;
  /** Slack user id -> roster member (SLACK_USER_MAP). */
  userMap: ReadonlyMap<string, StaffMember>;
}

/** Who may hold a lead and when an unclaimed one is raised (docs/decisions/0029-lead-follow-up.md). */
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
  /**
   * The site's own origin, e.g. "https://example.com" (Netlify's URL variable): links in e-mails
   * and webhooks are built on it, never on a request's Host. Unset, they carry no claim link.
   */
  siteOrigin?: string;
  /** True only when the environment says so positively (NETLIFY_DEV=true); see `isLocalRun`. */
  isLocal: boolean;
  /** False with CONFIRMATION_EMAIL=off: no prospect gets a confirmation e-mail. */
  confirmationEmail: boolean;
  /** Most confirmation e-mails sent per UTC day, all recipients together. */
  confirmationDailyLimit: number;
  /** Most confirmation e-mails per UTC day caused by one client (its IP). */
  confirmationClientDailyLimit: number;
  /**
   * The server secret behind the form's time token and the keyed hash of confirmation
   * recipients (netlify/lib/core/spam/form-token.ts, netlify/lib/add-ons/confirmation/confirmation-limits.ts). Never sent out.
   */
  formSecret: string;
  /** Where the alert about an undelivered lead goes (netlify/lib/core/delivery/alert.ts). */
  alertEmail: string;
  /** Minutes a lead may stay pending before it is alerted as overdue. */
  alertAfterMinutes: number;
  /** The lead webhook, when LEAD_WEBHOOK_URL is set. */
  leadWebhook?: LeadWebhookConfig;
  /**
   * The booking page offered after a request (docs/decisions/0023-booking-link.md), when BOOKING_URL is set.
   */
  bookingUrl?: string;
  followUp: FollowUpConfig;
  /** Slack's interactivity, when SLACK_SIGNING_SECRET is set. */
  slack?: SlackConfig;
  /** The Cal.com webhook's secret (CAL_WEBHOOK_SECRET), when bookings are to mark leads booked. */
  calWebhookSecret?: string;
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
 * True when this run is local, decided positively (docs/requirements.md#spam-defence): `NETLIFY_DEV=true` in
 * the environment (`npm start` sets it), or the Functions v2 context's `deploy.context` is "dev". A missing
 * variable never makes a run local, so production never accepts localhost origins.
 */
export function isLocalRun(
  env: Record<string, string | undefined>,
  context?: { deploy?: { context?: string } } | null,
): boolean {
  return env.NETLIFY_DEV === "true" || context?.deploy?.context === "dev";
}

/**
 * The form secret when FORM_TOKEN_SECRET is unset: an HMAC of a fixed label under the SendGrid
 * key, so it is as secret as that key, stable across instances, and reveals nothing about it.
 */
function derivedFormSecret(sendgridApiKey: string): string {
  return createHmac("sha256", sendgridApiKey).update("demo-request form secret v1").digest("hex");
}

/**
 * The form secret an environment gives, without the rest of the configuration: FORM_TOKEN_SECRET
 * when set, else derived from SENDGRID_API_KEY, else undefined. For the owner's commands
 * (`leads:erase`), which must find the keyed hashes the functions wrote.
 */
export function formSecretFrom(env: Record<string, string | undefined>): string | undefined {
  const explicit = env.FORM_TOKEN_SECRET?.trim();
  if (explicit) return explicit;
  const key = env.SENDGRID_API_KEY?.trim();
  return key ? derivedFormSecret(key) : undefined;
}

/**
 * Checks an environment (default `process.env`). On failure `problems` names each bad
 * variable, e.g. `["SALES_EMAIL is missing"]`, never its value (it may be a secret).
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): ConfigResult {
  const given = clean(env);
  const parsed = configSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return name in given ? `${name} is invalid` : `${name} is missing`;
    });
    return { ok: false, problems: [...new Set(problems)] };
  }
  const e = parsed.data;
  const isLocal = isLocalRun(env);
  const problems = [...speedToLeadProblems(e, isLocal), ...followUpProblems(e)];
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    config: {
      sendgridApiKey: e.SENDGRID_API_KEY,
      salesEmail: e.SALES_EMAIL,
      mailFrom: e.MAIL_FROM,
      // Pointing production's mail at another server would hand every lead to it.
      sendgridBaseUrl: isLocal || e.ALLOW_SENDGRID_BASE_URL === "true" ? e.SENDGRID_API_BASE_URL : undefined,
      sendgridTimeoutMs: e.SENDGRID_TIMEOUT_MS,
      siteOrigin: e.URL ? new URL(e.URL).origin : undefined,
      isLocal,
      confirmationEmail: e.CONFIRMATION_EMAIL === "on",
      confirmationDailyLimit: e.CONFIRMATION_DAILY_LIMIT,
      confirmationClientDailyLimit: e.CONFIRMATION_CLIENT_DAILY_LIMIT,
      formSecret: e.FORM_TOKEN_SECRET ?? derivedFormSecret(e.SENDGRID_API_KEY),
      alertEmail: e.ALERT_EMAIL ?? e.SALES_EMAIL,
      alertAfterMinutes: e.ALERT_AFTER_MINUTES,
      leadWebhook: e.LEAD_WEBHOOK_URL
        ? {
            url: e.LEAD_WEBHOOK_URL,
            format: e.LEAD_WEBHOOK_FORMAT,
            secret: e.LEAD_WEBHOOK_SECRET,
            timeoutMs: e.LEAD_WEBHOOK_TIMEOUT_MS,
            slackButtons: e.LEAD_WEBHOOK_FORMAT === "slack" && !!e.SLACK_SIGNING_SECRET,
          }
        : undefined,
      bookingUrl: e.BOOKING_URL,
      followUp: {
        salesTeam: e.SALES_TEAM ? parseSalesTeam(e.SALES_TEAM) : undefined,
        nudgeMinutes: e.CLAIM_NUDGE_MINUTES,
        escalateMinutes: e.CLAIM_ESCALATE_MINUTES,
        escalationEmail: e.ESCALATION_EMAIL ?? e.SALES_EMAIL,
        businessHours: e.BUSINESS_HOURS ? parseBusinessHours(e.BUSINESS_HOURS) : undefined,
      },
      slack: e.SLACK_SIGNING_SECRET
        ? {
            signingSecret: e.SLACK_SIGNING_SECRET,
            userMap: e.SLACK_USER_MAP
              ? (parseSlackUserMap(e.SLACK_USER_MAP, parseSalesTeam(e.SALES_TEAM ?? "")) ?? new Map())
              : new Map(),
          }
        : undefined,
      calWebhookSecret: e.CAL_WEBHOOK_SECRET,
    },
  };
}

/** A Standard Webhooks secret: optional `whsec_`, then base64 of 24 to 64 bytes (the specification's range). */
function isWebhookSecret(value: string): boolean {
  const base64 = value.startsWith("whsec_") ? value.slice("whsec_".length) : value;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || base64.length % 4 !== 0) return false;
  const bytes = Buffer.from(base64, "base64").length;
  return bytes >= 24 && bytes <= 64;
}

/** The speed-to-lead checks that depend on running locally or on another variable. */
function speedToLeadProblems(e: z.output<typeof configSchema>, isLocal: boolean): string[] {
  const problems: string[] = [];
  if (e.LEAD_WEBHOOK_URL) {
    const protocol = new URL(e.LEAD_WEBHOOK_URL).protocol;
    if (protocol !== "https:" && !(isLocal && protocol === "http:"))
      problems.push("LEAD_WEBHOOK_URL is invalid");
    if (e.LEAD_WEBHOOK_FORMAT === "standard") {
      if (!e.LEAD_WEBHOOK_SECRET) problems.push("LEAD_WEBHOOK_SECRET is missing");
      else if (!isWebhookSecret(e.LEAD_WEBHOOK_SECRET)) problems.push("LEAD_WEBHOOK_SECRET is invalid");
    }
  }
  if (e.BOOKING_URL && !isAllowedBookingUrl(e.BOOKING_URL, isLocal)) problems.push("BOOKING_URL is invalid");
  return problems;
}

/** The follow-up variables that need more than their own schema (docs/requirements.md#follow-up). */
function followUpProblems(e: z.output<typeof configSchema>): string[] {
  const problems: string[] = [];
  if (e.SALES_TEAM && !parseSalesTeam(e.SALES_TEAM)) problems.push("SALES_TEAM is invalid");
  if (e.BUSINESS_HOURS && !parseBusinessHours(e.BUSINESS_HOURS)) problems.push("BUSINESS_HOURS is invalid");
  if (e.CLAIM_ESCALATE_MINUTES < e.CLAIM_NUDGE_MINUTES) problems.push("CLAIM_ESCALATE_MINUTES is invalid");
  if (e.SLACK_USER_MAP && !parseSlackUserMap(e.SLACK_USER_MAP, parseSalesTeam(e.SALES_TEAM ?? ""))) {
    problems.push("SLACK_USER_MAP is invalid");
  }
  return problems;
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
