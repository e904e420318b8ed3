/**
 * The `teams` format, a Teams workflow message with one Adaptive Card (docs/decisions/0022-lead-webhook-channel.md).
 * Visitor text sits only in TextRuns, which render without Markdown; TextBlocks hold only our own words.
 */
import { attributionEntries } from "../../../../src/lib/demo-request";
import { CLAIM_LINK_TEXT } from "../../core/delivery/mailer";
import { reasonInWords } from "../../core/spam/spam";
import { contactRows, headline, type LeadEvent } from "./lead-event";

type TextRun = { type: "TextRun"; text: string; weight?: "Bolder"; isSubtle?: true };

type CardElement =
  | { type: "TextBlock"; text: string; wrap: true; weight?: "Bolder"; size?: "Medium" }
  | { type: "RichTextBlock"; inlines: TextRun[] };

const runs = (...inlines: TextRun[]): CardElement => ({ type: "RichTextBlock", inlines });

const block = (text: string, style: { weight?: "Bolder"; size?: "Medium" } = {}): CardElement => ({
  type: "TextBlock",
  text,
  wrap: true,
  ...style,
});

const row = (label: string, value: string) =>
  runs({ type: "TextRun", text: `${label}: `, weight: "Bolder" }, { type: "TextRun", text: value });

function leadBody(event: Exclude<LeadEvent, { kind: "update" }>): CardElement[] {
  const { lead } = event;
  const { title, who } = headline(event);
  const body = [runs({ type: "TextRun", text: `${title}: ${who}`, weight: "Bolder" })];
  // Lead lines name visitors and domains: TextRuns, never Markdown.
  body.push(...(lead.lines ?? []).map((text) => runs({ type: "TextRun", text })));
  if (event.kind === "alert") body.push(block(event.alert.detail));
  if (lead.suspectedSpam) body.push(row("Suspected spam", reasonInWords(lead.suspectedSpam)));
  body.push(row("Owner", lead.owner ?? "nobody yet"));
  // Our own URL (the site's origin, a UUID and a base64url signature), as a Markdown link.
  if (lead.claimUrl) body.push(block(`[${CLAIM_LINK_TEXT}](${lead.claimUrl})`));
  body.push(...contactRows(lead.request).map((field) => row(field.label, field.value)));
  const source = attributionEntries(lead.attribution);
  body.push(
    block("Source", { weight: "Bolder" }),
    ...(source.length > 0 ? source.map(([key, value]) => row(key, value)) : [block("(none recorded)")]),
    runs({ type: "TextRun", text: `Request id ${lead.id}, received ${lead.receivedAt}`, isSubtle: true }),
  );
  return body;
}

function adaptiveCardMessage(body: CardElement[]) {
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
  const heading = block(title, { weight: "Bolder", size: "Medium" });
  return adaptiveCardMessage([heading, ...lines.map((text) => block(text)), block(closing)]);
}
