#!/usr/bin/env node
/**
 * `npm start`: builds if stale, then serves the site through the Netlify emulation on 127.0.0.1:8888, with
 * rate limits, local sinks when SendGrid or the webhook are not configured, and the local form secret.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { localDataDir } from "./local/local-data.mjs";
import { applyLocalFormSecret, formSecretPath } from "./local/local-form-secret.mjs";
import { writeTriggerSecret } from "./local/local-guard.mjs";
import { fileURLToPath } from "node:url";
import { needsBuild } from "./local/needs-build.mjs";
import { startLocalMail, startLocalWebhook } from "./local/local-sinks.mjs";
import { startSiteServer } from "./local/site-server.mjs";

async function main() {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  process.env.GATSBY_TELEMETRY_DISABLED = "1";

  if (needsBuild(root)) {
    console.log("Building the site (public/ is missing, or its sources changed since it was built)...");
    const build = spawnSync("npx", ["gatsby", "build"], { cwd: root, stdio: "inherit" });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }

  // Before the site server; never derived from the sink's public key, so no one can forge a token.
  const formSecret = applyLocalFormSecret(root);
  console.log(
    formSecret === "environment"
      ? "Form secret: FORM_TOKEN_SECRET from the environment"
      : `Form secret: ${formSecretPath(root)} (owner-only)`,
  );
  const mailSink = await startLocalMail(root);
  const webhookSink = await startLocalWebhook(root);
  const port = Number(process.env.PORT ?? 8888);
  const { url, triggerSecret, close: closeSite } = await startSiteServer({ root, port });
  const close = async () => {
    await closeSite();
    await mailSink?.close();
    await webhookSink?.close();
  };
  // For `npm run leads:retry` / `leads:retention` / `bench:submit`, which talk to the running server.
  mkdirSync(localDataDir(root), { recursive: true });
  writeFileSync(join(localDataDir(root), "site-url"), `${url}\n`);
  writeTriggerSecret(root, triggerSecret);
  console.log(`Site ready at ${url}`);

  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      close().finally(() => process.exit(0));
    });
  }
}

await main();
