#!/usr/bin/env node
/**
 * `npm run leads:export [file]`: writes every stored demo request as CSV (netlify/lib/leads-csv.ts,
 * loaded through jiti, so the columns come from the same field table as the form) to `file` or
 * stdout. `-- --email <address>` writes only the requests from that address,
 * matched case-insensitively (an access request, issue 15). Reads the local Blobs folder of
 * `npm start` (.netlify/blobs-serve), or, with NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN set, the
 * deployed site's `demo-requests` store (lib/site-blobs.mjs).
 * Exit code 0 when written, 2 for a bad argument or a malformed address.
 */
import { writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createJiti } from "jiti";
import { openSiteBlobs } from "./lib/site-blobs.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const USAGE = "Usage: npm run leads:export [-- [--email <address>] [file.csv]]";
// The functions' own TypeScript modules: the CSV columns come from the field table, and an
// address matches here exactly as erasure matches it.
const jiti = createJiti(import.meta.url);

function usageError(message) {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

let args;
try {
  args = parseArgs({ options: { email: { type: "string" } }, allowPositionals: true });
} catch (error) {
  usageError(error.message);
}
if (args.positionals.length > 1) usageError(`One output file at most; got ${args.positionals.length}.`);
const target = args.positionals[0];

let address;
if (args.values.email !== undefined) {
  const { parseLeadAddress } = await jiti.import("../netlify/lib/lead-address.ts");
  const parsed = parseLeadAddress(args.values.email);
  if (!parsed.ok) usageError(parsed.error);
  address = parsed.address;
}

const blobs = await openSiteBlobs(root);
try {
  const store = blobs.open("demo-requests");
  const { blobs: entries } = await store.list();
  let records = (await Promise.all(entries.map((b) => store.get(b.key, { type: "json" })))).filter(Boolean);
  if (address) {
    const { requestsFrom } = await jiti.import("../netlify/lib/lead-address.ts");
    records = requestsFrom(records, address);
  }
  const { leadsToCsv } = await jiti.import("../netlify/lib/leads-csv.ts");
  const csv = leadsToCsv(records);
  const which = address ? "demo request(s) from that address" : "demo request(s)";
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
