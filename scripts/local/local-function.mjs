/**
 * Calls one of the site's functions locally for the owner's commands (`leads:retry`,
 * `leads:retention`): through the running `npm start` (its URL from SITE_URL or .data/site-url),
 * or, when none answers, through a Netlify emulation started for this one call (with the local
 * mail sink, as `npm start` has). Either way it sends that server's trigger secret (the running
 * one's from `.data/local-trigger-secret`, lib/local-trigger.mjs), without which the local server
 * refuses a function's default URL (docs/decisions/0012-local-server-hardening.md). The emulation
 * gets the same form secret as `npm start` (lib/local-form-secret.mjs), unless FORM_TOKEN_SECRET is
 * set, so it keys the confirmation counters alike.
 *
 * @param {{ root: string, path: string, init?: RequestInit }} options root is the absolute
 *   project root; path e.g. "/.netlify/functions/lead-retention"
 * @returns {Promise<{ base: string, status: number, body: string }>} where it ran and the answer
 * @throws when the emulation cannot start (e.g. `public/` not built)
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { localDataDir } from "./local-data.mjs";
import { applyLocalFormSecret } from "./local-form-secret.mjs";
import { startLocalMail } from "./local-mail.mjs";
import { LOCAL_TRIGGER_HEADER, readTriggerSecret } from "./local-trigger.mjs";
import { startSiteServer } from "./site-server.mjs";

function runningSiteUrl(root) {
  if (process.env.SITE_URL) return process.env.SITE_URL;
  try {
    return readFileSync(join(localDataDir(root), "site-url"), "utf8").trim();
  } catch {
    return undefined;
  }
}

async function call(base, path, init, secret) {
  const headers = new Headers(init.headers);
  if (secret) headers.set(LOCAL_TRIGGER_HEADER, secret);
  const res = await fetch(new URL(path, base), { ...init, headers });
  return { base, status: res.status, body: await res.text() };
}

export async function callLocalFunction({ root, path, init = { method: "POST" } }) {
  const base = runningSiteUrl(root);
  if (base) {
    try {
      return await call(base, path, init, readTriggerSecret(root));
    } catch {
      console.log(`No server answering at ${base}; starting the Netlify emulation for this run.`);
    }
  }
  applyLocalFormSecret(root);
  const mail = await startLocalMail(root);
  const site = await startSiteServer({ root, port: 0 });
  try {
    return await call(site.url, path, init, site.triggerSecret);
  } finally {
    await site.close();
    await mail?.close();
  }
}
