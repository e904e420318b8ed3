/**
 * The honeypot's answer, made the way a real request's is (docs/requirements.md#spam-defence,
 * decision docs/decisions/0011-spam-defence-layers.md): a request caught by the honeypot sends
 * nothing, but a client must not tell it apart by how long the answer takes, nor by its status. So
 * it asks SendGrid what a real request would: a sales e-mail, then (when confirmations are on) a
 * confirmation, each in SendGrid's sandbox mode (checked and answered, never delivered), through
 * the same mailer with the same retries. The answer then takes about as long as a real delivery at
 * that moment, on every function instance, and says what a real request would get: delivered (200),
 * or not accepted yet (202) while SendGrid is down. The probe messages hold no visitor text.
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

/**
 * Asks SendGrid, in sandbox mode, what a real delivery would. Never throws.
 * @returns true when the sales probe was accepted (a real request would answer 200), else false (202)
 */
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
