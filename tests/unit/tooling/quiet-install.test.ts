/**
 * `npm install` prints no warning the project can prevent (docs/requirements.md#site-content-and-local-server).
 * Peer conflicts: /admin/ serves decap-cms-app's prebuilt bundle, built from its own packages at the versions
 * its release names as the lower bounds of its ranges; installing newer ones (which want React 19) put a second
 * React in the tree and printed dozens of ERESOLVE warnings, so `overrides` hold them at those versions.
 * Install scripts: npm lists every package whose script `allowScripts` has not decided on.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

type LockEntry = { version?: string; dependencies?: Record<string, string>; hasInstallScript?: boolean };
type Override = string | { ".": string };

const root = join(__dirname, "..", "..", "..");
const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as {
  packages: Record<string, LockEntry>;
};
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  overrides: Record<string, Record<string, Override>>;
  allowScripts?: Record<string, boolean>;
};

const nameOf = (path: string) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);

test("decap-cms-app's own packages are held at the versions its prebuilt bundle was built from", () => {
  const app = lock.packages["node_modules/decap-cms-app"];
  const parts = Object.entries(app.dependencies ?? {}).filter(([name]) => name.startsWith("decap-cms-"));
  expect(parts.length).toBeGreaterThan(20);
  const held = manifest.overrides["decap-cms-app"];
  for (const [name, range] of parts) {
    const version = range.replace(/^\^/, "");
    const override = held[name];
    expect([name, typeof override === "string" ? override : override?.["."]]).toEqual([name, version]);
    const locked = Object.entries(lock.packages).filter(([path]) => nameOf(path) === name);
    expect([name, locked.map(([, entry]) => entry.version)]).toEqual([name, [version]]);
  }
});

test("the tree holds one React, the site's", () => {
  for (const name of ["react", "react-dom"]) {
    const copies = Object.keys(lock.packages).filter((path) => nameOf(path) === name);
    expect(copies).toEqual([`node_modules/${name}`]);
  }
});

test("every package with an install script is allowed or denied in allowScripts", () => {
  const decided = new Set(
    Object.keys(manifest.allowScripts ?? {}).map((key) => key.replace(/(.)@.*$/, "$1")),
  );
  const undecided = Object.entries(lock.packages)
    .filter(([path, entry]) => path !== "" && entry.hasInstallScript)
    .map(([path]) => nameOf(path))
    .filter((name) => !decided.has(name));
  expect([...new Set(undecided)]).toEqual([]);
});
