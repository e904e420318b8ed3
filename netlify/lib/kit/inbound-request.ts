/** What both inbound webhooks check before their signature (docs/decisions/0030-slack-and-booking-loop.md). */
import { BodyTooLargeError, json, misconfigured, readLimitedText } from "./http";

/** The configuration, secret and raw body, or the refusal: 405, 500 misconfigured, 404 without a secret, 413 over `maxBytes`. */
export async function readInboundRequest<Config>(
  req: Request,
  getConfig: () => { ok: true; config: Config } | { ok: false; problems: string[] },
  webhook: { secretOf: (config: Config) => string | undefined; notConfigured: string; maxBytes: number },
): Promise<{ config: Config; secret: string; body: string } | Response> {
  if (req.method !== "POST") return json(405, { error: "Method not allowed" }, { allow: "POST" });
  const configResult = getConfig();
  if (!configResult.ok) return misconfigured(configResult.problems);
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
