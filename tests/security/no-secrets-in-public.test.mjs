// docs/requirements.md#durable-capture: no server secret (SendGrid key, sales inbox variable names, ...)
// reaches the built client files in public/. Needs `npm run build` first; run with `npm run test:security`.
import assert from "node:assert/strict";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import { LOCAL_KEY } from "../../scripts/local/local-sinks.mjs";
import { scanForSecrets, secretNames, secretValues, textFiles } from "./secret-scan.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const publicDir = join(root, "public");

test("the secret names come from the functions' configuration", () => {
  const names = secretNames(root);
  for (const name of [
    "SENDGRID_API_KEY",
    "SALES_EMAIL",
    "MAIL_FROM",
    "SENDGRID_API_BASE_URL",
    "SLACK_SIGNING_SECRET",
    "CAL_WEBHOOK_SECRET",
    "LEAD_WEBHOOK_SECRET",
  ])
    assert.ok(names.includes(name), name);
  assert.ok(!names.includes("URL"));
});

test("the scanner finds a planted name, value and SendGrid-shaped key", () => {
  const dir = mkdtempSync(join(tmpdir(), "secret-scan-"));
  try {
    mkdirSync(join(dir, "static"));
    writeFileSync(join(dir, "app-1.js"), 'var k=process.env.SENDGRID_API_KEY;var v="hunter2-secret";');
    writeFileSync(
      join(dir, "static", "x.json"),
      '{"k":"SG.abcdefghijklmnopqrstuv.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG"}',
    );
    writeFileSync(join(dir, "image.png"), "SENDGRID_API_KEY"); // binary: not scanned
    const hits = scanForSecrets(dir, { names: ["SENDGRID_API_KEY"], values: ["hunter2-secret"] });
    assert.deepEqual(hits.map((h) => `${h.path}: ${h.found}`).sort(), [
      "app-1.js: SENDGRID_API_KEY",
      "app-1.js: a secret value",
      "static/x.json: a SendGrid-shaped API key",
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("public/ holds no secret name or value", () => {
  const files = textFiles(publicDir);
  assert.ok(
    files.some((f) => f.path.endsWith(".js")),
    "public/ has no JavaScript: run `npm run build` first",
  );
  const names = secretNames(root);
  const values = secretValues({ root, extra: [LOCAL_KEY] });
  assert.ok(values.includes(LOCAL_KEY));
  assert.deepEqual(scanForSecrets(publicDir, { names, values }), []);
});
