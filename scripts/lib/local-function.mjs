/**
 * Calls one of the site's functions locally for the owner's commands (`leads:retry`,
 * `leads:retention`): through the running `npm start` (its URL from SITE_URL or .data/site-url),
 * or, when none answers, through a Netlify emulation started for this one call (with the local
 * mail sink, as `npm start` has).
 *
 * @param {{ root: string, path: string, init?: RequestInit }} options root is the absolute
 *   project root; path e.g. "/.netlify/functions/lead-retention"
 * @returns {Promise<{ base: string, status: number, body: string }>} where it ran and the answer
 * @throws when the emulation cannot start (e.g. `public/` not built)
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startLocalMail } from "./local-mail.mjs";
import { startSiteServer } from "./site-server.mjs";

function runningSiteUrl(root) {
  if (process.env.SITE_URL) return process.env.SITE_URL;
  try {
    return readFileSync(join(root, ".data", "site-url"), "utf8").trim();
  } catch {
    return undefined;
  }
}

async function call(base, path, init) {
  const res = await fetch(new URL(path, base), init);
  return { base, status: res.status, body: await res.text() };
}

export async function callLocalFunction({ root, path, init = { method: "POST" } }) {
  const base = runningSiteUrl(root);
  if (base) {
    try {
      return await call(base, path, init);
    } catch {
      console.log(`No server answering at ${base}; starting the Netlify emulation for this run.`);
    }
  }
  const mail = await startLocalMail(root);
  const site = await startSiteServer({ root, port: 0 });
  try {
    return await call(site.url, path, init);
  } finally {
    await site.close();
    await mail?.close();
  }
}
