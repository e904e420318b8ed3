/**
 * How large a request body the local server reads, per path (decision
 * docs/decisions/0012-local-server-hardening.md): the limit is the function's own, its exported
 * `maxBodyBytes` (64 KB for the Slack clicks and the booking webhook, 32 KB for the demo request
 * and the claim page), so `npm start` takes what the deployed function takes. The server reads up
 * to `LOCAL_BODY_MARGIN_BYTES` past it, so that the function still gives its own 413 (JSON, or the
 * no-JS form's HTML page) for a body just over its limit, and answers 413 itself beyond that,
 * without reading further. A path no function with a limit answers (a page, a job's default URL)
 * gets the smallest limit any function declares.
 *
 * @param {Array<{ name: string, paths: string[], maxBodyBytes?: number }>} functions as
 *   readFunctionModules() gives them
 * @returns {(pathname: string) => { limitBytes: number, capBytes: number }} for a request path:
 *   the function's limit (what the 413 names) and how much the server reads at most, in bytes
 * @throws when no function declares a limit
 */
import { pathMatcher } from "./function-modules.mjs";

/** How far past a function's limit the local server keeps reading, in bytes. */
export const LOCAL_BODY_MARGIN_BYTES = 16 * 1024;

export function bodyLimits(functions) {
  const limited = functions
    .filter((fn) => fn.maxBodyBytes !== undefined)
    .map(({ name, paths, maxBodyBytes }) => ({
      // Its default URL routes to it too (locally behind the trigger secret).
      matches: pathMatcher([...paths, `/.netlify/functions/${name}`]),
      limitBytes: maxBodyBytes,
    }));
  if (limited.length === 0) throw new Error("no function exports maxBodyBytes");
  const fallback = Math.min(...limited.map(({ limitBytes }) => limitBytes));
  const withCap = (limitBytes) => ({ limitBytes, capBytes: limitBytes + LOCAL_BODY_MARGIN_BYTES });
  return (pathname) => withCap(limited.find(({ matches }) => matches(pathname))?.limitBytes ?? fallback);
}
