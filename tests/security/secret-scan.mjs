/**
 * Finds server secrets in built client files (docs/requirements.md#durable-capture: no secret
 * reaches the client bundle).
 *
 * Secret names are the variables the functions' configuration schema reads
 * (netlify/lib/core/config.ts and each add-on's settings.ts), minus the public ones Netlify sets for everyone (URL, CONTEXT,
 * NETLIFY_DEV). Secret values are those variables' current values, any in a local `.env`,
 * the local mail sink's key, and anything shaped like a SendGrid API key.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const PUBLIC_VARIABLES = new Set(["URL", "CONTEXT", "NETLIFY_DEV"]);
/** SendGrid keys look like `SG.<22 chars>.<43 chars>`. */
export const SENDGRID_KEY_PATTERN = /SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/;
const TEXT_FILE = /\.(html|js|mjs|json|css|map|txt|xml|webmanifest|svg)$|(^|\/)_(headers|redirects)$/;

/**
 * The variable names the configuration's zod schemas read (every `NAME: z...` entry under
 * netlify/lib: the core's and each add-on's settings), minus the public ones.
 */
export function secretNames(root) {
  const lib = join(root, "netlify", "lib");
  const names = new Set();
  for (const entry of readdirSync(lib, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".ts")) continue;
    const source = readFileSync(join(entry.parentPath, entry.name), "utf8");
    for (const [, name] of source.matchAll(
      /(?:^\s+|\{\s*)([A-Z][A-Z0-9_]+): (?:z\.|address|count\(|minutes\()/gm,
    ))
      names.add(name);
  }
  if (names.size === 0) throw new Error("no variable names found in the schemas under netlify/lib");
  return [...names].filter((name) => !PUBLIC_VARIABLES.has(name));
}

function dotEnvValues(root, names) {
  const file = join(root, ".env");
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .map((line) => /^\s*([A-Z0-9_]+)\s*=\s*"?([^"\n]*)"?\s*$/.exec(line))
    .filter((m) => m && names.includes(m[1]))
    .map((m) => m[2]);
}

/**
 * The values to look for: only the key-like ones (the API key, or any value of 8+
 * characters of a variable whose name says KEY/TOKEN/SECRET/PASSWORD), so that a
 * public address such as MAIL_FROM does not count.
 * @param {{ root: string, env?: Record<string, string | undefined>, extra?: string[] }} options
 */
export function secretValues({ root, env = process.env, extra = [] }) {
  const names = secretNames(root).filter((name) => /KEY|TOKEN|SECRET|PASSWORD/.test(name));
  const values = [...names.map((name) => env[name]), ...dotEnvValues(root, names), ...extra];
  return [...new Set(values.filter((v) => typeof v === "string" && v.trim().length >= 8))];
}

/** Every text file under `dir` as `{ path, text }`, path relative to `dir`. */
export function textFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => TEXT_FILE.test(relative(dir, file)))
    .map((file) => ({ path: relative(dir, file), text: readFileSync(file, "utf8") }));
}

/**
 * Scans `dir` for the names and values.
 * @returns {{ path: string, found: string }[]} one entry per hit; `found` names the
 *   variable or says "a secret value" (never the value itself, so CI logs stay clean)
 */
export function scanForSecrets(dir, { names, values }) {
  const hits = [];
  for (const { path, text } of textFiles(dir)) {
    for (const name of names) if (text.includes(name)) hits.push({ path, found: name });
    for (const value of values) if (text.includes(value)) hits.push({ path, found: "a secret value" });
    if (SENDGRID_KEY_PATTERN.test(text)) hits.push({ path, found: "a SendGrid-shaped API key" });
  }
  return hits;
}
