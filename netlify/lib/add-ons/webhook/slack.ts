/**
 * The `slack` format (docs/decisions/0022-lead-webhook-channel.md): a Slack incoming-webhook message, a short
 * `text` (the notification) and Block Kit blocks: the single-line fields (name, e-mail, phone, company) as
 * section fields, the message, the source and the request id.
 *
 * Visitor text goes only into `plain_text` text objects (with `emoji: false`), the one kind Slack
 * renders without formatting: in mrkdwn, `verbatim` or `>` quotes included, `*bold*`, backticks,
 * `<url|label>` links and bare URLs would still render. Our own labels stay mrkdwn (bold). Slack's
 * three control characters (& < >, the only ones it decodes, in every text object) are escaped
 * too, so a value cannot become a mention such as `<!channel>` or a broken message; values are cut
 * to Block Kit's length limits after escaping. The notification `text` is sent with
 * `mrkdwn: false` and link previews off, as far as Slack lets a message turn its parsing off.
 */
import type {
  ActionsBlock,
  ContextBlock,
  HeaderBlock,
  KnownBlock,
  MrkdwnElement,
  PlainTextElement,
  SectionBlock,
} from "@slack/types";
import { attributionEntries } from "../../../../src/lib/demo-request";
import { CLAIM_LINK_TEXT, contactRows, headline, ownerRow, suspicionRow, type LeadEvent } from "./lead-event";

/**
 * An incoming-webhook body: `text` is the notification and fallback, `blocks` the message;
 * `mrkdwn: false` keeps `text` from being read as mrkdwn, and no link in it is unfurled.
 */
export interface SlackMessage {
  text: string;
  blocks: KnownBlock[];
  mrkdwn: false;
  unfurl_links: false;
  unfurl_media: false;
}

const SLACK_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };

/**
 * Escapes & < > for any Slack text object, e.g. `<!channel>` -> `&lt;!channel&gt;`.
 *
 * @param value any text
 * @returns the text with Slack's three control characters as entities (decision 0022)
 */
export function escapeSlack(value: string): string {
  return value.replace(/[&<>]/g, (ch) => SLACK_ESCAPES[ch]);
}

// Block Kit limits: section text 3000 characters, each section field 2000, header 150; at most 10
// fields in a section.
const SECTION_MAX = 3000;
const FIELD_MAX = 2000;
const FIELDS_PER_SECTION = 10;

/**
 * Escapes `value` and keeps the result within `max` characters, cutting before an entity, never
 * inside one, and marking a cut with "…".
 *
 * @param value visitor text
 * @param max the Block Kit limit of the text object it goes into
 * @returns the escaped, possibly shortened text (decision 0022)
 */
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

/** The block ids the interactions endpoint finds again in a message it updates. */
export const OWNER_BLOCK_ID = "follow_up_owner";
export const ACTIONS_BLOCK_ID = "follow_up_actions";
export const STATUS_BLOCK_ID = "follow_up_status";

/** The follow-up buttons' action ids; each button's value is the lead id. */
export const SLACK_ACTIONS = { claim: "Claim", contacted: "Contacted" } as const;
export type SlackAction = keyof typeof SLACK_ACTIONS;

/** The buttons for `actions` on lead `id` (our words; the value is the lead id, a UUID). */
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

/**
 * One line that may hold typed text (a staff member's name, a prospect's), e.g. a reply to a
 * click: the escaped `text` with mrkdwn off, and the line as a `plain_text` section.
 *
 * @param line e.g. "This lead is already claimed by Ana Smith."
 * @returns the message fields of a webhook or `response_url` body (decisions 0022, 0030)
 */
export function slackLine(line: string): Pick<SlackMessage, "text" | "blocks" | "mrkdwn"> {
  return {
    text: fitSlack(line, SECTION_MAX),
    blocks: [{ type: "section", text: plain(line, SECTION_MAX) }],
    mrkdwn: false,
  };
}

