/**
 * Calls a function for the owner's commands, through the running `npm start` or an emulation started for
 * this call, with the trigger secret (docs/decisions/0012-local-server-hardening.md). Throws when the emulation cannot start.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { localDataDir } from "./local-data.mjs";
import { applyLocalFormSecret } from "./local-form-secret.mjs";
import { startLocalMail } from "./local-sinks.mjs";
import { LOCAL_TRIGGER_HEADER, readTriggerSecret } from "./local-guard.mjs";
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
