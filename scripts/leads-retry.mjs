#!/usr/bin/env node
/** `npm run leads:retry`: the re-send job once, now, ignoring backoff (docs/requirements.md#durable-capture). */
import { runLocalJob } from "./local/owner-command.mjs";

await runLocalJob("leads:retry", "/.netlify/functions/retry-demo-requests", {
  method: "POST",
  headers: { "x-leads-retry": "now" },
});
