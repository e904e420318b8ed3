/**
 * The local settings, read alike by `npm start` and every owner command (docs/operations.md, "Local settings"),
 * and what is wrong with them, in the functions' own words.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseEnv } from "node:util";
import { createJiti } from "jiti";

/** What points an owner command at the deployed site's store (blobs-server.mjs `openSiteBlobs`). */
const DEPLOYED_STORE = ["NETLIFY_SITE_ID", "NETLIFY_AUTH_TOKEN"];
const compose = resolve(import.meta.dirname, "..", "..", "netlify", "lib", "compose.ts");

/**
 * Adds the variables of `.env` in `dir` (npm runs every script from the project root), parsed by Node's own
 * `util.parseEnv`, to `env` where `env` has none: the shell's win. The deployed store's credentials count only
 * from the shell. A missing file adds nothing; throws when the file cannot be read.
 */
export function loadLocalSettings(dir = process.cwd(), env = process.env) {
  const file = resolve(dir, ".env");
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if (error?.code === "ENOENT") return;
    throw error;
  }
  const parsed = parseEnv(text);
  // The deployed store is opened only when the shell asks for it, one command at a time.
  const ignored = DEPLOYED_STORE.filter((name) => name in parsed);
  if (ignored.length > 0)
    console.error(`${file}: ${ignored.join(" and ")} ignored; set them in the shell for the one command.`);
  const added = Object.entries(parsed).filter(([name]) => !(name in env) && !DEPLOYED_STORE.includes(name));
  for (const [name, value] of added) env[name] = value;
}

/**
 * The settings as the functions read them from `env` (netlify/lib/compose.ts `settingsReport`): `{ result,
 * followUp, core, warnings }`; `followUp` is follow-up's setting read alone (it stands without the core); the
 * lines name each missing or invalid variable with its shape and an example, never a value: `core` when no demo
 * request could be sent, `warnings` one per part that is off, e.g. `SETTINGS INVALID, add-on off: follow-up:
 * SALES_TEAM is invalid: expected "Name <email>, ..." ...`.
 */
export async function checkSettings(env = process.env) {
  const { SETTINGS_PARTS, settingsReport, settingsWarnings } = await createJiti(import.meta.url).import(
    compose,
  );
  const result = settingsReport(env);
  const core = result.ok
    ? []
    : [`SETTINGS MISSING OR INVALID, no demo request can be sent: ${result.problems.join("; ")}`];
  const followUp = SETTINGS_PARTS.find((part) => part.key === "followUp").read(env);
  return { result, followUp, core, warnings: settingsWarnings(result) };
}
