/**
 * The `slack` format (docs/decisions/0022-lead-webhook-channel.md): a Slack incoming-webhook message, a short
 * `text` (the notification) and Block Kit blocks: the single-line fields (name, e-mail, phone, company) as
 * section fields, the message, the source and the request id.
 *
 * Visitor text goes into mrkdwn with Slack's three control characters escaped (& < >, the only
 * ones Slack decodes), so a value cannot become a link, a mention such as `<!channel>`, or a
 * broken message; values are cut to Block Kit's length limits after escaping.
 */
import type { ContextBlock, HeaderBlock, KnownBlock, SectionBlock } from "@slack/types";
import { attributionEntries } from "../../../../src/lib/demo-request";
import { contactRows, headline, suspicionRow, type LeadEvent } from "./lead-event";

/** An incoming-webhook body: `text` is the notification and fallback, `blocks` the message. */
export interface SlackMessage {
  text: string;
  blocks: KnownBlock[];
}

const SLACK_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };

/** Escapes & < > for Slack mrkdwn and plain text, e.g. `<!channel>` -> `&lt;!channel&gt;`. */
export function escapeSlack(value: string): string {
  return value.replace(/[&<>]/g, (ch) => SLACK_ESCAPES[ch]);
}

// Block Kit limits: section text 3000 characters, each section field 2000, header 150.
const SECTION_MAX = 3000;
const FIELD_MAX = 2000;

/** Escapes `value` and keeps the result within `max` characters, cutting before an entity, never inside one. */
export function fitSlack(value: string, max: number): string {
  const escaped = escapeSlack(value);
  if (escaped.length <= max) return escaped;
  let out = "";
  for (const ch of value) {
    const next = escapeSlack(ch);
    if (out.length + next.length > max - 1) break;
    out += next;
  }
  return `${out}…`;
}

const mrkdwn = (text: string) => ({ type: "mrkdwn" as const, text });
const labelled = (label: string, value: string, max: number) =>
  mrkdwn(`*${label}*\n${fitSlack(value, max - label.length - 3)}`);

/** The Slack message for a lead or an alert. */
export function slackMessage(event: LeadEvent): SlackMessage {
  const { lead } = event;
  const { title, who } = headline(event);
  const rows = contactRows(lead.request);
  const source = attributionEntries(lead.attribution);
  const header: HeaderBlock = {
    type: "header",
    text: { type: "plain_text", text: title, emoji: false },
  };
  const blocks: KnownBlock[] = [header];
  if (event.kind === "alert") blocks.push({ type: "section", text: mrkdwn(escapeSlack(event.alert.detail)) });
  const suspicion = suspicionRow(lead);
  if (suspicion) blocks.push({ type: "section", text: labelled(...suspicion, SECTION_MAX) });
  const contact: SectionBlock = {
    type: "section",
    fields: rows.filter((row) => !row.multiLine).map((row) => labelled(row.label, row.value, FIELD_MAX)),
  };
  const sourceText =
    source.length > 0 ? source.map(([key, value]) => `${key}: ${value}`).join("\n") : "(none recorded)";
  const context: ContextBlock = {
    type: "context",
    elements: [mrkdwn(`Request id ${escapeSlack(lead.id)} · received ${escapeSlack(lead.receivedAt)}`)],
  };
  blocks.push(
    contact,
    ...rows
      .filter((row) => row.multiLine)
      .map((row): SectionBlock => ({ type: "section", text: labelled(row.label, row.value, SECTION_MAX) })),
    { type: "section", text: labelled("Source", sourceText, SECTION_MAX) },
    context,
  );
  return { text: `${title}: ${fitSlack(who, SECTION_MAX)}`, blocks };
}
