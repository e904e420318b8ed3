#!/usr/bin/env node
/** `npm run leads:follow-up`: runs the follow-up check once, now (docs/requirements.md#follow-up); exit 0 when it ran. */
import { runLocalJob } from "./local/owner-command.mjs";

await runLocalJob("leads:follow-up", "/.netlify/functions/lead-follow-up");
