/**
 * The spam layers' verdict (docs/decisions/0011-spam-defence-layers.md): `spam` (honeypot filled: stored, never
 * sent), `suspected` (delivered marked, no confirmation) or `clean`; nothing is silently dropped. A held request
 * is answered like a real one, after the sales e-mail's probe in SendGrid's sandbox mode.
 */
import * as React from "react";
import { DEMO_REQUEST_FIELDS, type DemoRequest } from "../../../../src/lib/demo-request";
import type { ServerConfig } from "../config";
import { sendWithRetry, type Mailer, type MailMessage, type RetryOptions } from "../delivery/mailer";
import { EmailLayout, Paragraph, renderEmail } from "../../kit/email-layout";
import { confirmationClientHash } from "../../kit/keys";
import { checkFormToken } from "./form-token";

export type SpamVerdict =
  { kind: "clean" } | { kind: "spam"; reason: string } | { kind: "suspected"; reason: string };

export const HONEYPOT_REASON = "honeypot field filled";

export const NO_TOKEN_REASON = "sent as JSON without the form's time token, so not by the site's form";

export const REUSED_TOKEN_REASON = "form token already used by another demo request";

// The stored reasons in the sales team's words, by the text the spam layers write (here and in form-token.ts).
const REASON_WORDS: readonly [stored: string | RegExp, words: string][] = [
  [HONEYPOT_REASON, "a field people can't see was filled in, often by a password manager"],
  [NO_TOKEN_REASON, "sent by a program, not from the site's form"],
  [REUSED_TOKEN_REASON, "sent from a form page already used for another demo request"],
  [
    /^form token forged \(its signature does not match\)$/,
    "the form's hidden check was forged: not sent from the site's form",
  ],
  [
    /^form token forged \(issued in the future\)$/,
    "the form's hidden check was forged (dated in the future)",
  ],
  [/^form token expired \(issued (\d+) h before\)$/, "sent $1 h after the form was opened, over a day later"],
];

/**
 * A stored spam or suspicion reason (`spamReason`, `suspectedSpam`) as the sales team reads it: each of its
 * "; "-separated parts in words, an unknown part as stored. Display only: the stored reason stays
 * (docs/decisions/0011-spam-defence-layers.md).
 */
export function reasonInWords(reason: string): string {
  const inWords = (part: string) => {
    const known = REASON_WORDS.find(([stored]) =>
      typeof stored === "string" ? part === stored : stored.test(part),
    );
    return known ? part.replace(known[0], known[1]) : part;
  };
  return reason.split("; ").map(inWords).join("; ");
}

/**
 * The field (its DEMO_REQUEST_FIELDS row) whose value a held lead's honeypot repeats, trimmed and in any case:
 * a sign that a password manager filled the hidden field, so of a real person. Undefined when it repeats none
 * (docs/decisions/0011-spam-defence-layers.md).
 */
export function autofilledField(lead: { honeypot?: string; request: DemoRequest }) {
  const same = (value?: string) => (value ?? "").trim().toLowerCase();
  const held = same(lead.honeypot);
  return held ? DEMO_REQUEST_FIELDS.find((row) => same(lead.request[row.name]) === held) : undefined;
}

/** Judges one request; `viaForm` is true for the no-JS form, which cannot fetch a token. */
export function judgeSpam(
  input: { honeypot: string; formToken?: string; viaForm: boolean },
  options: { secret: string; now: Date },
): SpamVerdict {
  if (input.honeypot.trim() !== "") return { kind: "spam", reason: HONEYPOT_REASON };
  const token = checkFormToken(input.formToken, options.secret, options.now);
  if (token.kind === "suspect") return { kind: "suspected", reason: token.reason };
  if (token.kind === "missing" && !input.viaForm) return { kind: "suspected", reason: NO_TOKEN_REASON };
  return { kind: "clean" };
}

/** The client key a lead stores, never the IP: hex HMAC of `ip` (trimmed, lower-cased), cut to 32 characters. */
export function clientKeyOf(ip: string, secret: string): string {
  return confirmationClientHash(secret, ip.trim().toLowerCase()).slice(0, 32);
}

/** The sales e-mail's probe: sent as a real delivery's sales e-mail would be, in sandbox mode. */
function probe(config: ServerConfig): MailMessage {
  const words = "A delivery probe in sandbox mode: never delivered.";
  return {
    to: config.salesEmail,
    from: config.mailFrom,
    subject: "Delivery probe",
    ...renderEmail(
      <EmailLayout preview={words}>
        <Paragraph>{words}</Paragraph>
      </EmailLayout>,
    ),
    customArgs: { kind: "probe-sales" },
    sandbox: true,
  };
}

/** Sends the probe in place of the sales e-mail a real delivery awaits; true when SendGrid accepted it. Never throws. */
export async function probeDelivery(
  mailer: Mailer,
  config: ServerConfig,
  retry?: RetryOptions,
): Promise<boolean> {
  return (await sendWithRetry(mailer, probe(config), retry)).status === "sent";
}
