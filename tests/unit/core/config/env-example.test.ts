/**
 * @jest-environment node
 */
// .env.example lists every variable the site reads, each with the default the code applies
// (docs/requirements.md#architecture-and-documentation): the functions' configuration, the
// retention limits and what the local server and the owner's commands read.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SETTINGS_PARTS, loadConfig, partSetting } from "../../../../netlify/lib/compose";
import { CORE_VARIABLES } from "../../../../netlify/lib/core/config";
import { RETENTION_VARIABLES } from "../../../../netlify/lib/add-ons/privacy/settings";
import type { Env } from "../../../../netlify/lib/kit/settings";

const loadRetentionLimits = (env: Env) => partSetting("retention", env);

const root = join(__dirname, "..", "..", "..", "..");

/** Every environment variable the functions read. */
const CONFIG_VARIABLES = [...CORE_VARIABLES, ...SETTINGS_PARTS.flatMap((part) => part.variables)];

/** `NAME` -> the value after `=` (empty for none), from lines like `# NAME=value`. */
function listed(): Map<string, string> {
  const text = readFileSync(join(root, ".env.example"), "utf8");
  return new Map(
    [...text.matchAll(/^# ([A-Z][A-Z0-9_]*)=(.*)$/gm)].map(([, name, value]) => [name, value.trim()]),
  );
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(mjs|ts|mts)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Variables the local server, the sinks, the bench and the owner's commands read. */
function readByScripts(): Set<string> {
  const names = new Set<string>();
  for (const file of filesUnder(join(root, "scripts")))
    for (const [, name] of readFileSync(file, "utf8").matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)) names.add(name);
  // Set by the scripts for the tools they run, not read from the owner.
  names.delete("GATSBY_TELEMETRY_DISABLED");
  names.delete("NODE_ENV");
  names.delete("NETLIFY_BLOBS_CONTEXT");
  return names;
}

const REQUIRED = {
  SENDGRID_API_KEY: "SG.x",
  SALES_EMAIL: "sales@example.com",
  MAIL_FROM: "no-reply@example.com",
};

test("every variable the code reads is listed, and nothing else", () => {
  const expected = new Set([...CONFIG_VARIABLES, ...RETENTION_VARIABLES, ...readByScripts()]);
  expect([...listed().keys()].sort()).toEqual([...expected].sort());
});

test("each listed default of the functions' configuration is the one the code applies", () => {
  const defaults = loadConfig(REQUIRED);
  for (const name of CONFIG_VARIABLES) {
    const value = listed().get(name);
    if (value) expect([name, loadConfig({ ...REQUIRED, [name]: value })]).toEqual([name, defaults]);
  }
});

test("each listed retention default is the one the code applies", () => {
  for (const name of RETENTION_VARIABLES) {
    const value = listed().get(name) ?? "";
    expect(value).not.toBe("");
    expect(loadRetentionLimits({ [name]: value })).toEqual(loadRetentionLimits({}));
  }
  expect(loadRetentionLimits({ LEAD_RETENTION_DAYS: "7" })).not.toEqual(loadRetentionLimits({}));
});
