/**
 * The local server's form secret (docs/requirements.md#spam-defence, docs/requirements.md#personal-data;
 * decisions docs/decisions/0010-confirmation-limits.md and 0012-local-server-hardening.md): the
 * FORM_TOKEN_SECRET that signs the form's time tokens and keys the confirmation bound's
 * per-address counters. Left unset, the functions would derive it from the SendGrid key, which
 * locally is the mail sink's public LOCAL_KEY, so anyone could forge a token. Instead the first
 * local run makes 32 random bytes (base64url) and keeps them in `<data dir>/local-form-secret`
 * (lib/local-data.mjs: `.data/` or LOCAL_DATA_DIR), readable only by the owner (mode 0600);
 * later runs, the emulation an owner's command starts, and `leads:erase` (which must find the
 * counters after a restart) read the same file.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { localDataDir } from "./local-data.mjs";

/** The file's name in the local data folder. */
export const FORM_SECRET_FILE = "local-form-secret";

// As netlify/lib/core/config.ts requires of FORM_TOKEN_SECRET.
const MIN_LENGTH = 32;

/**
 * Where the local form secret is kept (docs/requirements.md#spam-defence).
 * @param {string} root absolute project root
 * @param {Record<string, string | undefined>} [env] for LOCAL_DATA_DIR
 * @returns {string} absolute file path
 */
export function formSecretPath(root, env = process.env) {
  return join(localDataDir(root, env), FORM_SECRET_FILE);
}

/** A fresh form secret (docs/requirements.md#spam-defence): 32 random bytes as base64url (43 characters). */
export function newFormSecret() {
  return randomBytes(32).toString("base64url");
}

/**
 * Writes `secret` to `file` only if no file is there yet, whole or not at all: it is written to
 * a temporary file beside it and hard-linked into place (a link never replaces a file), so two
 * processes starting at once agree on one secret and neither reads a half-written one.
 */
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

/**
 * The local form secret, created on first use (docs/requirements.md#spam-defence).
 *
 * @param {string} root absolute project root
 * @param {Record<string, string | undefined>} [env] for LOCAL_DATA_DIR
 * @returns {string} the secret (at least 32 characters)
 * @throws when the folder or file cannot be written or read, or the file holds fewer than 32
 *   characters (the message names the file: delete it to make a new secret)
 */
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

/**
 * Gives a local run its form secret (docs/requirements.md#spam-defence): when `env` has no
 * FORM_TOKEN_SECRET (unset or only white space), sets it to the local form secret (the file is
 * created on first use); a FORM_TOKEN_SECRET already set is left as it is and no file is touched.
 * `npm start` and the emulation of lib/local-function.mjs call it before the functions start;
 * `leads:erase` on a copy of the environment, to key the counters alike.
 *
 * @param {string} root absolute project root
 * @param {Record<string, string | undefined>} [env] the environment to complete (default process.env)
 * @returns {"environment" | "file"} where FORM_TOKEN_SECRET now comes from
 * @throws as `localFormSecret`
 */
export function applyLocalFormSecret(root, env = process.env) {
  if (env.FORM_TOKEN_SECRET?.trim()) return "environment";
  env.FORM_TOKEN_SECRET = localFormSecret(root, env);
  return "file";
}
