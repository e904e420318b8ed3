#!/usr/bin/env node
/**
 * `npm run leads:retention`: the retention job once, now (docs/decisions/0018-retention-and-erasure.md); against the
 * deployed store both limits must be set here (USAGE). Exit 0 when complete, 1 when not, 2 for an argument or a missing
 * or bad limit.
 */
import { callLocalFunction, load, parseCommand, withLeadStore } from "./local/owner-command.mjs";

const USAGE = [
  "Usage: npm run leads:retention",
  "  Deletes now, as the daily job does, every stored demo request past its retention period",
  "  (LEAD_RETENTION_DAYS after it settled; SPAM_RETENTION_DAYS after a spam record arrived).",
  "  Against the deployed site (NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN set), set both as the site has",
  "  them. It takes no options.",
].join("\n");

parseCommand({ usage: USAGE });

/** The run as one line; exit 0 only when clean. A malformed record is kept and reported, not a failure. */
function report(where, run) {
  console.log(
    `leads:retention on ${where}: deleted ${run.deleted} stored demo request(s) past their retention ` +
      `period; kept ${run.kept}; unreadable ${run.unreadable}; not deleted ${run.undeleted}; ` +
      `malformed (kept) ${run.malformed ?? 0}.`,
  );
  return run.unreadable === 0 && run.undeleted === 0 ? 0 : 1;
}

async function onDeployedSite() {
  const missing = ["LEAD_RETENTION_DAYS", "SPAM_RETENTION_DAYS"].filter((name) => !process.env[name]?.trim());
  if (missing.length > 0) {
    console.error(
      `Against the deployed site, set ${missing.join(" and ")} as the site has them ` +
        "(defaults 180 and 30), e.g. LEAD_RETENTION_DAYS=180 SPAM_RETENTION_DAYS=30 npm run leads:retention",
    );
    return 2;
  }
  const { runRetention } = await load("netlify/lib/add-ons/privacy/retention.ts");
  const { partSetting } = await load("netlify/lib/compose.ts");
  const limits = partSetting("retention");
  if (limits?.state !== "on") {
    console.error((limits?.problems ?? ["Retention is off: no plugin reads its periods."]).join("\n"));
    return 2;
  }
  return withLeadStore(async (blobs, { leads }) =>
    report(blobs.where, await runRetention({ store: leads, limits: limits.value })),
  );
}

async function onLocalSite() {
  const { base, status, body } = await callLocalFunction("/.netlify/functions/lead-retention");
  if (status !== 200) {
    console.error(`leads:retention via ${base}: ${status} ${body} (the server's log says why)`);
    return 1;
  }
  return report(`the local site ${base}`, JSON.parse(body));
}

if (process.env.NETLIFY_SITE_ID && process.env.NETLIFY_AUTH_TOKEN) process.exit(await onDeployedSite());
else process.exit(await onLocalSite());
