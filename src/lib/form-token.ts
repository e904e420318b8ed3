/**
 * The browser side of the form's time token (docs/decisions/0011-spam-defence-layers.md; the server side is
 * netlify/lib/core/spam/form-token.ts): the hydrated form asks for a token once and sends it back with
 * the demo request. Without one (no JavaScript, or this fetch failed) the request is still
 * accepted, so every failure here just means "no token".
 */

/** Where the `form-token` function listens (its `config.path`). */
export const FORM_TOKEN_ENDPOINT = "/api/form-token";

/** The JSON field that carries the token in a demo request. */
export const FORM_TOKEN_FIELD = "formToken";

/**
 * Fetches a token. Never throws.
 * @param options fetchImpl (default: global fetch), timeoutMs (default 10 s)
 * @returns the token, or undefined when none could be had
 */
export async function fetchFormToken({
  fetchImpl,
  timeoutMs = 10_000,
}: { fetchImpl?: typeof fetch; timeoutMs?: number } = {}): Promise<string | undefined> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await (fetchImpl ?? globalThis.fetch)(FORM_TOKEN_ENDPOINT, {
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
