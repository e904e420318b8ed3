/** What the owner's `npm run leads:*` commands share (docs/decisions/0018-retention-and-erasure.md). */
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { createJiti } from "jiti";
import { openSiteBlobs } from "./blobs-server.mjs";
import { applyLocalFormSecret, readLocalFile, readTriggerSecret } from "./local-data.mjs";
import { LOCAL_TRIGGER_HEADER } from "./local-guard.mjs";

export const root = resolve(import.meta.dirname, "..", "..");
const jiti = createJiti(import.meta.url, { jsx: true });

/** A module of the functions by its path from the project root, e.g. "netlify/lib/kit/json-blobs.ts". */
export const load = (path) => jiti.import(join(root, path));

/** `parseArgs` of `options`, and `usageError(message)`, which prints it and `usage` and exits 2. */
export function parseCommand(usage, options, allowPositionals = true) {
  const usageError = (message) => {
    console.error(`${message}\n${usage}`);
    process.exit(2);
  };
  try {
    return { ...parseArgs({ options, allowPositionals }), usageError };
  } catch (error) {
    return usageError(error.message);
  }
}

/** BUSINESS_HOURS as the site has it, undefined when unset; a malformed value is refused, not ignored. */
export async function businessHours(usageError) {
  const text = process.env.BUSINESS_HOURS?.trim();
  if (!text) return undefined;
  const { parseBusinessHours } = await load("netlify/lib/add-ons/follow-up/business-hours.ts");
  const hours = parseBusinessHours(text);
  if (!hours) usageError("BUSINESS_HOURS is invalid (e.g. Mon-Fri 08:00-17:00 Australia/Perth).");
  return hours;
}

/** Runs `task(blobs, { leads, json, followUps })` (the lead store three ways) on the site's Blobs, then closes them. */
export async function withLeadStore(task) {
  const { createBlobLeadStore, LEAD_STORE_NAME } = await load("netlify/lib/core/leads/lead-store.ts");
  const { jsonBlobsOver } = await load("netlify/lib/kit/json-blobs.ts");
  const { createFollowUpStore } = await load("netlify/lib/add-ons/follow-up/follow-up-store.ts");
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
