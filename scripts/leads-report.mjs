#!/usr/bin/env node
/**
 * `npm run leads:report [-- --since YYYY-MM-DD] [-- --csv]`: the follow-up report of
 * netlify/lib/add-ons/follow-up/report.ts. Exit 0 when printed, 2 for a bad argument.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createJiti } from "jiti";
import { openSiteBlobs } from "./local/site-blobs.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const USAGE = [
  "Usage: npm run leads:report [-- [--since YYYY-MM-DD] [--csv]]",
  "  --since YYYY-MM-DD  only leads that arrived on or after that day (UTC)",
  "  --csv               CSV instead of a table",
].join("\n");
const jiti = createJiti(import.meta.url);

function usageError(message) {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

let args;
try {
  args = parseArgs({
    options: { since: { type: "string" }, csv: { type: "boolean" } },
    allowPositionals: false,
  });
} catch (error) {
  usageError(error.message);
}
let since;
if (args.values.since !== undefined) {
  since = new Date(`${args.values.since}T00:00:00Z`);
  // A day that does not exist (2026-02-30) is refused, not rolled over into the next month.
  const real = !Number.isNaN(since.getTime()) && since.toISOString().slice(0, 10) === args.values.since;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(args.values.since) || !real) {
    usageError(`--since wants a day as YYYY-MM-DD; got ${JSON.stringify(args.values.since)}.`);
  }
}
const { parseBusinessHours } = await jiti.import("../netlify/lib/add-ons/follow-up/business-hours.ts");
const hoursText = process.env.BUSINESS_HOURS?.trim();
const hours = hoursText ? parseBusinessHours(hoursText) : undefined;
if (hoursText && !hours) usageError("BUSINESS_HOURS is invalid (e.g. Mon-Fri 08:00-17:00 Australia/Perth).");

const blobs = await openSiteBlobs(root);
try {
  const { createBlobLeadStore, LEAD_STORE_NAME } = await jiti.import(
    "../netlify/lib/core/leads/lead-store.ts",
  );
  const { createFollowUpStore, FOLLOW_UP_PREFIX, UNCLAIMED_PREFIX, CLAIMED_PREFIX } = await jiti.import(
    "../netlify/lib/add-ons/follow-up/follow-up-store.ts",
  );
  const { jsonBlobsOver } = await jiti.import("../netlify/lib/kit/json-blobs.ts");
  const { followUpReport, readReportLeads, reportToCsv, reportToText } = await jiti.import(
    "../netlify/lib/add-ons/follow-up/report.ts",
  );
  const raw = blobs.open(LEAD_STORE_NAME);
  // Leads with neither a follow-up record nor a marker were stored before follow-up existed.
  const tracked = new Set();
  for (const prefix of [FOLLOW_UP_PREFIX, UNCLAIMED_PREFIX, CLAIMED_PREFIX]) {
    const { blobs: keys } = await raw.list({ prefix });
    for (const { key } of keys) tracked.add(key.slice(prefix.length));
  }
  const items = await readReportLeads({
    leads: createBlobLeadStore(raw),
    followUps: createFollowUpStore(jsonBlobsOver(raw)),
    tracked,
  });
  const rows = followUpReport(items, { now: new Date(), since, hours });
  if (args.values.csv) process.stdout.write(reportToCsv(rows));
  else {
    const clock = hours ? `business minutes (${hoursText})` : "calendar minutes";
    console.log(`Follow-up report from ${blobs.where}${since ? ` since ${args.values.since}` : ""}`);
    console.log(reportToText(rows, clock));
  }
} finally {
  await blobs.close();
}
