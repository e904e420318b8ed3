#!/usr/bin/env node
/** `npm run leads:retry`: the re-send job once, now, ignoring backoff (docs/requirements.md#durable-capture). */
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
