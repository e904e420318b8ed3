#!/usr/bin/env node
/**
 * `npm run leads:follow-up`: runs the scheduled follow-up check (netlify/functions/lead-follow-up)
 * once, now (docs/requirements.md#follow-up): the nudges, escalations, promise-at-risk alerts and
 * the suspected-spam digest that are due. It invokes the function through the running `npm start`
 * server (URL from SITE_URL or .data/site-url), or starts the Netlify emulation for the run
 * (lib/local-function.mjs), like `leads:retry`. Prints what the run sent. Exit code 0 when the
 * check ran, 1 otherwise.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { callLocalFunction } from "./local/local-function.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const JOB_PATH = "/.netlify/functions/lead-follow-up";

const { base, status, body } = await callLocalFunction({ root, path: JOB_PATH, init: { method: "POST" } });
console.log(`leads:follow-up via ${base}: ${status} ${body}`);
process.exit(status >= 200 && status < 300 ? 0 : 1);
