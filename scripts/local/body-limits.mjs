/**
 * The body size the local server reads per path (docs/decisions/0012-local-server-hardening.md): the
 * function's `maxBodyBytes` plus a margin, so the function still gives its own 413 just over its limit.
 * Throws when no function declares a limit.
 */
import { pathMatcher } from "./function-modules.mjs";

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
