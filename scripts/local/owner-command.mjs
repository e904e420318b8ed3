/**
 * What the owner's `npm run leads:*` commands share (docs/decisions/0018-retention-and-erasure.md): the
 * project root, the functions' own TypeScript modules, argument parsing, BUSINESS_HOURS and the site's Blobs.
 */
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { createJiti } from "jiti";
import { openSiteBlobs } from "./blobs-server.mjs";

export const root = resolve(import.meta.dirname, "..", "..");
// JSX for the functions' .tsx modules, the e-mails (docs/decisions/0037-email-layout.md).
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

/** Runs `task(blobs, { raw, leads, json })` (the lead store three ways) on the site's Blobs, then closes them. */
export async function withLeadStore(task) {
  const { createBlobLeadStore, LEAD_STORE_NAME } = await load("netlify/lib/core/leads/lead-store.ts");
  const { jsonBlobsOver } = await load("netlify/lib/kit/json-blobs.ts");
  const blobs = await openSiteBlobs(root);
  try {
    const raw = blobs.open(LEAD_STORE_NAME);
    return await task(blobs, { raw, leads: createBlobLeadStore(raw), json: jsonBlobsOver(raw) });
  } finally {
    await blobs.close();
  }
}

/** Runs a scheduled job once through the local server, prints its answer; exits 0 for a 2xx, else 1. */
export async function runLocalJob(command, path, init = { method: "POST" }) {
  const { callLocalFunction } = await import("./local-function.mjs");
  const { base, status, body } = await callLocalFunction({ root, path, init });
  console.log(`${command} via ${base}: ${status} ${body}`);
  process.exit(status >= 200 && status < 300 ? 0 : 1);
}
