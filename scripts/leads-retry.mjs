#!/usr/bin/env node
/**
 * `npm run leads:retry`: runs the scheduled re-send job (netlify/functions/retry-demo-requests) once, now,
 * ignoring the per-request backoff (docs/requirements.md#durable-capture). It invokes the function through
 * the running `npm start` server (URL from SITE_URL or .data/site-url); when none is running, it starts the
 * Netlify emulation itself for the run (lib/local-function.mjs). Prints `{ sent, failed, waiting }`. Exit
 * code 0 when the job ran, 1 otherwise.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { callLocalFunction } from "./local/local-function.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const JOB_PATH = "/.netlify/functions/retry-demo-requests";

async function main() {
  const { base, status, body } = await callLocalFunction({
    root,
    path: JOB_PATH,
    init: { method: "POST", headers: { "x-leads-retry": "now" } },
  });
  console.log(`leads:retry via ${base}: ${status} ${body}`);
  process.exit(status >= 200 && status < 300 ? 0 : 1);
}

await main();
