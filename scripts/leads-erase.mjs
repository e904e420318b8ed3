#!/usr/bin/env node
/**
 * `npm run leads:erase -- <email>`: an erasure request (docs/decisions/0018-retention-and-erasure.md).
 * Deletes every stored demo request from that address's inbox: every stored spelling the
 * confirmation bound counts as one inbox (any case, any `+tag`, Gmail dots and googlemail.com;
 * netlify/lib/core/leads/lead-address.ts), with its markers and per-address counters
 * (netlify/lib/add-ons/privacy/lead-erasure.ts). It prints what it removed by id and date, never the data,
 * and the stored addresses it erased, so the owner sees which spellings matched.
 * `--exact` erases only the address as typed (trimmed, any case); `--dry-run` lists the matching
 * requests and addresses and erases nothing. `--id <request id>` erases that one stored request
 * instead, also when its record is malformed and no address can match it (`eraseRequestById`).
 * Works on the local store of `npm start`, or, with NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN set, the deployed
 * site's (lib/site-blobs.mjs).
 *
 * Exit code 0 when the erasure is complete (also when nothing was stored) or the dry run read every
 * record, 1 when a record could not be read or deleted (run it again) or is malformed (check it), 2
 * for a missing or malformed address or request id, or an unknown option.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createJiti } from "jiti";
import { applyLocalFormSecret } from "./local/local-form-secret.mjs";
import { openSiteBlobs } from "./local/site-blobs.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const USAGE = [
  "Usage: npm run leads:erase -- <email> [--dry-run] [--exact]",
  "  Erases every stored demo request from that inbox: every spelling of it (any case, any +tag,",
  "  Gmail with or without dots, googlemail.com), and prints the addresses it erased.",
  "  --dry-run  list the matching request ids and addresses; erase nothing",
  "  --exact    only the address as typed (any case), not the other spellings of its inbox",
  "   or: npm run leads:erase -- --id <request id> [--dry-run]",
  "  Erases that one stored request (also a malformed one), with its markers and notes.",
].join("\n");
// The functions' own TypeScript modules: the store layout and address matching live there once.
const jiti = createJiti(import.meta.url);

function usageError(message) {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

let args;
try {
  args = parseArgs({
    options: { "dry-run": { type: "boolean" }, exact: { type: "boolean" }, id: { type: "string" } },
    allowPositionals: true,
  });
} catch (error) {
  usageError(error.message);
}
if (args.positionals.length > 1) usageError(`One address at a time; got ${args.positionals.length}.`);
const dryRun = args.values["dry-run"] === true;
const match = args.values.exact ? "exact" : "inbox";
const id = args.values.id?.trim().toLowerCase();

let parsed;
if (id !== undefined) {
  if (args.positionals.length > 0 || args.values.exact) usageError("--id takes no address and no --exact.");
  const { isUuid } = await jiti.import("../netlify/lib/core/leads/lead-id.ts");
  if (!isUuid(id)) usageError(`${JSON.stringify(args.values.id)} is not a request id.`);
} else {
  const { parseLeadAddress } = await jiti.import("../netlify/lib/core/leads/lead-address.ts");
  parsed = parseLeadAddress(args.positionals[0]);
  if (!parsed.ok) usageError(parsed.error);
}

const {
  eraseRequestsFrom,
  describeErasure,
  findRequestsFrom,
  describeDryRun,
  eraseRequestById,
  describeErasureById,
  erasureStore,
} = await jiti.import("../netlify/lib/add-ons/privacy/lead-erasure.ts");
const { createBlobLeadStore, LEAD_STORE_NAME } = await jiti.import("../netlify/lib/core/leads/lead-store.ts");
const { jsonBlobsOver } = await jiti.import("../netlify/lib/kit/json-blobs.ts");

/**
 * The form secret the functions key the confirmation counters with: the deployed site's from
 * this shell (FORM_TOKEN_SECRET, else derived from SENDGRID_API_KEY), the local server's from
 * FORM_TOKEN_SECRET or the local form secret file `npm start` uses (lib/local-form-secret.mjs).
 */
async function formSecret(deployed) {
  const { formSecretFrom } = await jiti.import("../netlify/lib/core/config.ts");
  if (deployed) return formSecretFrom(process.env);
  const env = {
    FORM_TOKEN_SECRET: process.env.FORM_TOKEN_SECRET,
    LOCAL_DATA_DIR: process.env.LOCAL_DATA_DIR,
  };
  try {
    applyLocalFormSecret(root, env);
  } catch (error) {
    console.error(`The local form secret could not be read: ${error.message}`);
    return undefined;
  }
  return formSecretFrom(env);
}

const blobs = await openSiteBlobs(root);
let complete = false;
try {
  const raw = blobs.open(LEAD_STORE_NAME);
  const store = erasureStore(createBlobLeadStore(raw), jsonBlobsOver(raw));
  if (id !== undefined) {
    const found = await eraseRequestById({ store, id, dryRun });
    console.log(`leads:erase${dryRun ? " --dry-run" : ""} on ${blobs.where}`);
    console.log(describeErasureById(found, id, dryRun));
    complete = true;
  } else if (dryRun) {
    const findings = await findRequestsFrom({ store, address: parsed.address, match });
    const description = describeDryRun(findings, parsed.address, match);
    complete = description.complete;
    console.log(`leads:erase --dry-run on ${blobs.where}`);
    for (const line of description.lines) console.log(line);
  } else {
    const { blobLimitsStore, confirmationAddressCounters, LIMITS_STORE_NAME } = await jiti.import(
      "../netlify/lib/add-ons/confirmation/confirmation-limits.ts",
    );
    const secret = await formSecret(blobs.deployed);
    if (!secret) {
      console.error(
        "Set FORM_TOKEN_SECRET (or, if the site has none, SENDGRID_API_KEY) as the site has it: the " +
          "address's confirmation-limit entry is found only with it.",
      );
    }
    const report = await eraseRequestsFrom({
      store,
      // The confirmation limits key an inbox by the form secret (decision 0010).
      counters: confirmationAddressCounters(blobLimitsStore(blobs.open(LIMITS_STORE_NAME)), secret),
      address: parsed.address,
      match,
    });
    // The owner asked for this address: the stored spellings that matched are shown in clear.
    const description = describeErasure(report, parsed.address, { addresses: true, match });
    complete = description.complete;
    console.log(`leads:erase on ${blobs.where}`);
    for (const line of description.lines) console.log(line);
  }
} finally {
  await blobs.close();
}
process.exit(complete ? 0 : 1);
