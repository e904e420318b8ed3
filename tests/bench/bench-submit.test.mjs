// The submit benchmark sends what a visitor's browser sends (scripts/bench-submit.mjs), so every spam layer
// passes its requests: one sales e-mail and one confirmation each, none marked suspected spam. Needs
// `npm run build` first (the benchmark starts a local server of its own).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "node:test";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

test("three bench requests give three sales e-mails and three confirmations, none suspected spam", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-submit-"));
  try {
    const env = { ...process.env, LOCAL_DATA_DIR: dataDir, GATSBY_TELEMETRY_DISABLED: "1" };
    delete env.SITE_URL;
    const result = spawnSync(process.execPath, ["scripts/bench-submit.mjs", "3", "3"], {
      cwd: root,
      env,
      encoding: "utf8",
      timeout: 180_000,
    });
    const output = `${result.stdout}${result.stderr}`;
    assert.equal(result.status, 0, output);
    assert.match(output, /^OK:/m);
    assert.match(output, /recorded: 3 sales e-mails \(3 distinct request ids\), 3 confirmations/);
    const subjects = readdirSync(join(dataDir, "mail")).map(
      (file) => JSON.parse(readFileSync(join(dataDir, "mail", file), "utf8")).subject,
    );
    assert.equal(subjects.length, 6);
    assert.deepEqual(
      subjects.filter((subject) => subject.includes("Suspected spam")),
      [],
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
