/**
 * The browser side of "Send demo request" (spec section 7): one POST of JSON to the
 * `send-contact-email` function. Only the presence of an error matters: a 2xx answer is a
 * success; any other status, a network failure or no answer within the timeout is a failure.
 * A success may carry the booking link the function built (`bookingUrl`, when a
 * booking page is configured). No React here; the form decides what the visitor sees.
 */
import type { Attribution, DemoRequest } from "./demo-request";
import { HONEYPOT_FIELD } from "./demo-request";
import { FORM_TOKEN_FIELD } from "./form-token";

/** Where the function listens (its `config.path`); also the no-JS form's `action`. */
export const DEMO_REQUEST_ENDPOINT = "/api/send-contact-email";

/** Longer than Netlify's synchronous function limit (10 s by default), so the function answers first. */
export const SUBMIT_TIMEOUT_MS = 20_000;

/**
 * The JSON body: the checked request, the honeypot (empty for people), an idempotency key (UUID),
 * when the page got one the form's time token (src/lib/form-token.ts) and, when the tab
 * recorded one, where the visit came from (src/lib/attribution-storage.ts).
 */
export type DemoRequestPayload = DemoRequest & {
  [HONEYPOT_FIELD]: string;
  requestId: string;
  [FORM_TOKEN_FIELD]?: string;
  attribution?: Attribution;
};

/**
 * `bookingUrl`: an http(s) link to offer the prospect, when the function sent one (decision 0023).
 * `ok: false` carries an Error whose message names only the status or the network failure, never
 * visitor data, and the HTTP status when there was an answer (409: the request id was taken).
 */
export type SubmitResult = { ok: true; bookingUrl?: string } | { ok: false; error: Error; status?: number };

/** The answer's `bookingUrl` when it is an absolute http(s) URL; anything else is ignored. */
async function readBookingUrl(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.json();
    const value = (body as { bookingUrl?: unknown } | null)?.bookingUrl;
    if (typeof value !== "string") return undefined;
    const { protocol } = new URL(value);
    return protocol === "https:" || protocol === "http:" ? value : undefined;
  } catch {
    return undefined;
  }
}

type SubmitOptions = { fetchImpl?: typeof fetch; timeoutMs?: number };

/**
 * Sends one demo request. Never throws: every failure comes back as `{ ok: false, error }`.
 * @param payload the trimmed values plus honeypot and requestId
 * @param options `fetchImpl` (default: global fetch) and `timeoutMs` (default SUBMIT_TIMEOUT_MS)
 */
export async function submitDemoRequest(
  payload: DemoRequestPayload,
  { fetchImpl = fetch, timeoutMs = SUBMIT_TIMEOUT_MS }: SubmitOptions = {},
): Promise<SubmitResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetchImpl(DEMO_REQUEST_ENDPOINT, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(payload),
      signal: controller.signal,
    });
    if (response.ok) return { ok: true, bookingUrl: await readBookingUrl(response) };
    return {
      ok: false,
      error: new Error(`send-contact-email answered HTTP ${response.status}`),
      status: response.status,
    };
  } catch (cause) {
    const reason = controller.signal.aborted ? `no answer within ${timeoutMs} ms` : "network failure";
    return { ok: false, error: new Error(`send-contact-email: ${reason}`, { cause }) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A fresh idempotency key (UUID v4) for one demo request, so the function can drop a retry
 * it already sent. `crypto.randomUUID` only exists in secure contexts (https, localhost); on
 * plain http elsewhere the same format is built from `crypto.getRandomValues`.
 */
export function newRequestId(cryptoImpl: Pick<Crypto, "getRandomValues"> & Partial<Crypto> = crypto): string {
  if (typeof cryptoImpl.randomUUID === "function") return cryptoImpl.randomUUID();
  const bytes = cryptoImpl.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
