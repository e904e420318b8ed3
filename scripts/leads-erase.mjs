#!/usr/bin/env node
/**
 * `npm run leads:erase` (docs/decisions/0018-retention-and-erasure.md; a CRM's copy, 0049-hubspot-plugin.md): see
 * USAGE. Exit 0 when complete, 1 when a record could not be read, deleted or is malformed, a CRM did not confirm
 * its deletion or its question was declined (nothing erased then), 2 for bad arguments.
 */
import { load, ownerFormSecret, parseCommand, withLeadStore } from "./local/owner-command.mjs";

const USAGE = [
  "Usage: npm run leads:erase -- <email> [--dry-run] [--exact] [--crm [--yes]]",
  "  Erases every stored demo request from that inbox: every spelling of it (any case, any +tag,",
  "  Gmail with or without dots, googlemail.com), and prints the addresses it erased.",
  "  It names each request a CRM holds a copy of (HubSpot), and leaves that copy unless --crm.",
  "  --dry-run  list the matching request ids and addresses; erase nothing",
  "  --exact    only the address as typed (any case), not the other spellings of its inbox",
  "  --crm      first ask the CRM to delete its copy, by the id stored with the request (never by",
  "             the address), after a question on the terminal; not with --dry-run",
  "  --yes      answer yes to that question in advance (where there is no terminal)",
  "   or: npm run leads:erase -- --id <request id> [--dry-run] [--crm [--yes]]",
  "  Erases that one stored request (also a malformed one), with its markers and notes.",
].join("\n");

const args = parseCommand({
  usage: USAGE,
  options: {
    "dry-run": { type: "boolean" },
    exact: { type: "boolean" },
    id: { type: "string" },
    crm: { type: "boolean" },
    yes: { type: "boolean" },
  },
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
const crm = args.values.crm === true;
if (crm && dryRun) usageError("--crm takes no --dry-run: a dry run names each CRM copy without it.");
if (args.values.yes && !crm) usageError("--yes answers --crm's question; it goes with --crm only.");
// Deleting a CRM's copy cannot be undone: a run without a terminal (a script, a pipe) must say yes in advance.
if (crm && !args.values.yes && !process.stdin.isTTY) {
  usageError(
    "Nothing was done: --crm asks on the terminal before a CRM deletes anything, and there is no terminal " +
      "here. Run it in a terminal, or add --yes to answer yes in advance.",
  );
}

const erasure = await load("netlify/lib/add-ons/privacy/lead-erasure.ts");

/** Asks `question` on the terminal, or, with --yes, prints it answered: whether the answer is yes. */
async function confirm(question) {
  if (args.values.yes) {
    console.log(`${question}yes (--yes)`);
    return true;
  }
  const { createInterface } = await import("node:readline/promises");
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return erasure.isYes(await terminal.question(question));
  } finally {
    terminal.close();
  }
}

const complete = await withLeadStore(async (blobs, { leads, json }) => {
  const { PLUGINS } = await load("netlify/lib/compose.ts");
  const store = erasure.erasureStore(leads, json, PLUGINS);
  const findings =
    id === undefined ? await erasure.findRequestsFrom({ store, address: parsed.address, match }) : undefined;
  console.log(`leads:erase${dryRun ? " --dry-run" : ""}${crm ? " --crm" : ""} on ${blobs.where}`);
  const copies = await erasure.findPartnerCopies({
    leads,
    ids: findings ? findings.matches.map((m) => m.id) : [id],
    plugins: PLUGINS,
  });
  for (const line of erasure.describePartnerCopies(copies, crm)) console.log(line);
  let crmErased = true;
  if (crm && copies.held.length === 0) console.log("No CRM holds a recorded copy of these requests.");
  if (crm && copies.held.length > 0) {
    const answer = await erasure.erasePartnerCopies({ held: copies.held, env: process.env, confirm });
    for (const line of answer.lines) console.log(line);
    if (answer.declined) return false;
    crmErased = answer.ok;
  }
  let description;
  if (id !== undefined) {
    const found = await erasure.eraseRequestById({ store, id, dryRun });
    description = { lines: [erasure.describeErasureById(found, id, dryRun)], complete: true };
  } else if (dryRun) {
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
      found: findings,
    });
    // The owner asked for this address: the stored spellings that matched are shown in clear.
    description = erasure.describeErasure(report, parsed.address, { addresses: true, match });
  }
  for (const line of description.lines) console.log(line);
  return description.complete && crmErased;
});
process.exit(complete ? 0 : 1);
