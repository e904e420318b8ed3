#!/usr/bin/env node
/** `npm run leads:report`: see USAGE and add-ons/summary/report.ts. Exit 0 when printed, 2 for a bad argument. */
import { DateTime } from "luxon";
import { load, ownerFormSecret, ownerSettings, parseCommand, withLeadStore } from "./local/owner-command.mjs";

const USAGE = [
  "Usage: npm run leads:report [-- [--since YYYY-MM-DD] [--csv]]",
  "  --since YYYY-MM-DD  only leads that arrived on or after that day (UTC)",
  "  --csv               CSV instead of a table",
].join("\n");

const args = parseCommand({ usage: USAGE, options: { since: { type: "string" }, csv: { type: "boolean" } } });
const text = args.values.since;
// A day that does not exist (2026-02-30) is refused, not rolled over into the next month.
const day = text === undefined ? undefined : DateTime.fromFormat(text, "yyyy-MM-dd", { zone: "utc" });
if (day && !day.isValid) args.usageError(`--since wants a day as YYYY-MM-DD; got ${JSON.stringify(text)}.`);
const since = day?.toJSDate();
const { followUp } = await ownerSettings({ needs: ["follow-up"], counts: true });
const hours = followUp.businessHours;

await withLeadStore(async (blobs, { leads, json, followUps }) => {
  const [
    report,
    { followUpAddOn, followUpReader },
    { companyMatchAddOn },
    { leadCompaniesOf },
    figures,
    kit,
  ] = await Promise.all([
    load("netlify/lib/add-ons/summary/report.ts"),
    load("netlify/lib/add-ons/follow-up/add-on.ts"),
    load("netlify/lib/add-ons/company-match/add-on.ts"),
    load("netlify/lib/core/add-on.ts"),
    load("netlify/lib/add-ons/summary/company-figures.ts"),
    load("netlify/lib/kit/business-hours.ts"),
  ]);
  const now = new Date();
  // The report shows no links, so it needs none of the core's settings; companies are found by the form secret's
  // keyed index.
  const reader = followUpReader(followUps, { formSecret: "", followUp });
  const items = await report.readReportLeads({ leads, followUps: reader });
  const formSecret = await ownerFormSecret(blobs.deployed);
  if (!formSecret) console.error("Company figures left out: no form secret to find the company index with.");
  const config = { formSecret, followUp };
  const addOns = [followUpAddOn(() => followUps), companyMatchAddOn(config, () => ({ blobs: json, leads }))];
  const companiesOf =
    formSecret &&
    ((records, start) =>
      leadCompaniesOf(addOns, records, { config, now: () => now, since: start.toISOString() }));
  const shown = since ? items.filter((item) => Date.parse(item.lead.receivedAt) >= since.getTime()) : items;
  const companies = await figures.weeklyCompanyFigures(shown, kit.zoneOf(hours), companiesOf || undefined);
  const rows = report.followUpReport(items, { now, since, hours, companies });
  if (args.values.csv) process.stdout.write(report.reportToCsv(rows));
  else {
    const clock = hours ? `business minutes (${process.env.BUSINESS_HOURS?.trim()})` : "calendar minutes";
    console.log(`Follow-up report from ${blobs.where}${since ? ` since ${text}` : ""}`);
    console.log(report.reportToText(rows, clock));
  }
});
