#!/usr/bin/env node
/**
 * `npm run leads:erase` (docs/decisions/0018-retention-and-erasure.md): see USAGE. Exit 0 when complete, 1 when a
 * record could not be read, deleted or is malformed, 2 for bad arguments.
 */
import { load, ownerFormSecret, parseCommand, withLeadStore } from "./local/owner-command.mjs";

const USAGE = [
  "Usage: npm run leads:erase -- <email> [--dry-run] [--exact]",
  "  Erases every stored demo request from that inbox: every spelling of it (any case, any +tag,",
  "  Gmail with or without dots, googlemail.com), and prints the addresses it erased.",
  "  --dry-run  list the matching request ids and addresses; erase nothing",
  "  --exact    only the address as typed (any case), not the other spellings of its inbox",
  "   or: npm run leads:erase -- --id <request id> [--dry-run]",
  "  Erases that one stored request (also a malformed one), with its markers and notes.",
].join("\n");

const args = parseCommand({
  usage: USAGE,
  options: { "dry-run": { type: "boolean" }, exact: { type: "boolean" }, id: { type: "string" } },
  allowPositionals: true,
  dryRun: "npm run leads:erase -- <email> --dry-run",
});
const { usageError } = args;
if (args.positionals.length > 1) usageError(`One address at a time; got ${args.positionals.length}.`);
const dryRun = args.values["dry-run"] === true;
const match = args.values.exact ? "exact" : "inbox";
const id = args.values.id?.trim().toLowerCase();

let parsed;
const { isUuid, parseLeadAddress } = await load("netlify/lib/core/leads/lead-address.ts");
if (id !== undefined) {
  if (args.positionals.length > 0 || args.values.exact) usageError("--id takes no address and no --exact.");
  if (!isUuid(id)) usageError(`${JSON.stringify(args.values.id)} is not a request id.`);
} else {
  parsed = parseLeadAddress(args.positionals[0]);
  if (!parsed.ok) usageError(parsed.error);
}

const erasure = await load("netlify/lib/add-ons/privacy/lead-erasure.ts");

const complete = await withLeadStore(async (blobs, { leads, json }) => {
  const { PLUGINS } = await load("netlify/lib/compose.ts");
  const store = erasure.erasureStore(leads, json, PLUGINS);
  let description;
  if (id !== undefined) {
    const found = await erasure.eraseRequestById({ store, id, dryRun });
    description = { lines: [erasure.describeErasureById(found, id, dryRun)], complete: true };
  } else if (dryRun) {
    const findings = await erasure.findRequestsFrom({ store, address: parsed.address, match });
    description = erasure.describeDryRun(findings, parsed.address, match);
  } else {
    const { confirmationAddressCounters } = await load(
      "netlify/lib/add-ons/confirmation/confirmation-limits.ts",
    );
    const { LIMITS_STORE_NAME } = await load("netlify/lib/kit/storage.ts");
    const { jsonBlobsOver } = await load("netlify/lib/kit/json-blobs.ts");
    const secret = await ownerFormSecret(blobs.deployed);
    if (!secret) {
      console.error(
        "Set FORM_TOKEN_SECRET (or, if the site has none, SENDGRID_API_KEY) as the site has it: the " +
          "address's confirmation-limit entry is found only with it.",
      );
    }
    const report = await erasure.eraseRequestsFrom({
      store,
      counters: confirmationAddressCounters(jsonBlobsOver(blobs.open(LIMITS_STORE_NAME)), secret),
      address: parsed.address,
      match,
    });
    // The owner asked for this address: the stored spellings that matched are shown in clear.
    description = erasure.describeErasure(report, parsed.address, { addresses: true, match });
  }
  console.log(`leads:erase${dryRun ? " --dry-run" : ""} on ${blobs.where}`);
  for (const line of description.lines) console.log(line);
  return description.complete;
});
process.exit(complete ? 0 : 1);
