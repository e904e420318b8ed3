/** The browser side of "Send demo request" (spec section 7): one JSON POST, only a 2xx a success, and the form token. */
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD, type Attribution, type DemoRequest } from "./demo-request";

/** The function's path, also the no-JS form's `action`. */
export const DEMO_REQUEST_ENDPOINT = "/api/send-contact-email";

const SUBMIT_TIMEOUT_MS = 20_000; // longer than Netlify's 10 s function limit, so the function answers first

export type DemoRequestPayload = DemoRequest & {
  [HONEYPOT_FIELD]: string;
  requestId: string;
  [FORM_TOKEN_FIELD]?: string;
  attribution?: Attribution;
};

// A failure's message never holds visitor data; `status` 409: the request id was taken.
type SubmitResult = { ok: true; bookingUrl?: string } | { ok: false; error: Error; status?: number };

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

/** Sends one demo request; never throws. Options: `fetchImpl`, `timeoutMs` (default SUBMIT_TIMEOUT_MS). */
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

export const FORM_TOKEN_ENDPOINT = "/api/form-token";

/** Fetches a form token or undefined; never throws, as a request without one is still accepted. Timeout 10 s. */
export async function fetchFormToken(): Promise<string | undefined> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 10_000);
  try {
    const response = await fetch(FORM_TOKEN_ENDPOINT, {
      headers: { Accept: "application/json" },
      signal: controller.signal,
    });
    if (!response.ok) return undefined;
    const { token } = (await response.json()) as { token?: unknown };
    return typeof token === "string" ? token : undefined;
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** A fresh UUID v4 for dropping retries, also where `crypto.randomUUID` is missing (plain http). */
export function newRequestId(cryptoImpl: Pick<Crypto, "getRandomValues"> & Partial<Crypto> = crypto): string {
  if (typeof cryptoImpl.randomUUID === "function") return cryptoImpl.randomUUID();
  const bytes = cryptoImpl.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
