/**
 * What the local server reads from the function modules themselves (`config`, `maxBodyBytes`), so no number
 * is repeated, and the body size it reads per path (docs/decisions/0012-local-server-hardening.md).
 */
import { readdir } from "node:fs/promises";
import { extname, join } from "node:path";
import { createJiti } from "jiti";

const FUNCTION_FILE = new Set([".mts", ".ts", ".mjs", ".js", ".cjs", ".cts"]);

/** Every function in `functionsDir`, by file name, with its paths and config; throws for a bad one. */
export async function readFunctionModules(functionsDir) {
  // The functions' e-mails are .tsx modules (docs/decisions/0037-email-layout.md).
  const jiti = createJiti(import.meta.url, { jsx: true });
  const modules = [];
  for (const file of (await readdir(functionsDir)).sort()) {
    const extension = extname(file);
    if (!FUNCTION_FILE.has(extension)) continue;
    const { config = {}, maxBodyBytes } = await jiti.import(join(functionsDir, file));
    if (maxBodyBytes !== undefined && !(Number.isInteger(maxBodyBytes) && maxBodyBytes > 0))
      throw new Error(`${file}: maxBodyBytes must be a positive integer`);
    modules.push({
      name: file.slice(0, -extension.length),
      paths: config.path ? [config.path].flat() : [],
      config,
      ...(maxBodyBytes === undefined ? {} : { maxBodyBytes }),
    });
  }
  return modules;
}

/** Whether a path is one of `paths`, ignoring case and one trailing slash, as the emulation routes. */
export function pathMatcher(paths) {
  const patterns = paths.map((pathname) => new URLPattern({ pathname }, { ignoreCase: true }));
  return (pathname) => {
    const trimmed = pathname.replace(/(.)\/$/, "$1");
    return patterns.some((pattern) => pattern.test({ pathname: trimmed }));
  };
}

export const LOCAL_BODY_MARGIN_BYTES = 16 * 1024;

/**
 * The body limit per path, and a cap a margin above it so the function gives its own 413 just over its
 * limit. Throws when no function declares a limit.
 */
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
