#!/usr/bin/env node
/** `npm run leads:export`: stored requests as CSV, see USAGE (docs/requirements.md#personal-data); exit 2 for a bad argument. */
import { writeFileSync } from "node:fs";
import { load, ownerSettings, parseCommand, withLeadStore } from "./local/owner-command.mjs";

const USAGE = [
  "Usage: npm run leads:export [-- [--email <address> [--exact]] [file.csv]]",
  "  --email <address>  only the requests from that inbox: every spelling of it (any case, any +tag,",
  "                     Gmail with or without dots, googlemail.com)",
  "  --exact            with --email, only the address as typed (any case)",
].join("\n");

const args = parseCommand({
  usage: USAGE,
  options: { email: { type: "string" }, exact: { type: "boolean" } },
  allowPositionals: true,
});
const { usageError } = args;
if (args.positionals.length > 1) usageError(`One output file at most; got ${args.positionals.length}.`);
const target = args.positionals[0];
if (args.values.exact && args.values.email === undefined) usageError("--exact needs --email <address>.");
const match = args.values.exact ? "exact" : "inbox";

let address;
if (args.values.email !== undefined) {
  const { parseLeadAddress } = await load("netlify/lib/core/leads/lead-address.ts");
  const parsed = parseLeadAddress(args.values.email);
  if (!parsed.ok) usageError(parsed.error);
  address = parsed.address;
}
const { followUp } = await ownerSettings({ needs: ["follow-up"], counts: true });

await withLeadStore(async (_blobs, { leads, json }) => {
  const { leadColumns, leadExports, leadsToCsv, readLeadsForCsv } = await load(
    "netlify/lib/add-ons/privacy/leads-csv.ts",
  );
  const { PLUGINS } = await load("netlify/lib/compose.ts");
  const parts = await leadExports(PLUGINS);
  const settings = { followUp };
  const { records, rows } = await readLeadsForCsv({ leads, blobs: json, parts, settings, address, match });
  const csv = leadsToCsv(records, leadColumns(parts), rows);
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
});
