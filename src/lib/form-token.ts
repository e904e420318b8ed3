/**
 * The browser side of the form's time token (docs/decisions/0011-spam-defence-layers.md). A request
 * without one is still accepted, so every failure here just means "no token".
 */

export const FORM_TOKEN_ENDPOINT = "/api/form-token";

/** The JSON field that carries the token in a demo request. */
export const FORM_TOKEN_FIELD = "formToken";

/** Fetches a token or undefined; never throws. Options: fetchImpl, timeoutMs (default 10 s). */
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
