/**
 * @jest-environment node
 */
// Every function entry goes through the composition module (docs/decisions/0034-core-and-add-ons.md):
// each reads its configuration from netlify/lib/compose.ts, and those that deliver leads take their
// add-ons from it, so no path silently drops one; none reads the environment's settings itself or
// wires an add-on's hooks on its own.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const functions = join(__dirname, "..", "..", "..", "netlify", "functions");
const entries = readdirSync(functions)
  .filter((name) => name.endsWith(".mts"))
  .map((name) => ({ name, source: readFileSync(join(functions, name), "utf8") }));

/** The names an entry imports from `module` (a path under netlify/lib, without extension). */
function importedFrom(source: string, module: string): string[] {
  const found = [...source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"\.\.\/lib\/([^"]+)"/g)];
  return found
    .filter(([, , path]) => path === module)
    .flatMap(([, names]) => names.split(",").map((name) => name.trim().replace(/^type\s+/, "")))
    .filter(Boolean);
}

test("there are function entries to check", () => {
  expect(entries.length).toBeGreaterThanOrEqual(9);
});

test.each(entries.map((entry) => [entry.name, entry.source]))(
  "%s reads its configuration from the composition module (the form token, the core's alone)",
  (name, source) => {
    if (name === "form-token.mts") {
      // Fetched as /contact loads: it must not bundle the plugins' hooks (docs/performance.md).
      expect(importedFrom(source, "core/config")).toEqual(["getCoreConfig"]);
      expect(source).not.toMatch(/from "\.\.\/lib\/compose"/);
    } else expect(importedFrom(source, "compose")).toContain("getConfig");
    expect(importedFrom(source, "core/config")).not.toContain("loadCoreConfig");
    expect(source).not.toMatch(/process\.env\.[A-Z]/);
    // An add-on's hooks reach the core only through compose's addOnsFor.
    expect(source).not.toMatch(/from "\.\.\/lib\/add-ons\/[^"]+\/add-on"/);
  },
);

test.each(["send-contact-email.mts", "retry-demo-requests.mts"])(
  "%s, which delivers leads, takes its add-ons from the composition module",
  (name) => {
    const source = entries.find((entry) => entry.name === name)?.source ?? "";
    expect(importedFrom(source, "compose")).toContain("addOnsFor");
  },
);
