#!/usr/bin/env node
/** `npm run leads:follow-up`: runs the follow-up check once, now (docs/requirements.md#follow-up); exit 0 when it ran. */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { callLocalFunction } from "./local/local-function.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const JOB_PATH = "/.netlify/functions/lead-follow-up";

const { base, status, body } = await callLocalFunction({ root, path: JOB_PATH, init: { method: "POST" } });
console.log(`leads:follow-up via ${base}: ${status} ${body}`);
process.exit(status >= 200 && status < 300 ? 0 : 1);
