/**
 * The local FORM_TOKEN_SECRET (docs/decisions/0012-local-server-hardening.md): derived from the mail sink's
 * public key it could be forged, so the first run keeps 32 random bytes in `<data dir>/local-form-secret`
 * (mode 0600) and later runs and `leads:erase` read it.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { localDataDir } from "./local-data.mjs";

export const FORM_SECRET_FILE = "local-form-secret";

// As netlify/lib/core/config.ts requires of FORM_TOKEN_SECRET.
const MIN_LENGTH = 32;

/** Where the local form secret is kept (absolute path; LOCAL_DATA_DIR honoured). */
export function formSecretPath(root, env = process.env) {
  return join(localDataDir(root, env), FORM_SECRET_FILE);
}

/** A fresh form secret: 32 random bytes as base64url. */
export function newFormSecret() {
  return randomBytes(32).toString("base64url");
}

/** Writes `secret` only if no file is there, via a hard link, so concurrent starts agree on one secret. */
function createOnce(file, secret) {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  writeFileSync(temporary, `${secret}\n`, { mode: 0o600, flag: "wx" });
  try {
    chmodSync(temporary, 0o600); // `mode` is narrowed by the umask only; make it exact
    linkSync(temporary, file);
  } catch (error) {
    if (error?.code !== "EEXIST") throw error;
  } finally {
    unlinkSync(temporary);
  }
}

/** The local form secret, created on first use; throws when it cannot be written or read, or is too short. */
export function localFormSecret(root, env = process.env) {
  const file = formSecretPath(root, env);
  mkdirSync(localDataDir(root, env), { recursive: true });
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if (error?.code !== "ENOENT") throw error;
    createOnce(file, newFormSecret());
    text = readFileSync(file, "utf8");
  }
  // A file that was copied or restored with wider permissions is narrowed again.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const secret = text.trim();
  if (secret.length < MIN_LENGTH) {
    throw new Error(
      `${file} does not hold a form secret of at least ${MIN_LENGTH} characters; delete it and a new one is made`,
    );
  }
  return secret;
}

/** Sets FORM_TOKEN_SECRET in `env` unless set. @returns {"environment" | "file"} its source; throws as above */
export function applyLocalFormSecret(root, env = process.env) {
  if (env.FORM_TOKEN_SECRET?.trim()) return "environment";
  env.FORM_TOKEN_SECRET = localFormSecret(root, env);
  return "file";
}
