#!/usr/bin/env node
/**
 * `npm run leads:follow-up`: the follow-up check once, now (docs/requirements.md#follow-up); see USAGE. Exit 0 when it
 * ran, 1 when not, 2 for an argument.
 */
import { ownerSettings, parseCommand, runLocalJob } from "./local/owner-command.mjs";

const USAGE = [
  "Usage: npm run leads:follow-up",
  "  Runs the follow-up check now, as the scheduled job does (reminders, and the weekly summary when",
  "  due), through npm start's server (else one started for this run), and prints what it sent.",
  "  It takes no options.",
].join("\n");

parseCommand({ usage: USAGE });
await ownerSettings({ counts: true });
await runLocalJob("leads:follow-up", "/.netlify/functions/lead-follow-up");
