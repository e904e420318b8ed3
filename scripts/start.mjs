#!/usr/bin/env node
/**
 * `npm start`: builds if stale, then serves the site through the Netlify emulation on 127.0.0.1:8888, with
 * rate limits, local sinks (SendGrid's when it is not configured, the webhook's and HubSpot's when set to `local`),
 * the local form secret, and the scheduled functions on their schedules (LOCAL_SCHEDULER=off turns that off).
 */
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import {
  applyLocalFormSecret,
  formSecretPath,
  writeLocalFile,
  writeTriggerSecret,
} from "./local/local-data.mjs";
import { loadLocalSettings } from "./local/local-settings.mjs";
import { needsBuild } from "./local/needs-build.mjs";
import { scheduledFunctions, startLocalScheduler } from "./local/local-scheduler.mjs";
import { startLocalHubspot, startLocalMail, startLocalWebhook } from "./local/local-sinks.mjs";
import { startSiteServer } from "./local/site-server.mjs";

const root = resolve(import.meta.dirname, "..");
loadLocalSettings();
process.env.GATSBY_TELEMETRY_DISABLED = "1";
// Gatsby's line logger, as on Netlify: the interactive one prints the page table twice wherever it cannot erase.
process.env.GATSBY_LOGGER ??= "yurnalist";

if (needsBuild(root)) {
  console.log("Building the site (public/ is missing, or its sources changed since it was built)...");
  const build = spawnSync("npx", ["gatsby", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const formSecret = applyLocalFormSecret(root);
console.log(
  formSecret === "environment"
    ? "Form secret: FORM_TOKEN_SECRET from the environment"
    : `Form secret: ${formSecretPath(root)} (owner-only)`,
);
const mailSink = await startLocalMail(root);
const webhookSink = await startLocalWebhook(root);
const hubspotSink = await startLocalHubspot(root);
const site = await startSiteServer({ root, port: Number(process.env.PORT ?? 8888) });
// For `npm run leads:retry` / `leads:retention` / `bench:submit`, which talk to the running server.
writeLocalFile(root, "site-url", site.url);
writeTriggerSecret(root, site.triggerSecret);
console.log(`Site ready at ${site.url}`);
const functions = await scheduledFunctions(resolve(root, "netlify", "functions"));
const scheduler = startLocalScheduler({ site, functions });

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    await scheduler.stop();
    // The site first: its requests in flight still reach the sinks.
    await site.close().catch(() => undefined);
    await Promise.allSettled([mailSink?.close(), webhookSink?.close(), hubspotSink?.close()]);
    process.exit(0);
  });
}
