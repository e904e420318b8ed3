/**
 * The `slack` format (docs/decisions/0022-lead-webhook-channel.md). Visitor text goes only into escaped
 * `plain_text` objects, the one kind Slack renders without formatting, so no value becomes a link or mention; the
 * escaping and the follow-up buttons are the kit's (netlify/lib/kit/slack-blocks.ts), shared with Slack's replies.
 */
import type { KnownBlock, MrkdwnElement, SectionBlock } from "@slack/types";
import { attributionEntries } from "../../../../src/lib/demo-request";
import { CLAIM_LINK_TEXT } from "../../core/delivery/mailer";
import { reasonInWords } from "../../core/spam/spam";
import {
  escapeSlack,
  fitSlack,
  followUpButtons,
  OWNER_BLOCK_ID,
  plain,
  SECTION_MAX,
  slackLine,
} from "../../kit/slack-blocks";
import { contactRows, headline, type LeadEvent } from "./lead-event";

// An incoming-webhook body sets `mrkdwn: false`, which keeps `text` from being read as mrkdwn, and no unfurling.
const webhookBody = (text: string, blocks: KnownBlock[]) => ({
  text,
  blocks,
  mrkdwn: false as const,
  unfurl_links: false,
  unfurl_media: false,
});

const FIELD_MAX = 2000;
const FIELDS_PER_SECTION = 10;

const mrkdwn = (text: string): MrkdwnElement => ({ type: "mrkdwn", text });
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
  // Lead lines name visitors and domains: plain text, never a link.
  if (lead.lines && lead.lines.length > 0)
    blocks.push({ type: "section", text: plain(lead.lines.join("\n"), SECTION_MAX) });
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
