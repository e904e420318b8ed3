/**
 * What the owner's `npm run leads:*` commands share (docs/decisions/0018-retention-and-erasure.md): the
 * project root, the functions' own TypeScript modules, argument parsing, BUSINESS_HOURS and the site's Blobs.
 */
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { getStore } from "@netlify/blobs";
import { createJiti } from "jiti";

export const root = resolve(import.meta.dirname, "..", "..");
const jiti = createJiti(import.meta.url, { jsx: true });

/** A module of the functions by its path from the project root, e.g. "netlify/lib/kit/json-blobs.ts". */
export const load = (path) => jiti.import(join(root, path));

/**
 * The command line parsed with `node:util` `parseArgs` `options`, and `usageError(message)`, which prints
 * the message and `usage` and exits 2; a malformed command line is such an error.
 */
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

/**
 * The Blobs stores for the owner's commands: the deployed site's with NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN,
 * else the local folder through a server on 127.0.0.1 for the command's length.
 */
export async function openSiteBlobs(projectRoot = root) {
  const { NETLIFY_SITE_ID: siteID, NETLIFY_AUTH_TOKEN: token } = process.env;
  if (siteID && token) {
    return {
      open: (name) => getStore({ name, siteID, token }),
      deployed: true,
      where: `the deployed site ${siteID}`,
      close: async () => {},
    };
  }
  // Loaded only here: the local server pulls in a large part of the emulation.
  const { startLocalBlobs } = await import("./blobs-server.mjs");
  const local = await startLocalBlobs({ directory: join(projectRoot, ".netlify", "blobs-serve") });
  return {
    open: (name) => getStore({ name, ...local.location }),
    deployed: false,
    where: "the local store (.netlify/blobs-serve)",
    close: () => local.stop(),
  };
}

/**
 * Runs `task(blobs, stores)` on the site's Blobs and closes them after; `stores` is the lead store as the
 * functions open it: `{ raw, leads, json }` (the Blobs store, the lead store, its JSON view).
 */
export async function withLeadStore(task) {
  const { createBlobLeadStore, LEAD_STORE_NAME } = await load("netlify/lib/core/leads/lead-store.ts");
  const { jsonBlobsOver } = await load("netlify/lib/kit/json-blobs.ts");
  const blobs = await openSiteBlobs();
  try {
    const raw = blobs.open(LEAD_STORE_NAME);
    return await task(blobs, { raw, leads: createBlobLeadStore(raw), json: jsonBlobsOver(raw) });
  } finally {
    await blobs.close();
  }
}

/**
 * Runs a scheduled job once through the local server (scripts/local/local-function.mjs), prints
 * `<command> via <server>: <status> <body>` and exits 0 for a 2xx answer, else 1.
 */
export async function runLocalJob(command, path, init = { method: "POST" }) {
  const { callLocalFunction } = await import("./local-function.mjs");
  const { base, status, body } = await callLocalFunction({ root, path, init });
  console.log(`${command} via ${base}: ${status} ${body}`);
  process.exit(status >= 200 && status < 300 ? 0 : 1);
}
