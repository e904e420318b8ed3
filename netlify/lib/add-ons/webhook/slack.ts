/**
 * The `slack` format (docs/decisions/0022-lead-webhook-channel.md). Visitor text goes only into escaped
 * `plain_text` objects, the one kind Slack renders without formatting, so no value becomes a link or mention.
 */
import type { ActionsBlock, KnownBlock, MrkdwnElement, PlainTextElement, SectionBlock } from "@slack/types";
import { attributionEntries } from "../../../../src/lib/demo-request";
import { CLAIM_LINK_TEXT } from "../../core/delivery/mailer";
import { reasonInWords } from "../../core/spam/spam";
import { contactRows, headline, type LeadEvent } from "./lead-event";

// An incoming-webhook body sets `mrkdwn: false`, which keeps `text` from being read as mrkdwn, and no unfurling.
const webhookBody = (text: string, blocks: KnownBlock[]) => ({
  text,
  blocks,
  mrkdwn: false as const,
  unfurl_links: false,
  unfurl_media: false,
});

const SLACK_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };

/** Escapes & < >, Slack's three control characters, e.g. `<!channel>` -> `&lt;!channel&gt;`. */
export function escapeSlack(value: string): string {
  return value.replace(/[&<>]/g, (ch) => SLACK_ESCAPES[ch]);
}

const SECTION_MAX = 3000;
const FIELD_MAX = 2000;
const FIELDS_PER_SECTION = 10;

/** Escapes `value` and cuts it to `max` characters, never inside an entity, marking a cut with "…". */
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

export const OWNER_BLOCK_ID = "follow_up_owner";
export const ACTIONS_BLOCK_ID = "follow_up_actions";
export const STATUS_BLOCK_ID = "follow_up_status";

const SLACK_ACTIONS = { claim: "Claim", contacted: "Contacted" } as const;
export type SlackAction = keyof typeof SLACK_ACTIONS;

/** The Claim and/or Contacted buttons for lead `id`, Claim as the primary one (docs/decisions/0030-slack-and-booking-loop.md). */
export function followUpButtons(id: string, actions: readonly SlackAction[]): ActionsBlock {
  return {
    type: "actions",
    block_id: ACTIONS_BLOCK_ID,
    elements: actions.map((action) => ({
      type: "button",
      action_id: action,
      value: id,
      text: { type: "plain_text", text: SLACK_ACTIONS[action], emoji: false },
      ...(action === "claim" ? { style: "primary" as const } : {}),
    })),
  };
}

/** One line that may hold typed text, e.g. a reply to a click, as a `plain_text` message. */
export function slackLine(line: string): { text: string; blocks: KnownBlock[]; mrkdwn: false } {
  return {
    text: fitSlack(line, SECTION_MAX),
    blocks: [{ type: "section", text: plain(line, SECTION_MAX) }],
    mrkdwn: false,
  };
}

const mrkdwn = (text: string): MrkdwnElement => ({ type: "mrkdwn", text });
/** `value` as Slack `plain_text`, escaped and cut to `max` characters, emoji codes left as typed. */
export const plain = (value: string, max: number): PlainTextElement => ({
  type: "plain_text",
  text: fitSlack(value, max),
  emoji: false,
});
const label = (text: string) => mrkdwn(`*${text}*`);

const labelledText = (name: string, value: string): SectionBlock[] => [
  { type: "section", text: label(name) },
  { type: "section", text: plain(value, SECTION_MAX) },
];

function labelledFields(rows: readonly { label: string; value: string }[]): SectionBlock[] {
  const fields = rows.flatMap((row) => [label(row.label), plain(row.value, FIELD_MAX)]);
  const sections: SectionBlock[] = [];
  for (let at = 0; at < fields.length; at += FIELDS_PER_SECTION) {
    sections.push({ type: "section", fields: fields.slice(at, at + FIELDS_PER_SECTION) });
  }
  return sections;
}

const header = (text: string): KnownBlock => ({
  type: "header",
  text: { type: "plain_text", text, emoji: false },
});
const context = (text: string): KnownBlock => ({ type: "context", elements: [plain(text, SECTION_MAX)] });

/** A message of our own words: `title`, labelled `rows`, then `closing`; `text` is the notification's. */
export function slackFieldsMessage(
  text: string,
  title: string,
  rows: readonly { label: string; value: string }[],
  closing: string,
) {
  return webhookBody(text, [header(title), ...labelledFields(rows), context(closing)]);
}

/** The Slack message for a lead event; `buttons` replaces the claim link for a Slack app with interactivity. */
export function slackMessage(event: LeadEvent, options: { buttons?: boolean } = {}) {
  const { lead } = event;
  const { title, who } = headline(event);
  if (event.kind === "update") {
    const line = slackLine(event.update.detail);
    return webhookBody(line.text, [...line.blocks, context(`Request id ${lead.id}`)]);
  }
  const rows = contactRows(lead.request);
  const source = attributionEntries(lead.attribution);
  const blocks = [header(title)];
  if (event.kind === "alert") blocks.push({ type: "section", text: mrkdwn(escapeSlack(event.alert.detail)) });
  // The reason may name the visitor's domain: plain text, never a link.
  if (lead.suspectedSpam) blocks.push(...labelledText("Suspected spam", reasonInWords(lead.suspectedSpam)));
  const sourceText =
    source.length > 0 ? source.map(([key, value]) => `${key}: ${value}`).join("\n") : "(none recorded)";
  blocks.push({
    type: "section",
    block_id: OWNER_BLOCK_ID,
    fields: [label("Owner"), plain(lead.owner ?? "nobody yet", FIELD_MAX)],
  });
  if (options.buttons)
    blocks.push(followUpButtons(lead.id, lead.owner ? ["contacted"] : ["claim", "contacted"]));
  else if (lead.claimUrl) {
    // Our own URL (the site's origin, a UUID and a base64url signature): safe in a mrkdwn link.
    blocks.push({ type: "section", text: mrkdwn(`<${escapeSlack(lead.claimUrl)}|${CLAIM_LINK_TEXT}>`) });
  }
  blocks.push(
    ...labelledFields(rows.filter((row) => !row.multiLine)),
    ...rows.filter((row) => row.multiLine).flatMap((row) => labelledText(row.label, row.value)),
    ...labelledText("Source", sourceText),
    context(`Request id ${lead.id} · received ${lead.receivedAt}`),
  );
  return webhookBody(`${title}: ${fitSlack(who, SECTION_MAX)}`, blocks);
}
