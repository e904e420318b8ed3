/**
 * The note a delivered lead leaves on its HubSpot contact (docs/decisions/0049-hubspot-plugin.md): the message, the
 * source in words and the reference. A note's body is HTML, so every part is escaped; the claim link stays out, as
 * it is a bearer credential and the CRM keeps notes for years.
 */
import escapeHtml from "escape-html";
import { sourceInWords } from "../../core/leads/lead-source";
import { reasonInWords } from "../../core/spam/spam";
import { shortReference } from "../../core/delivery/mailer";
import type { LeadRecord } from "../../core/leads/lead-record";

const paragraph = (text: string) => `<p>${escapeHtml(text).replace(/\r?\n/g, "<br>")}</p>`;

/**
 * The note's HTML body for `lead`, far below HubSpot's 65,536 characters (the form bounds every field); it names the
 * lead's full id, by which a retry finds a note already made.
 */
export function noteBody(lead: LeadRecord): string {
  return [
    "<p><strong>Demo request from the website</strong></p>",
    ...(lead.suspectedSpam ? [paragraph(`Suspected spam: ${reasonInWords(lead.suspectedSpam)}.`)] : []),
    ...(lead.released
      ? [paragraph(`Held as spam, then released by ${lead.released.by} (${lead.released.at}).`)]
      : []),
    paragraph(lead.request.message || "(no message)"),
    paragraph(`Source: ${sourceInWords(lead.attribution)}`),
    paragraph(`Reference: ${shortReference(lead.id)} (request ${lead.id})`),
  ].join("");
}
