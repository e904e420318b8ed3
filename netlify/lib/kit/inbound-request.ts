/**
 * What both inbound webhooks check before their own signature (docs/decisions/0030-slack-and-booking-loop.md):
 * Slack's clicks (add-ons/follow-up/slack-interactions.ts) and Cal.com's bookings (add-ons/booking/booking-webhook.ts).
 * In order: 405 for a method other than POST, 500 when the server is misconfigured (the log names
 * the variables), 404 when the webhook's secret is unset (the endpoint does not exist), 413 for a
 * body over `maxBytes` (never read whole). Otherwise the configuration, the secret and the raw body,
 * as signed.
 */
import { BodyTooLargeError, json, readLimitedText } from "./http";
import { logError } from "./log";

/**
 * The request's configuration, its webhook's secret and its raw body, or the answer refusing it.
 * @throws only what reading the body throws other than BodyTooLargeError
 */
export async function readInboundRequest<Config>(
  req: Request,
  getConfig: () => { ok: true; config: Config } | { ok: false; problems: string[] },
  webhook: {
    secretOf: (config: Config) => string | undefined;
    notConfigured: string;
    maxBytes: number;
  },
): Promise<{ config: Config; secret: string; body: string } | Response> {
  if (req.method !== "POST") return json(405, { error: "Method not allowed" }, { allow: "POST" });
  const configResult = getConfig();
  if (!configResult.ok) {
    logError("server misconfigured", { problems: configResult.problems.join("; ") });
    return json(500, { error: "Server misconfigured" });
  }
  const config = configResult.config;
  const secret = webhook.secretOf(config);
  if (!secret) return json(404, { error: webhook.notConfigured });
  try {
    return { config, secret, body: await readLimitedText(req, webhook.maxBytes) };
  } catch (error) {
    if (error instanceof BodyTooLargeError) return json(413, { error: "Request body too large" });
    throw error;
  }
}
