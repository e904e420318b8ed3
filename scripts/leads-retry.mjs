#!/usr/bin/env node
/**
 * `npm run leads:retry`: the re-send job once, now, ignoring backoff (docs/requirements.md#durable-capture); see USAGE.
 * Exit 0 when it ran, 1 when not, 2 for an argument.
 */
import { parseCommand, runLocalJob } from "./local/owner-command.mjs";

const USAGE = [
  "Usage: npm run leads:retry",
  "  Re-sends every pending demo request now, ignoring the backoff, through npm start's server",
  "  (else one started for this run). It takes no options.",
].join("\n");

parseCommand({ usage: USAGE });
await runLocalJob("leads:retry", "/.netlify/functions/retry-demo-requests", {
  method: "POST",
  headers: { "x-leads-retry": "now" },
});
