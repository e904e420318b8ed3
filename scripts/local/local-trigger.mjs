/**
 * The per-run secret behind the local server's manual triggers (decision
 * docs/decisions/0012-local-server-hardening.md): a function's default URL,
 * `/.netlify/functions/<name>`, runs a scheduled job on demand locally (the re-send job; the
 * retention job, which deletes leads), so the local server answers those paths only with this
 * secret in the LOCAL_TRIGGER_HEADER. `npm start` writes it to `<data dir>/local-trigger-secret`
 * (owner-readable only) for the owner's commands (`leads:retry`, `leads:retention`); a web page
 * cannot read it, so it cannot run the jobs through the visitor's browser.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { localDataDir } from "./local-data.mjs";

export const LOCAL_TRIGGER_HEADER = "x-local-trigger-secret";

const file = (root) => join(localDataDir(root), "local-trigger-secret");

/** A fresh secret: 64 hex characters. */
export function newTriggerSecret() {
  return randomBytes(32).toString("hex");
}

/** True for the paths the secret guards: every function's default URL. */
export function isTriggerPath(pathname) {
  return pathname.startsWith("/.netlify/functions/");
}

/**
 * True when the request's LOCAL_TRIGGER_HEADER is `secret` (compared in constant time).
 * @param {string | string[] | undefined} headerValue
 * @param {string} secret
 */
export function hasTriggerSecret(headerValue, secret) {
  if (typeof headerValue !== "string") return false;
  const given = Buffer.from(headerValue);
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Saves the running server's secret (mode 0600) for the owner's commands. */
export function writeTriggerSecret(root, secret) {
  mkdirSync(localDataDir(root), { recursive: true });
  writeFileSync(file(root), `${secret}\n`, { mode: 0o600 });
  chmodSync(file(root), 0o600); // `mode` applies only when the file is created
}

/** The running server's secret, or undefined when none was saved. */
export function readTriggerSecret(root) {
  try {
    return readFileSync(file(root), "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}
