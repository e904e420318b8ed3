#!/usr/bin/env node
/**
 * `npm run leads:retry`: runs the scheduled re-send job (netlify/functions/retry-demo-requests)
 * once, now, ignoring the per-request backoff (issue 4). It invokes the function through the
 * running `npm start` server (URL from SITE_URL or .data/site-url); when none is running, it
 * starts the Netlify emulation itself for the run. Prints `{ sent, failed, waiting }`.
 * Exit code 0 when the job ran, 1 otherwise.
 */
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startLocalMail } from "./lib/local-mail.mjs";
import { rerunWithoutRequireEsm } from "./lib/node-compat.mjs";
import { startSiteServer } from "./lib/site-server.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const JOB_PATH = "/.netlify/functions/retry-demo-requests";

function runningSiteUrl() {
  if (process.env.SITE_URL) return process.env.SITE_URL;
  try {
    return readFileSync(join(root, ".data", "site-url"), "utf8").trim();
  } catch {
    return undefined;
  }
}

async function invoke(base) {
  const res = await fetch(new URL(JOB_PATH, base), { method: "POST", headers: { "x-leads-retry": "now" } });
  const body = await res.text();
  console.log(`leads:retry via ${base}: ${res.status} ${body}`);
  return res.ok;
}

async function main() {
  const base = runningSiteUrl();
  if (base) {
    try {
      process.exit((await invoke(base)) ? 0 : 1);
    } catch {
      console.log(`No server answering at ${base}; starting the Netlify emulation for this run.`);
    }
  }
  const mail = await startLocalMail(root);
  const site = await startSiteServer({ root, port: 0 });
  let ok = false;
  try {
    ok = await invoke(site.url);
  } finally {
    await site.close();
    await mail?.close();
  }
  process.exit(ok ? 0 : 1);
}

if (!rerunWithoutRequireEsm(fileURLToPath(import.meta.url))) await main();
