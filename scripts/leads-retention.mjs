#!/usr/bin/env node
/**
 * `npm run leads:retention`: runs the retention job (docs/decisions/0018-retention-and-erasure.md;
 * netlify/lib/add-ons/privacy/retention-job.ts) once,
 * now, and prints how many stored demo requests it deleted.
 *
 * - Locally it calls the scheduled function `lead-retention` through the running `npm start`
 *   (lib/local-function.mjs), so the limits are that server's LEAD_RETENTION_DAYS and
 *   SPAM_RETENTION_DAYS.
 * - With NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN set it runs the job here against the deployed
 *   site's store (a scheduled function cannot be called by URL on Netlify). Both limits must then
 *   be set in this shell as the site has them: a default here could delete leads the site keeps
 *   longer.
 *
 * Exit code 0 when the run completed, 1 when it failed or left records it could not handle,
 * 2 when a limit is missing or malformed.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createJiti } from "jiti";
import { openSiteBlobs } from "./local/site-blobs.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const JOB_PATH = "/.netlify/functions/lead-retention";

/**
 * `{ deleted, kept, unreadable, undeleted, malformed }` as one line; exit code 0 only for a clean
 * run. A malformed record is kept and reported (its id is in the log above), not a failed run:
 * running again would not change it.
 */
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
  const jiti = createJiti(import.meta.url);
  const { loadRetentionLimits } = await jiti.import("../netlify/lib/add-ons/privacy/retention.ts");
  const { runRetention } = await jiti.import("../netlify/lib/add-ons/privacy/retention-job.ts");
  const { createBlobLeadStore, LEAD_STORE_NAME } = await jiti.import(
    "../netlify/lib/core/leads/lead-store.ts",
  );
  const limits = loadRetentionLimits();
  if (!limits.ok) {
    console.error(limits.problems.join("\n"));
    return 2;
  }
  const blobs = await openSiteBlobs(root);
  try {
    const run = await runRetention({
      store: createBlobLeadStore(blobs.open(LEAD_STORE_NAME)),
      limits: limits.limits,
    });
    return report(blobs.where, run);
  } finally {
    await blobs.close();
  }
}

async function onLocalSite() {
  // Loaded here: the emulation is large, and the deployed path never needs it.
  const { callLocalFunction } = await import("./local/local-function.mjs");
  const { base, status, body } = await callLocalFunction({ root, path: JOB_PATH });
  if (status !== 200) {
    console.error(`leads:retention via ${base}: ${status} ${body} (the server's log says why)`);
    return 1;
  }
  return report(`the local site ${base}`, JSON.parse(body));
}

if (process.env.NETLIFY_SITE_ID && process.env.NETLIFY_AUTH_TOKEN) process.exit(await onDeployedSite());
else process.exit(await onLocalSite());
