/**
 * What the owner's `npm run leads:*` commands share (docs/decisions/0018-retention-and-erasure.md), starting with the
 * local settings `npm start` reads (local-settings.mjs).
 */
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { createJiti } from "jiti";
import { applyLocalFormSecret, readLocalFile, readTriggerSecret } from "./local-data.mjs";
import { LOCAL_TRIGGER_HEADER } from "./local-guard.mjs";
import { checkSettings, loadLocalSettings } from "./local-settings.mjs";

export const root = resolve(import.meta.dirname, "..", "..");
loadLocalSettings();
const jiti = createJiti(import.meta.url, { jsx: true });

/** A module of the functions by its path from the project root, e.g. "netlify/lib/kit/json-blobs.ts". */
export const load = (path) => jiti.import(join(root, path));

// Without "--", npm keeps a dry-run option (--dry-run, --dryrun, --dry_run, --DRY-RUN, --dry ...) for itself and passes
// on only npm_config_dry_run or npm_config_dryrun. Any value counts, so that no spelling of it runs for real.
const NPM_DRY_RUN = /^npm_config_dry_*run$/i;

/**
 * An owner command's arguments, `{ values, positionals, usageError }`, parsed strictly from `options` (an unknown
 * option is refused). `usageError(message)` prints `message` and `usage` and exits 2, as every refusal here does; the
 * first is a dry run that npm kept, before anything is sent, changed or deleted. `dryRun`: how to ask this command
 * for its own ("npm run leads:summary -- --dry-run"); absent when it has none. See
 * docs/operations.md#personal-data-retention-erasure-access.
 */
export function parseCommand({ usage, options = {}, allowPositionals = false, dryRun }) {
  const usageError = (message) => {
    console.error(`${message}\n${usage}`);
    process.exit(2);
  };
  const kept = Object.entries(process.env).find(([name]) => NPM_DRY_RUN.test(name));
  if (kept) {
    const told = `Nothing was done: npm kept a dry-run option for itself (${kept.join("=")})`;
    usageError(
      dryRun ? `${told}. Put it after "--": ${dryRun}` : `${told}, and this command has no dry run.`,
    );
  }
  try {
    return { ...parseArgs({ options, allowPositionals, strict: true }), usageError };
  } catch (error) {
    return usageError(error.message);
  }
}

/**
 * The settings an owner command works with, as the functions read them (local-settings.mjs `checkSettings`), each
 * problem printed on stderr in the functions' words. Exits 2 when a part in `needs` ("core", "follow-up") is not
 * on; with `counts` and follow-up on, prints the zone the command counts days and weeks in. Resolves with `{ config, followUp }`,
 * each undefined when off or not configured.
 */
export async function ownerSettings({ needs = [], counts = false } = {}) {
  const { result, followUp, core, warnings } = await checkSettings();
  for (const line of [...(needs.includes("core") ? core : []), ...warnings]) console.error(line);
  // Said once: an emulation started for this command does not repeat it (site-server.mjs).
  process.env.SETTINGS_REPORTED = "true";
  const missing = [
    ...(needs.includes("core") && !result.ok ? ["the core's settings (above)"] : []),
    ...(needs.includes("follow-up") && followUp.state !== "on"
      ? [`follow-up, which is ${followUp.state}`]
      : []),
  ];
  if (missing.length > 0) {
    console.error(
      `Nothing was done: this command needs ${missing.join(" and ")}. Mend the variables in .env or the shell.`,
    );
    process.exit(2);
  }
  const value = followUp.state === "on" ? followUp.value : undefined;
  if (counts && value) {
    const zone = value.businessHours?.zone;
    console.error(
      zone ? `Counting in ${zone} (the team's business hours)` : "Counting in UTC (no business hours set)",
    );
  }
  return { config: result.ok ? result.config : undefined, followUp: value };
}

/**
 * The form secret the functions key their indexes and counters with: this shell's for the deployed site (`deployed`),
 * else the local one; undefined (the reason printed) when there is none.
 */
export async function ownerFormSecret(deployed) {
  const { formSecretFrom } = await load("netlify/lib/core/config.ts");
  try {
    if (!deployed) applyLocalFormSecret(root);
  } catch (error) {
    console.error(`The local form secret could not be read: ${error.message}`);
    return undefined;
  }
  return formSecretFrom(process.env);
}

/** Runs `task(blobs, { leads, json, followUps })` (the lead store three ways) on the site's Blobs, then closes them. */
export async function withLeadStore(task) {
  const { createBlobLeadStore, LEAD_STORE_NAME } = await load("netlify/lib/core/leads/lead-store.ts");
  const { jsonBlobsOver } = await load("netlify/lib/kit/json-blobs.ts");
  const { createFollowUpStore } = await load("netlify/lib/add-ons/follow-up/follow-up-store.ts");
  // Loaded here, as the emulation below: a refused command line is answered without it.
  const { openSiteBlobs } = await import("./blobs-server.mjs");
  const blobs = await openSiteBlobs(root);
  try {
    const raw = blobs.open(LEAD_STORE_NAME);
    const json = jsonBlobsOver(raw);
    return await task(blobs, { leads: createBlobLeadStore(raw), json, followUps: createFollowUpStore(json) });
  } finally {
    await blobs.close();
  }
}

/** Calls a function with the trigger secret: `{ base, status, body }`; throws when the emulation cannot start. */
export async function callLocalFunction(path, init = { method: "POST" }) {
  const call = async (base, secret) => {
    const headers = new Headers(init.headers);
    if (secret) headers.set(LOCAL_TRIGGER_HEADER, secret);
    const res = await fetch(new URL(path, base), { ...init, headers });
    return { base, status: res.status, body: await res.text() };
  };
  const base = process.env.SITE_URL || readLocalFile(root, "site-url");
  if (base) {
    try {
      return await call(base, readTriggerSecret(root));
    } catch {
      console.log(`No server answering at ${base}; starting the Netlify emulation for this run.`);
    }
  }
  // Loaded here: the emulation is large, and most commands never need it.
  const { withLocalSite } = await import("./site-server.mjs");
  applyLocalFormSecret(root);
  return withLocalSite(root, (site) => call(site.url, site.triggerSecret));
}

/** Runs a scheduled job once through the local server, prints its answer; exits 0 for a 2xx, else 1. */
export async function runLocalJob(command, path, init = { method: "POST" }) {
  const { base, status, body } = await callLocalFunction(path, init);
  console.log(`${command} via ${base}: ${status} ${body}`);
  process.exit(status >= 200 && status < 300 ? 0 : 1);
}
