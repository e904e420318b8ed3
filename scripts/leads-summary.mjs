#!/usr/bin/env node
/**
 * `npm run leads:summary` (docs/decisions/0038-weekly-summary.md): see USAGE. It records nothing, so the Monday
 * summary still goes out. Exit 0 when sent or printed, 1 when not sent, 2 for a bad argument or setting.
 */
import { applyLocalFormSecret, readLocalFile } from "./local/local-data.mjs";
import { startLocalMail, setLocalMailSettings } from "./local/local-sinks.mjs";
import { load, ownerSettings, parseCommand, root, withLeadStore } from "./local/owner-command.mjs";

const USAGE = [
  "Usage: npm run leads:summary [-- [--week YYYY-Www] [--dry-run]]",
  "  Sends the weekly summary to SALES_EMAIL now: the current ISO week so far (BUSINESS_HOURS' zone, else UTC).",
  "  --week YYYY-Www  that ISO week instead, e.g. 2026-W48",
  "  --dry-run        print the summary (its subject, text and attachment) instead of sending it",
].join("\n");

const args = parseCommand({
  usage: USAGE,
  options: { week: { type: "string" }, "dry-run": { type: "boolean" } },
  dryRun: "npm run leads:summary -- --dry-run",
});
const dryRun = args.values["dry-run"] === true;
const { summaryNow } = await load("netlify/lib/add-ons/summary/summary-job.ts");
const { parseWeek } = await load("netlify/lib/kit/business-hours.ts");
const week = args.values.week === undefined ? undefined : parseWeek(args.values.week);
if (args.values.week !== undefined && !week) {
  args.usageError(`--week wants an ISO week as YYYY-Www; got ${JSON.stringify(args.values.week)}.`);
}

/** Applies the running `npm start`'s settings and mail sink (unless SendGrid is set); resolves with what to close. */
async function useLocalSite() {
  applyLocalFormSecret(root);
  process.env.NETLIFY_DEV = "true";
  const site = readLocalFile(root, "site-url");
  if (site) process.env.URL ??= site;
  if (process.env.SENDGRID_API_KEY) return undefined;
  const sink = readLocalFile(root, "mail-sink-url");
  const live =
    sink &&
    (await fetch(`${sink}/__sink/messages`, { signal: AbortSignal.timeout(2000) }).then(
      (res) => res.ok,
      () => false,
    ));
  // A dry run sends nothing: it needs the settings, not a sink.
  if (!live && !dryRun) return startLocalMail(root);
  setLocalMailSettings(live ? sink : undefined);
  return undefined;
}

await withLeadStore(async (blobs, { leads, json, followUps }) => {
  const mail = blobs.deployed ? undefined : await useLocalSite();
  try {
    const { config } = await ownerSettings({ needs: ["core", "follow-up"], counts: true });
    const [
      { exportCsv },
      { followUpAddOn, followUpReader },
      { companyMatchAddOn },
      { PLUGINS },
      { createSendGridMailer },
      { maskEmail },
    ] = await Promise.all([
      load("netlify/lib/add-ons/privacy/leads-csv.ts"),
      load("netlify/lib/add-ons/follow-up/add-on.ts"),
      load("netlify/lib/add-ons/company-match/add-on.ts"),
      load("netlify/lib/compose.ts"),
      load("netlify/lib/core/delivery/mailer.ts"),
      load("netlify/lib/kit/log.ts"),
    ]);
    // The add-ons the summary reads through, over this command's stores: follow-up's view and company match.
    const addOns = [
      followUpAddOn(() => followUps),
      companyMatchAddOn(config, () => ({ blobs: json, leads })),
    ];
    const { summary, message, sent } = await summaryNow({
      addOns,
      leads,
      followUps: followUpReader(followUps, config),
      blobs: json,
      mailer: createSendGridMailer(config),
      config,
      leadsCsv: (records) => exportCsv(records, json, PLUGINS, config),
      week,
      dryRun,
    });
    const attached = `${message.attachments[0].filename} (${summary.records.length} lead(s))`;
    if (dryRun) {
      console.log(`Summary of ${summary.week} from ${blobs.where} (not sent)`);
      console.log(`Subject: ${message.subject}\nAttachment: ${attached}\n\n${message.text}`);
      return;
    }
    if (sent.status !== "sent") {
      console.error(`The summary of ${summary.week} was not sent: ${sent.error}`);
      process.exitCode = 1;
      return;
    }
    console.log(`Sent the summary of ${summary.week} to ${maskEmail(config.salesEmail)} with ${attached}.`);
  } finally {
    await mail?.close();
  }
});
