#!/usr/bin/env node
/**
 * `npm run leads:export [file] [-- --email <address> [--exact]]`: stored demo requests as CSV, all or one
 * inbox's (an access request, docs/requirements.md#personal-data). Malformed records are left out and logged.
 * Exit 0 when written, 2 for a bad argument.
 */
import { writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createJiti } from "jiti";
import { openSiteBlobs } from "./local/site-blobs.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const USAGE = [
  "Usage: npm run leads:export [-- [--email <address> [--exact]] [file.csv]]",
  "  --email <address>  only the requests from that inbox: every spelling of it (any case, any +tag,",
  "                     Gmail with or without dots, googlemail.com)",
  "  --exact            with --email, only the address as typed (any case)",
].join("\n");
const jiti = createJiti(import.meta.url);

function usageError(message) {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

let args;
try {
  args = parseArgs({
    options: { email: { type: "string" }, exact: { type: "boolean" } },
    allowPositionals: true,
  });
} catch (error) {
  usageError(error.message);
}
if (args.positionals.length > 1) usageError(`One output file at most; got ${args.positionals.length}.`);
const target = args.positionals[0];
if (args.values.exact && args.values.email === undefined) usageError("--exact needs --email <address>.");
const match = args.values.exact ? "exact" : "inbox";

let address;
if (args.values.email !== undefined) {
  const { parseLeadAddress } = await jiti.import("../netlify/lib/core/leads/lead-address.ts");
  const parsed = parseLeadAddress(args.values.email);
  if (!parsed.ok) usageError(parsed.error);
  address = parsed.address;
}

// BUSINESS_HOURS as the site has it, for minutesToClaim: a malformed value is refused, not ignored.
const hoursText = process.env.BUSINESS_HOURS?.trim();
let hours;
if (hoursText) {
  const { parseBusinessHours } = await jiti.import("../netlify/lib/add-ons/follow-up/business-hours.ts");
  hours = parseBusinessHours(hoursText);
  if (!hours) usageError("BUSINESS_HOURS is invalid (e.g. Mon-Fri 08:00-17:00 Australia/Perth).");
}

const blobs = await openSiteBlobs(root);
try {
  const { createBlobLeadStore, LEAD_STORE_NAME } = await jiti.import(
    "../netlify/lib/core/leads/lead-store.ts",
  );
  const { createFollowUpStore } = await jiti.import("../netlify/lib/add-ons/follow-up/follow-up-store.ts");
  const { jsonBlobsOver } = await jiti.import("../netlify/lib/kit/json-blobs.ts");
  const { leadsToCsv, readLeadsForCsv } = await jiti.import("../netlify/lib/add-ons/privacy/leads-csv.ts");
  const raw = blobs.open(LEAD_STORE_NAME);
  const { records, followUps } = await readLeadsForCsv({
    leads: createBlobLeadStore(raw),
    followUps: createFollowUpStore(jsonBlobsOver(raw)),
    address,
    match,
  });
  const csv = leadsToCsv(records, followUps, hours);
  const which = !address
    ? "demo request(s)"
    : match === "exact"
      ? "demo request(s) from that address"
      : "demo request(s) from that address's inbox";
  if (target) {
    writeFileSync(target, csv);
    console.error(`Wrote ${records.length} ${which} to ${target}`);
  } else {
    process.stdout.write(csv);
    if (address) console.error(`${records.length} ${which}`);
  }
} finally {
  await blobs.close();
}
