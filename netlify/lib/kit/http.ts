/** Function responses carry their own security headers: Netlify's `[[headers]]` do not apply to them (docs/requirements.md#durable-capture). */
import { logError } from "./log";

/** Headers on every function response: not cacheable, not sniffable, not frameable. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "application/json; charset=utf-8",
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "strict-transport-security": "max-age=63072000; includeSubDomains",
  "x-frame-options": "DENY",
};

/** A JSON response with the security headers, e.g. `json(200, { ok: true })`. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...SECURITY_HEADERS, ...headers } });
}

/** Logs a configuration's `problems` (variable names, never values) and answers 500. */
export function misconfigured(problems: string[]): Response {
  logError("server misconfigured", { problems: problems.join("; ") });
  return json(500, { error: "Server misconfigured" });
}

/** Largest accepted request body in bytes (docs/requirements.md#durable-capture). */
export const MAX_BODY_BYTES = 32 * 1024;

export type AfterAnswerContext = { waitUntil?: (promise: Promise<unknown>) => void } | undefined;

/** Hands `work` to `waitUntil` to finish after the answer; without it (unit tests), awaits it. */
export async function finishAfterAnswer(context: AfterAnswerContext, work: Promise<unknown>): Promise<void> {
  if (context?.waitUntil) context.waitUntil(work);
  else await work;
}

export class BodyTooLargeError extends Error {}

/** Reads the body as UTF-8, stopping past `limitBytes` so it is never read whole; throws BodyTooLargeError. */
export async function readLimitedText(req: Request, limitBytes: number): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limitBytes) throw new BodyTooLargeError();
  if (!req.body) return "";
  const reader = (req.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** True when the header's media type is `type`, whatever its case, white space or parameters (`; charset=utf-8`). */
export function hasMediaType(
  header: string | null,
  type: "application/json" | "application/x-www-form-urlencoded",
): boolean {
  return (header ?? "").split(";")[0].trim().toLowerCase() === type;
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** An absent Origin passes; a present one must be the site's, the request's own, or localhost when local. */
export function isAllowedOrigin(
  origin: string | null,
  requestUrl: string,
  siteOrigin: string | undefined,
  isLocal: boolean,
): boolean {
  if (origin === null) return true;
  const parsed = URL.parse(origin);
  if (!parsed) return false;
  if (parsed.origin === siteOrigin || parsed.origin === new URL(requestUrl).origin) return true;
  return isLocal && parsed.protocol === "http:" && LOCAL_HOSTS.has(parsed.hostname);
}

/**
 * What both inbound webhooks check before their signature (docs/decisions/0030-slack-and-booking-loop.md): the config,
 * secret and raw body, or the refusal: 405, 500 misconfigured, 404 without a secret, 413 over `maxBytes`.
 */
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