/** A short note about a lead (a follow-up change): the line as plain text, the request id below. */
function slackUpdate(detail: string, id: string): SlackMessage {
  const line = slackLine(detail);
  return {
    ...line,
    blocks: [...line.blocks, { type: "context", elements: [plain(`Request id ${id}`, SECTION_MAX)] }],
    unfurl_links: false,
    unfurl_media: false,
  };
}

/** Our own words, bold or otherwise formatted. Never visitor text. */
const mrkdwn = (text: string): MrkdwnElement => ({ type: "mrkdwn", text });
/** Visitor text, shown as typed: escaped, cut to `max`, no formatting and no emoji codes. */
export const plain = (value: string, max: number): PlainTextElement => ({
  type: "plain_text",
  text: fitSlack(value, max),
  emoji: false,
});
const label = (text: string) => mrkdwn(`*${text}*`);

/** A labelled value that may be long: the label's section, then the value's own section. */
const labelledText = (name: string, value: string): SectionBlock[] => [
  { type: "section", text: label(name) },
  { type: "section", text: plain(value, SECTION_MAX) },
];

/** Short labelled values as a two-column grid (label, value), as many sections as Block Kit needs. */
function labelledFields(rows: { label: string; value: string }[]): SectionBlock[] {
  const fields = rows.flatMap((row) => [label(row.label), plain(row.value, FIELD_MAX)]);
  const sections: SectionBlock[] = [];
  for (let at = 0; at < fields.length; at += FIELDS_PER_SECTION) {
    sections.push({ type: "section", fields: fields.slice(at, at + FIELDS_PER_SECTION) });
  }
  return sections;
}

/**
 * The Slack message for a lead or an alert (docs/requirements.md#lead-path-and-alerts, decision
 * 0022).
 *
 * @param event the lead, the alert about it, or a change of its follow-up (a short note)
 * @param options `buttons`: Claim and Contacted buttons instead of the claim link, for a Slack app
 *   with interactivity (SLACK_SIGNING_SECRET; docs/decisions/0030-slack-and-booking-loop.md)
 * @returns the incoming-webhook body; visitor text only in `plain_text` objects and in the
 *   escaped notification `text`
 */
export function slackMessage(event: LeadEvent, options: { buttons?: boolean } = {}): SlackMessage {
  const { lead } = event;
  const { title, who } = headline(event);
  if (event.kind === "update") return slackUpdate(event.update.detail, lead.id);
  const rows = contactRows(lead.request);
  const source = attributionEntries(lead.attribution);
  const header: HeaderBlock = {
    type: "header",
    text: { type: "plain_text", text: title, emoji: false },
  };
  const blocks: KnownBlock[] = [header];
  if (event.kind === "alert") blocks.push({ type: "section", text: mrkdwn(escapeSlack(event.alert.detail)) });
  // The reason may name the address's domain, which the visitor chose: plain text, never a link.
  const suspicion = suspicionRow(lead);
  if (suspicion) blocks.push(...labelledText(...suspicion));
  const sourceText =
    source.length > 0 ? source.map(([key, value]) => `${key}: ${value}`).join("\n") : "(none recorded)";
  const context: ContextBlock = {
    type: "context",
    elements: [plain(`Request id ${lead.id} · received ${lead.receivedAt}`, SECTION_MAX)],
  };
  const [ownerLabel, owner] = ownerRow(lead);
  // The owner is a staff member's name (SALES_TEAM or typed on the claim page): plain text too.
  blocks.push({
    type: "section",
    block_id: OWNER_BLOCK_ID,
    fields: [label(ownerLabel), plain(owner, FIELD_MAX)],
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
    context,
  );
  return {
    text: `${title}: ${fitSlack(who, SECTION_MAX)}`,
    blocks,
    mrkdwn: false,
    unfurl_links: false,
    unfurl_media: false,
  };
}
