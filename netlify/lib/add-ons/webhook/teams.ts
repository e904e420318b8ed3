/**
 * The `teams` format, a Teams workflow message with one Adaptive Card (docs/decisions/0022-lead-webhook-channel.md).
 * Visitor text sits only in TextRuns, which render without Markdown; TextBlocks hold only our own words.
 */
import { attributionEntries } from "../../../../src/lib/demo-request";
import { CLAIM_LINK_TEXT } from "../../core/delivery/mailer";
import { contactRows, headline, type LeadEvent } from "./lead-event";

type TextRun = { type: "TextRun"; text: string; weight?: "Bolder"; isSubtle?: true };

type CardElement =
  | { type: "TextBlock"; text: string; size?: "Medium"; weight?: "Bolder"; wrap: true }
  | { type: "RichTextBlock"; inlines: TextRun[] };

const runs = (...inlines: TextRun[]): CardElement => ({ type: "RichTextBlock", inlines });

const row = (label: string, value: string) =>
  runs({ type: "TextRun", text: `${label}: `, weight: "Bolder" }, { type: "TextRun", text: value });

function leadBody(event: Exclude<LeadEvent, { kind: "update" }>): CardElement[] {
  const { lead } = event;
  const { title, who } = headline(event);
  const body = [runs({ type: "TextRun", text: `${title}: ${who}`, weight: "Bolder" })];
  if (event.kind === "alert") body.push({ type: "TextBlock", text: event.alert.detail, wrap: true });
  if (lead.suspectedSpam) body.push(row("Suspected spam", lead.suspectedSpam));
  body.push(row("Owner", lead.owner ?? "nobody yet"));
  // Our own URL (the site's origin, a UUID and a base64url signature), as a Markdown link.
  if (lead.claimUrl)
    body.push({ type: "TextBlock", text: `[${CLAIM_LINK_TEXT}](${lead.claimUrl})`, wrap: true });
  body.push(...contactRows(lead.request).map((field) => row(field.label, field.value)));
  const source = attributionEntries(lead.attribution);
  body.push({ type: "TextBlock", text: "Source", weight: "Bolder", wrap: true });
  body.push(
    ...(source.length > 0
      ? source.map(([key, value]) => row(key, value))
      : [{ type: "TextBlock" as const, text: "(none recorded)", wrap: true as const }]),
    runs({ type: "TextRun", text: `Request id ${lead.id}, received ${lead.receivedAt}`, isSubtle: true }),
  );
  return body;
}

/** A Teams workflow message: one Adaptive Card 1.4 attachment holding `body`. */
export function adaptiveCardMessage<Element>(body: Element[]) {
  return {
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          body,
        },
      },
    ],
  };
}

/** The Teams workflow message for a lead event. */
export function teamsMessage(event: LeadEvent) {
  return adaptiveCardMessage(
    event.kind === "update" ? [runs({ type: "TextRun", text: event.update.detail })] : leadBody(event),
  );
}

/** A card of our own words: `title` in bold, then each of `lines` and `closing`. */
export function teamsLinesMessage(title: string, lines: readonly string[], closing: string) {
  const line = (text: string, bold = false) => ({
    type: "TextBlock",
    text,
    wrap: true,
    ...(bold ? { weight: "Bolder", size: "Medium" } : {}),
  });
  return adaptiveCardMessage([line(title, true), ...lines.map((text) => line(text)), line(closing)]);
}
