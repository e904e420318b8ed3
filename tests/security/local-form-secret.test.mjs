// The local form secret (docs/requirements.md#spam-defence; decision docs/decisions/0012-local-server-hardening.md):
// random, made once per local data folder, readable only by the owner, reused by later runs, and never
// derived from the mail sink's public key; `npm start` uses it only when FORM_TOKEN_SECRET is unset.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { promisify } from "node:util";
import { createJiti } from "jiti";
import {
  applyLocalFormSecret,
  FORM_SECRET_FILE,
  formSecretPath,
  localFormSecret,
} from "../../scripts/local/local-data.mjs";
import { LOCAL_KEY } from "../../scripts/local/local-sinks.mjs";

const run = promisify(execFile);
const root = join(import.meta.dirname, "..", "..");
const dirs = [];
const freshEnv = () => {
  dirs.push(mkdtempSync(join(tmpdir(), "form-secret-")));
  return { LOCAL_DATA_DIR: dirs.at(-1) };
};
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const modeOf = (file) => statSync(file).mode & 0o777;

test("the first run makes a random secret, owner-only, in the local data folder; later runs reuse it", () => {
  const env = freshEnv();
  const file = join(env.LOCAL_DATA_DIR, FORM_SECRET_FILE);
  assert.equal(formSecretPath(root, env), file);
  assert.equal(existsSync(file), false);

  const secret = localFormSecret(root, env);
  assert.match(secret, /^[A-Za-z0-9_-]{43}$/, "32 random bytes as base64url");
  assert.equal(Buffer.from(secret, "base64url").length, 32);
  assert.equal(readFileSync(file, "utf8").trim(), secret);
  if (process.platform !== "win32") assert.equal(modeOf(file), 0o600);

  assert.equal(localFormSecret(root, env), secret, "reused");
  assert.equal(localFormSecret(root, { ...env }), secret, "reused by another process's environment");
  assert.notEqual(localFormSecret(root, freshEnv()), secret, "another data folder, another secret");
});

test(
  "a secret file with wider permissions is narrowed to the owner again",
  { skip: process.platform === "win32" },
  () => {
    const env = freshEnv();
    const secret = localFormSecret(root, env);
    const file = formSecretPath(root, env);
    chmodSync(file, 0o644);
    assert.equal(localFormSecret(root, env), secret);
    assert.equal(modeOf(file), 0o600);
  },
);

test("a file too short to be a secret is refused with its name, not replaced", () => {
  const env = freshEnv();
  const file = formSecretPath(root, env);
  writeFileSync(file, "short\n", { mode: 0o600 });
  assert.throws(
    () => localFormSecret(root, env),
    (error) => error.message.includes(file),
  );
  assert.equal(readFileSync(file, "utf8"), "short\n");
});

test("start sets FORM_TOKEN_SECRET from the file only when it is unset", () => {
  const env = freshEnv();
  assert.equal(applyLocalFormSecret(root, env), "file");
  assert.equal(env.FORM_TOKEN_SECRET, readFileSync(formSecretPath(root, env), "utf8").trim());

  const blank = { ...freshEnv(), FORM_TOKEN_SECRET: "  " };
  assert.equal(applyLocalFormSecret(root, blank), "file");
  assert.match(blank.FORM_TOKEN_SECRET, /^[A-Za-z0-9_-]{43}$/);

  const own = "an-owner-set-form-secret-of-40-characters";
  const set = { ...freshEnv(), FORM_TOKEN_SECRET: own };
  assert.equal(applyLocalFormSecret(root, set), "environment");
  assert.equal(set.FORM_TOKEN_SECRET, own);
  assert.equal(existsSync(formSecretPath(root, set)), false, "no file is made when it is not needed");
});

test("the local secret is not the one derived from the public local SendGrid key", async () => {
  const { formSecretFrom } = await createJiti(import.meta.url).import("../../netlify/lib/core/config.ts");
  const env = { ...freshEnv(), SENDGRID_API_KEY: LOCAL_KEY };
  applyLocalFormSecret(root, env);
  assert.equal(formSecretFrom(env), env.FORM_TOKEN_SECRET);
  assert.notEqual(formSecretFrom(env), formSecretFrom({ SENDGRID_API_KEY: LOCAL_KEY }));
});

test("processes starting at once agree on one secret", async () => {
  const env = freshEnv();
  const script = `
    import { localFormSecret } from ${JSON.stringify(join(root, "scripts/local/local-data.mjs"))};
    process.stdout.write(localFormSecret(process.cwd()));
  `;
  const runs = await Promise.all(
    Array.from({ length: 6 }, () =>
      run(process.execPath, ["--input-type=module", "-e", script], {
        cwd: root,
        env: { ...process.env, ...env },
      }).then(({ stdout }) => stdout),
    ),
  );
  assert.equal(new Set(runs).size, 1);
  assert.equal(runs[0], localFormSecret(root, env));
});
