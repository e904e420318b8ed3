/**
 * @jest-environment node
 */
// The functions' code is a small core and add-ons (docs/requirements.md#architecture-and-documentation,
// docs/architecture.md, docs/decisions/0034-core-and-add-ons.md): kit/ (shared mechanisms, no
// feature) is imported by all and imports only kit/; core/ (the demo request) imports kit/ and core/;
// each add-on under add-ons/<name>/ imports kit/, core/, itself and only the add-ons listed for it;
// one delivery channel never imports another; and only the lead store writes leads.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

const lib = join(__dirname, "..", "..", "..", "netlify", "lib");

/** What each add-on may import besides kit/, core/ and itself, and why. */
const ADD_ON_IMPORTS: Record<string, string[]> = {
  // Bookings reach the follow-up record through the core's `bookings` hook.
  booking: [],
  // The booking link reaches the confirmation through the core's `bookingUrl` hook.
  confirmation: [],
  "email-class": [],
  // Slack's buttons re-render the lead webhook's Slack message.
  "follow-up": ["webhook"],
  // Erasure, retention and export reach other plugins' stored data through their privacy hooks, in the core.
  privacy: [],
  // The report and weekly summary read follow-up through the core's `followUpReader`.
  summary: [],
  // The claim link comes through the core's hook, the e-mail class with the lead, event names from the core.
  webhook: [],
};

/** The delivery channels: each sends a lead one way and may not import another. */
const CHANNELS = [
  "core/delivery/sales-email.tsx",
  "add-ons/confirmation/confirmation.tsx",
  "add-ons/webhook/add-on.ts",
  "core/delivery/alert.tsx",
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
}

/** The files under netlify/lib that `file` imports (types too), relative to netlify/lib. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, "utf8");
  return [...source.matchAll(/from "(\.{1,2}\/[^"]+)"/g)]
    .map(([, path]) =>
      relative(
        lib,
        resolve(
          dirname(file),
          existsSync(resolve(dirname(file), `${path}.tsx`)) ? `${path}.tsx` : `${path}.ts`,
        ),
      )
        .split(sep)
        .join("/"),
    )
    .filter((path) => !path.startsWith(".."));
}

/** "kit", "core", "add-ons/<name>" or "compose" (the composition module at the root). */
function partOf(path: string): string {
  const [top, second] = path.split("/");
  if (top === "kit" || top === "core") return top;
  if (top === "add-ons" && second && path.split("/").length > 2) return `add-ons/${second}`;
  if (!path.includes("/")) return "compose";
  throw new Error(`${path}: not in kit/, core/ or add-ons/<name>/`);
}

function mayImport(from: string, to: string): boolean {
  if (from === "compose" || from === to || to === "kit") return true;
  if (from === "kit") return false;
  if (to === "core") return true;
  if (from === "core") return false;
  const allowed = ADD_ON_IMPORTS[from.slice("add-ons/".length)] ?? [];
  return to.startsWith("add-ons/") && allowed.includes(to.slice("add-ons/".length));
}

const files = sources(lib).map((file) => relative(lib, file).split(sep).join("/"));
const edges = files.flatMap((file) => importsOf(join(lib, file)).map((target) => ({ file, target })));

test("every module sits in kit/, core/ or one add-on's folder, and every add-on folder is listed", () => {
  expect(files.length).toBeGreaterThan(30);
  for (const file of files) expect(() => partOf(file)).not.toThrow();
  const addOns = new Set(files.map(partOf).filter((part) => part.startsWith("add-ons/")));
  expect([...addOns].map((part) => part.slice("add-ons/".length)).sort()).toEqual(
    Object.keys(ADD_ON_IMPORTS).sort(),
  );
});

test("kit/ imports only kit/, the core no add-on, and an add-on only the add-ons listed for it", () => {
  const wrong = edges
    .filter(({ file, target }) => !mayImport(partOf(file), partOf(target)))
    .map(({ file, target }) => `${file} -> ${target}`);
  expect(wrong).toEqual([]);
});

test("no add-on is allowed to import itself back, directly or round a loop", () => {
  const reaches = (from: string, to: string, seen: Set<string>): boolean =>
    ADD_ON_IMPORTS[from].some(
      (next) => next === to || (!seen.has(next) && seen.add(next) && reaches(next, to, seen)),
    );
  const loops = Object.keys(ADD_ON_IMPORTS).filter((name) => reaches(name, name, new Set()));
  expect(loops).toEqual([]);
});

test("no delivery channel imports another", () => {
  for (const channel of CHANNELS) expect(files).toContain(channel);
  const crossing = CHANNELS.flatMap((channel) =>
    importsOf(join(lib, channel))
      .filter((target) => CHANNELS.includes(target) && target !== channel)
      .map((target) => `${channel} -> ${target}`),
  );
  expect(crossing).toEqual([]);
});

test("only the lead store names a lead's or its pending marker's key, so leads are written only through it", () => {
  const code = (file: string) =>
    readFileSync(join(lib, file), "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
  const naming = files.filter(
    (file) =>
      file !== "core/leads/lead-store.ts" &&
      /keyOf\(\s*"(leads|pending)"|STORAGE\.(leads|pending)\b/.test(code(file)),
  );
  expect(naming).toEqual([]);
});

test("the core names no plugin's setting: neither its variables nor its key in the configuration", () => {
  const { SETTINGS_PARTS } = jest.requireActual<typeof import("../../../netlify/lib/compose")>(
    "../../../netlify/lib/compose",
  );
  const core = files.filter((file) => partOf(file) === "core");
  const naming = SETTINGS_PARTS.flatMap((part) => {
    const names = new RegExp(`\\b(${part.variables.join("|")})\\b|\\bconfig\\??\\.${part.key}\\b`);
    return core
      .filter((file) => names.test(readFileSync(join(lib, file), "utf8")))
      .map((file) => `${file}: ${part.name}`);
  });
  expect(core.length).toBeGreaterThan(10);
  expect(naming).toEqual([]);
});
