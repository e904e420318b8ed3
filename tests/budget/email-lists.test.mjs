// The e-mail classification's lists stay on the server (docs/requirements.md#lead-quality,
// docs/decisions/0031-email-classification.md): the shared schema module is imported by /contact,
// whose first-load budget is 100 KB, so nothing of the lists may reach a script the site serves.
// Needs `npm run build` first.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { disposableEmailBlocklist } from "disposable-email-domains-js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const publicDir = join(root, "public");

/** Domains from each list: the free-mail list, the disposable list and our own ISP list. */
const FREE = ["gmx.de", "yandex.ru"];
const DISPOSABLE = ["mailinator.com", "yopmail.com", "guerrillamail.com"];
const ISP = ["optusnet.com.au", "internode.on.net"];
const MARKERS = [...FREE, ...DISPOSABLE, ...ISP];

function scripts(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".js"))
    .map((entry) => join(entry.parentPath, entry.name));
}

test("the markers are in the lists the server reads, so finding none in the site's scripts means something", () => {
  const disposable = new Set(disposableEmailBlocklist());
  const free = new Set(
    JSON.parse(readFileSync(join(root, "node_modules", "email-providers", "all.json"), "utf8")),
  );
  const ours = JSON.parse(readFileSync(join(root, "netlify", "data", "email-domains.json"), "utf8"));
  for (const marker of FREE) assert.ok(free.has(marker), marker);
  for (const marker of DISPOSABLE) assert.ok(disposable.has(marker), marker);
  for (const marker of ISP) assert.ok(ours.isp.includes(marker), marker);
});

test("no script the site serves holds any of the lists", () => {
  const files = scripts(publicDir).filter((file) => !file.includes(`${join(publicDir, "admin")}`));
  assert.ok(files.length > 5, "public/ has the built scripts");
  const carrying = files.flatMap((file) => {
    const text = readFileSync(file, "utf8");
    return MARKERS.filter((marker) => text.includes(marker)).map((marker) => `${file}: ${marker}`);
  });
  assert.deepEqual(carrying, []);
});
