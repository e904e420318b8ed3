/**
 * @jest-environment node
 */
// The functions' steps are grouped by feature, and a demo request's data flows through the
// folders in one direction (docs/requirements.md#architecture-and-documentation,
// docs/architecture.md): a folder imports only from folders below it, and one delivery channel
// never imports another (what channels share lives in delivery/ beside them).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

const lib = join(__dirname, "..", "..", "..", "netlify", "lib");

/** Lowest first: each may import from those before it, never from those after it. */
const LAYERS = [
  "shared",
  "leads",
  "follow-up",
  "booking",
  "privacy",
  "delivery",
  "pages",
  "inbound",
  "demo-request",
] as const;
type Layer = (typeof LAYERS)[number];

/** The delivery channels: each sends a lead one way and may not import another. */
const CHANNELS = [
  "delivery/email/sales-email.ts",
  "delivery/email/confirmation.ts",
  "delivery/webhook/webhook-channel.ts",
  "delivery/alert.ts",
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith(".ts")
        ? [join(dir, entry.name)]
        : [],
  );
}

/** The files under netlify/lib that `file` imports, relative to netlify/lib. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, "utf8");
  return [...source.matchAll(/from "(\.{1,2}\/[^"]+)"/g)]
    .map(([, path]) =>
      relative(lib, resolve(dirname(file), `${path}.ts`))
        .split(sep)
        .join("/"),
    )
    .filter((path) => !path.startsWith(".."));
}

function layerOf(path: string): Layer {
  const folder = path.includes("/") ? path.slice(0, path.indexOf("/")) : "shared";
  if (!(LAYERS as readonly string[]).includes(folder))
    throw new Error(`${path}: no layer for the folder ${folder}`);
  return folder as Layer;
}

const files = sources(lib).map((file) => relative(lib, file).split(sep).join("/"));

test("every module under netlify/lib sits in a known feature folder or is one of the shared modules", () => {
  expect(files.length).toBeGreaterThan(30);
  for (const file of files) expect(() => layerOf(file)).not.toThrow();
});

test("a folder imports only from the folders below it", () => {
  const upward = files.flatMap((file) =>
    importsOf(join(lib, file))
      .filter((target) => LAYERS.indexOf(layerOf(target)) > LAYERS.indexOf(layerOf(file)))
      .map((target) => `${file} -> ${target}`),
  );
  expect(upward).toEqual([]);
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
