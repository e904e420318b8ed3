/**
 * The honeypot's answer, timed like a real one (docs/decisions/0011-spam-defence-layers.md): the same sends in
 * SendGrid's sandbox mode, so neither the delay nor the status tells a caught request apart. No visitor text.
 */
import type { ServerConfig } from "../config";
import { sendWithRetry, type Mailer } from "../delivery/mailer";
import type { MailMessage } from "../delivery/messages";
import type { RetryOptions } from "../delivery/send-result";

function probe(config: ServerConfig, kind: "sales" | "confirmation"): MailMessage {
  return {
    to: config.salesEmail,
    from: config.mailFrom,
    subject: "Delivery probe",
    text: "A delivery probe in sandbox mode: never delivered.",
    html: "<p>A delivery probe in sandbox mode: never delivered.</p>",
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
