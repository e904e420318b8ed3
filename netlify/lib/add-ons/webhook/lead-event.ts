/**
 * What the lead webhook carries (docs/decisions/0022-lead-webhook-channel.md), independent of the
 * format: a new lead, or an alert that a lead's sales e-mail failed or is still pending
 * (docs/requirements.md#lead-path-and-alerts: a failed lead reaches a person). Each format (slack.ts,
 * teams.ts, standard.ts) turns one of these into a request body.
 */
import { DEMO_REQUEST_FIELDS, type Attribution, type DemoRequest } from "../../../../src/lib/demo-request";
import { CLAIM_LINK_TEXT, SUSPECTED_SPAM_PREFIX } from "../../core/delivery/messages";
import { emailClassTag, type EmailClass } from "../../core/leads/lead-email-class";
import { REMINDER_KINDS } from "../follow-up/follow-up-record";

export { CLAIM_LINK_TEXT };

/** A stored lead as the webhook shows it. `receivedAt` is ISO 8601 UTC. */
export interface WebhookLead {
  id: string;
  receivedAt: string;
  request: DemoRequest;
  attribution?: Attribution;
  /**
   * Why a spam layer suspects the lead (netlify/lib/core/spam/spam.ts; our words, e.g. "form
   * token expired (issued 30 h before)"): it is posted like any lead, marked as the sales e-mail
   * is (decision 0022). A `spam` lead (filled honeypot) is never posted.
   */
  suspectedSpam?: string;
  /** Who holds the lead (the follow-up record's owner), e.g. "Ana Smith"; absent while unclaimed. */
  owner?: string;
  /** The lead's signed claim page (netlify/lib/add-ons/follow-up/claim-link.ts), when the site's origin is known. */
  claimUrl?: string;
  /** The class of the prospect's address (netlify/lib/add-ons/email-class/email-class.ts), shown in the first line. */
  emailClass?: EmailClass;
}

/**
 * The alerts about a lead's follow-up (netlify/lib/add-ons/follow-up/reminders.ts), as against the one alert
 * about its delivery ("failed", "unconfirmed", "overdue"). Each has its own event id.
 */
export const FOLLOW_UP_ALERTS: readonly string[] = REMINDER_KINDS.filter((kind) => kind !== "digest");

/** Why a lead is alerted, in the alert module's terms (e.g. "failed", "overdue"), and what to do. */
export interface LeadAlert {
  reason: string;
  /** Our own words, never visitor text, e.g. "The sales e-mail was not accepted for a day." */
  detail: string;
}

/**
 * A change of a lead's follow-up posted to the team's channel (docs/decisions/0030-slack-and-booking-loop.md):
 * a claim from the e-mail page, a booking, or a Slack click whose message can no longer be updated.
 */
export interface LeadUpdate {
  action: "claimed" | "contacted" | "closed" | "booked" | "booking-cancelled";
  /** When it happened, ISO 8601 UTC: with the action, the event's id. */
  at: string;
  /** One line, e.g. "Claimed by Ana Smith, 4 min after arrival: Jane Driller (Acme Mining)"; holds typed text. */
  detail: string;
}

export type LeadEvent =
  | { kind: "lead"; lead: WebhookLead }
  | { kind: "alert"; lead: WebhookLead; alert: LeadAlert }
  | { kind: "update"; lead: WebhookLead; update: LeadUpdate };

/**
 * The `webhook-id` of an event: the lead id for the lead itself, so a receiver can drop a
 * repeated delivery (Standard Webhooks), and a distinct id for the lead's one delivery alert and
 * for each follow-up alert (`<id>.nudge`, ...).
 */
export function eventId(event: LeadEvent): string {
  if (event.kind === "lead") return event.lead.id;
  if (event.kind === "update") return `${event.lead.id}.${event.update.action}.${event.update.at}`;
  return FOLLOW_UP_ALERTS.includes(event.alert.reason)
    ? `${event.lead.id}.${event.alert.reason}`
    : `${event.lead.id}.alert`;
}

/** One field for people reading a chat message; `multiLine` for the message box. */
export interface ContactRow {
  label: string;
  value: string;
  multiLine: boolean;
}

/** Every field, labelled and ordered as the form and the sales e-mail (the field table). */
export function contactRows(request: DemoRequest): ContactRow[] {
  return DEMO_REQUEST_FIELDS.map((row) => ({
    label: row.label,
    value: request[row.name] || "(none)",
    multiLine: row.input === "textarea",
  }));
}

/**
 * The message's title (our words) and who it is about (visitor text: each format escapes it),
 * e.g. `{ title: "New demo request", who: "Jane Driller (Acme Mining)" }`. A suspected lead's
 * title starts with "[Suspected spam]", like its sales e-mail's subject, and an address that is not
 * a company's adds its tag, e.g. "New demo request [free mail]".
 */
export function headline(event: LeadEvent): { title: string; who: string } {
  const { request, suspectedSpam, emailClass } = event.lead;
  const who = `${request.firstName} ${request.lastName} (${request.company})`;
  const base =
    event.kind === "lead"
      ? "New demo request"
      : event.kind === "update"
        ? "Demo request update"
        : "Demo request needs attention";
  // The address's class where the team scans: the first line (none for a company address).
  const tag = emailClassTag(emailClass);
  const title = tag ? `${base} ${tag}` : base;
  return { title: suspectedSpam ? `${SUSPECTED_SPAM_PREFIX} ${title}` : title, who };
}

/** The follow-up line, e.g. `["Owner", "Ana Smith"]` or `["Owner", "nobody yet"]`. */
export function ownerRow(lead: WebhookLead): [label: string, owner: string] {
  return ["Owner", lead.owner ?? "nobody yet"];
}

/** The line saying why a lead is suspected, e.g. `["Suspected spam", "form token forged"]`; none when it is not. */
export function suspicionRow(lead: WebhookLead): [label: string, reason: string] | undefined {
  return lead.suspectedSpam ? ["Suspected spam", lead.suspectedSpam] : undefined;
}
