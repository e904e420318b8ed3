/**
 * `npm ci` works on a fresh clone (docs/decisions/0025-lock-file-for-every-platform.md). npm ci refuses a
 * lock file in which a package's dependency, optional ones included, has no entry where Node would look for
 * it ("Missing: X from lock file"). That happens when a registry does not serve some platform's build of a
 * package with per-platform binaries: `npm install` then leaves the entry out without a word
 * (docs/decisions/0025-lock-file-for-every-platform.md).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

type LockEntry = {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};

const root = join(__dirname, "..", "..", "..");
const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as {
  packages: Record<string, LockEntry>;
};
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as LockEntry;

/** Whether `name`, required by the package at `path`, has an entry where Node resolves it. */
function locked(path: string, name: string): boolean {
  let base = path;
  for (;;) {
    if (lock.packages[`${base ? `${base}/` : ""}node_modules/${name}`]) return true;
    if (!base) return false;
    const parent = base.lastIndexOf("/node_modules/");
    base = parent < 0 ? "" : base.slice(0, parent);
  }
}

test("every dependency of every locked package, each platform's optional build included, is in the lock", () => {
  const missing = Object.entries(lock.packages).flatMap(([path, entry]) => {
    const required = {
      ...entry.dependencies,
      ...entry.optionalDependencies,
      ...(path === "" ? entry.devDependencies : {}),
    };
    return Object.keys(required)
      .filter((name) => !locked(path, name))
      .map((name) => `${path || "package.json"} needs ${name}`);
  });
  expect(missing).toEqual([]);
});

test("the lock's root lists exactly package.json's dependencies", () => {
  const rootEntry = lock.packages[""];
  expect(rootEntry.dependencies).toEqual(manifest.dependencies);
  expect(rootEntry.devDependencies).toEqual(manifest.devDependencies);
});
