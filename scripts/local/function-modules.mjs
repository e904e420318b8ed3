/**
 * What the local server reads from the site's function modules themselves, so that no number is
 * repeated here: each one's `config` (its paths, its `rateLimit`) and its `maxBodyBytes` (the
 * largest request body it reads, for the functions that read one).
 *
 * - `readFunctionModules(dir)`: every function in `dir`, by file name, through jiti (the modules
 *   are TypeScript).
 * - `pathMatcher(paths)`: whether a request path is one of `paths` (a function's `config.path`
 *   values, URLPattern pathnames such as `/leads/:id`), as the emulation routes: ignoring the
 *   case and one trailing slash.
 */
import { readdir } from "node:fs/promises";
import { extname, join } from "node:path";
import { createJiti } from "jiti";

const FUNCTION_FILE = new Set([".mts", ".ts", ".mjs", ".js", ".cjs", ".cts"]);

/**
 * @param {string} functionsDir absolute path of netlify/functions
 * @returns {Promise<Array<{ name: string, paths: string[], config: Record<string, unknown>,
 *   maxBodyBytes?: number }>>} sorted by file name; `paths` empty for a function without
 *   `config.path` (a scheduled one)
 * @throws when a module cannot be loaded, or exports a `maxBodyBytes` that is not a positive integer
 */
export async function readFunctionModules(functionsDir) {
  const jiti = createJiti(import.meta.url);
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

/**
 * @param {string[]} paths URLPattern pathnames
 * @returns {(pathname: string) => boolean}
 */
export function pathMatcher(paths) {
  const patterns = paths.map((pathname) => new URLPattern({ pathname }, { ignoreCase: true }));
  return (pathname) => {
    const trimmed = pathname.replace(/(.)\/$/, "$1");
    return patterns.some((pattern) => pattern.test({ pathname: trimmed }));
  };
}
