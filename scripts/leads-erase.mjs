#!/usr/bin/env node
/**
 * `npm run leads:erase -- <email>`: an erasure request (docs/decisions/0018-retention-and-erasure.md).
 * Deletes every stored demo request from that address (case-insensitive), with its markers and per-address
 * counters (netlify/lib/privacy/lead-erasure.ts), and prints what it removed by id and date, never the data.
 * Works on the local store of `npm start`, or, with NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN set, the deployed
 * site's (lib/site-blobs.mjs).
 *
 * Exit code 0 when the erasure is complete (also when nothing was stored), 1 when a record could
 * not be read or deleted (run it again), 2 for a missing or malformed address.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createJiti } from "jiti";
import { LOCAL_KEY } from "./local/local-mail.mjs";
import { openSiteBlobs } from "./local/site-blobs.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const USAGE = "Usage: npm run leads:erase -- <email>";
// The functions' own TypeScript modules: the store layout and address matching live there once.
const jiti = createJiti(import.meta.url);

function usageError(message) {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

let args;
try {
  args = parseArgs({ allowPositionals: true });
} catch (error) {
  usageError(error.message);
}
if (args.positionals.length > 1) usageError(`One address at a time; got ${args.positionals.length}.`);

const { parseLeadAddress } = await jiti.import("../netlify/lib/leads/lead-address.ts");
const parsed = parseLeadAddress(args.positionals[0]);
if (!parsed.ok) usageError(parsed.error);

const { eraseRequestsFrom, describeErasure } = await jiti.import("../netlify/lib/privacy/lead-erasure.ts");
const { createBlobLeadStore, LEAD_STORE_NAME } = await jiti.import("../netlify/lib/leads/lead-store.ts");
const { blobLimitsStore, confirmationAddressCounters, LIMITS_STORE_NAME } = await jiti.import(
  "../netlify/lib/delivery/email/confirmation-limits.ts",
);
const { formSecretFrom } = await jiti.import("../netlify/lib/config.ts");

const blobs = await openSiteBlobs(root);
const secret = formSecretFrom(blobs.deployed ? process.env : { SENDGRID_API_KEY: LOCAL_KEY, ...process.env });
if (!secret) {
  console.error(
    "Set FORM_TOKEN_SECRET (or, if the site has none, SENDGRID_API_KEY) as the site has it: the " +
      "address's confirmation-limit entry is found only with it.",
  );
}
let complete = false;
try {
  const report = await eraseRequestsFrom({
    store: createBlobLeadStore(blobs.open(LEAD_STORE_NAME)),
    // The confirmation limits key an address by the form secret (decision 0010): the deployed site's
    // needs FORM_TOKEN_SECRET or SENDGRID_API_KEY set here as the site has it; `npm start`
    // derives it from its local mail sink's key unless SENDGRID_API_KEY is set.
    counters: confirmationAddressCounters(blobLimitsStore(blobs.open(LIMITS_STORE_NAME)), secret),
    address: parsed.address,
  });
  const description = describeErasure(report, parsed.address);
  complete = description.complete;
  console.log(`leads:erase on ${blobs.where}`);
  for (const line of description.lines) console.log(line);
} finally {
  await blobs.close();
}
process.exit(complete ? 0 : 1);
