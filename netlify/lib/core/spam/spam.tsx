/**
 * The spam layers' verdict (docs/decisions/0011-spam-defence-layers.md): `spam` (honeypot filled: stored, never
 * sent), `suspected` (delivered marked, no confirmation) or `clean`; nothing is silently dropped. A held request
 * is answered like a real one, after the same sends in SendGrid's sandbox mode.
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

function probe(config: ServerConfig, kind: "sales" | "confirmation"): MailMessage {
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
    customArgs: { kind: `probe-${kind}` },
    sandbox: true,
  };
}

/** Sends the probes a real delivery would, in sandbox mode; true when SendGrid accepted them. Never throws. */
export async function probeDelivery(
  mailer: Mailer,
  config: ServerConfig,
  retry?: RetryOptions,
): Promise<boolean> {
  const sales = await sendWithRetry(mailer, probe(config, "sales"), retry);
  if (sales.status !== "sent") return false;
  if (config.confirmationEmail) await sendWithRetry(mailer, probe(config, "confirmation"), retry);
  return true;
}
