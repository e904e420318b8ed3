/** What the lead webhook carries, whatever the format: a lead, an alert or a follow-up update (docs/decisions/0022-lead-webhook-channel.md). */
import { DEMO_REQUEST_FIELDS, type DemoRequest } from "../../../../src/lib/demo-request";
import { REMINDER_KINDS, type LeadUpdateAction } from "../../core/leads/lead-events";
import { leadTitle, type LeadRecord } from "../../core/leads/lead-record";

export type WebhookLead = Pick<
  LeadRecord,
  "id" | "receivedAt" | "request" | "attribution" | "suspectedSpam" | "emailClass"
> & {
  owner?: string;
  claimUrl?: string;
  /** The add-ons' lead lines (docs/decisions/0050-company-match.md), shown near the top of a new lead's message. */
  lines?: readonly string[];
};

const FOLLOW_UP_ALERTS: readonly string[] = REMINDER_KINDS.filter((kind) => kind !== "digest");

/** A follow-up change; `reopened` follows a close (docs/decisions/0041-reopening-a-lead.md). */
export interface LeadUpdate {
  action: LeadUpdateAction;
  at: string;
  detail: string;
}

export type LeadEvent =
  | { kind: "lead"; lead: WebhookLead }
  | { kind: "alert"; lead: WebhookLead; alert: { reason: string; detail: string } }
  | { kind: "update"; lead: WebhookLead; update: LeadUpdate };

/** The `webhook-id`: the lead id for the lead, so a receiver drops repeats, and distinct ids for the rest. */
export function eventId(event: LeadEvent): string {
  if (event.kind === "lead") return event.lead.id;
  if (event.kind === "update") return `${event.lead.id}.${event.update.action}.${event.update.at}`;
  return FOLLOW_UP_ALERTS.includes(event.alert.reason)
    ? `${event.lead.id}.${event.alert.reason}`
    : `${event.lead.id}.alert`;
}

/** Every field, labelled and ordered as the form and the sales e-mail (the field table). */
export function contactRows(request: DemoRequest) {
  return DEMO_REQUEST_FIELDS.map((row) => ({
    label: row.label,
    value: request[row.name] || "(none)",
    multiLine: row.input === "textarea",
  }));
}

/** The title (our words) and who it is about (visitor text, escaped by each format). */
export function headline(event: LeadEvent): { title: string; who: string } {
  const { request } = event.lead;
  const who = `${request.firstName} ${request.lastName} (${request.company})`;
  const base =
    event.kind === "lead"
      ? "New demo request"
      : event.kind === "update"
        ? "Demo request update"
        : "Demo request needs attention";
  return { title: leadTitle(base, event.lead), who };
}
