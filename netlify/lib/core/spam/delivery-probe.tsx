/** The honeypot's answer, timed like a real one: the same sends in SendGrid's sandbox mode (docs/decisions/0011-spam-defence-layers.md). */
import * as React from "react";
import type { ServerConfig } from "../config";
import { EmailLayout, Paragraph, renderEmail } from "../../kit/email-layout";
import { sendWithRetry, type Mailer } from "../delivery/mailer";
import type { MailMessage } from "../delivery/messages";
import type { RetryOptions } from "../delivery/send-result";

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

/** Asks SendGrid, in sandbox mode, what a real delivery would; true when accepted (200), else 202. Never throws. */
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
