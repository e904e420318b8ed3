/**
 * The per-run secret for running scheduled jobs through their default URL locally
 * (docs/decisions/0012-local-server-hardening.md): a web page cannot read it, so it cannot run them.
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

/** True when the header value is `secret` (constant time). */
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
