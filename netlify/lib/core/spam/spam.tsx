/**
 * The spam layers' verdict (docs/decisions/0011-spam-defence-layers.md): `spam` (honeypot filled: stored, never
 * sent), `suspected` (delivered marked, no confirmation) or `clean`; nothing is silently dropped. A held request
 * is answered like a real one, after the sales e-mail's probe in SendGrid's sandbox mode.
 */
import * as React from "react";
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
