#!/usr/bin/env node
/**
 * `npm run leads:export [file]`: writes every stored demo request as CSV to `file` or stdout.
 * `-- --email <address>` writes only the requests from that address's inbox: every stored spelling
 * the confirmation bound counts as one inbox (any case, any `+tag`, Gmail dots and googlemail.com),
 * as `leads:erase` matches; with `--exact` only the address as typed, any case (an access request,
 * docs/requirements.md#personal-data, docs/decisions/0018-retention-and-erasure.md). Reads the
 * local Blobs folder of `npm start` (.netlify/blobs-serve), or, with NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN set, the deployed site's
 * `demo-requests` store (lib/site-blobs.mjs). The store's key layout, the CSV columns and the
 * address match are the functions' own TypeScript modules (netlify/lib/core/leads/lead-store.ts,
 * leads-csv.ts, lead-address.ts), loaded through jiti.
 * Each row carries the lead's follow-up columns (docs/requirements.md#follow-up); minutesToClaim
 * counts business minutes when BUSINESS_HOURS is set in this shell. A stored record that is not a
 * lead record is left out, its id logged on stderr.
 * Exit code 0 when written, 2 for a bad argument or a malformed address (or `--exact` without `--email`).
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
  // Each lead with its follow-up record (who holds it); a malformed record is logged and left out.
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
