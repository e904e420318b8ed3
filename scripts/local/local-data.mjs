/**
 * The local server's data folder, `.data/` or LOCAL_DATA_DIR (docs/decisions/0012-local-server-hardening.md): URLs for the commands and
 * tests, the trigger secret, and a random FORM_TOKEN_SECRET (one derived from the sink's key could be forged).
 */
import { randomBytes } from "node:crypto";
import { chmodSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

export const FORM_SECRET_FILE = "local-form-secret";
const TRIGGER_SECRET_FILE = "local-trigger-secret";
const MIN_LENGTH = 32; // as netlify/lib/core/config.ts requires of FORM_TOKEN_SECRET

/** The absolute data folder: LOCAL_DATA_DIR resolved against `root`, else `<root>/.data`. */
export function localDataDir(root, env = process.env) {
  const dir = env.LOCAL_DATA_DIR?.trim();
  return dir ? resolve(root, dir) : join(root, ".data");
}

/** Writes `text` as `<data dir>/<name>`, owner-only (mode 0600) when `secret`. */
export function writeLocalFile(root, name, text, secret = false) {
  mkdirSync(localDataDir(root), { recursive: true });
  const file = join(localDataDir(root), name);
  writeFileSync(file, `${text}\n`, secret ? { mode: 0o600 } : {});
  if (secret) chmodSync(file, 0o600); // `mode` applies only when the file is created
}

/** `<data dir>/<name>` trimmed, or undefined when it is missing or empty. */
export function readLocalFile(root, name) {
  try {
    return readFileSync(join(localDataDir(root), name), "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}

export const writeTriggerSecret = (root, secret) => writeLocalFile(root, TRIGGER_SECRET_FILE, secret, true);
export const readTriggerSecret = (root) => readLocalFile(root, TRIGGER_SECRET_FILE);

export const formSecretPath = (root, env = process.env) => join(localDataDir(root, env), FORM_SECRET_FILE);

/** The local form secret, created on first use; throws when it cannot be written or read, or is too short. */
export function localFormSecret(root, env = process.env) {
  const file = formSecretPath(root, env);
  mkdirSync(localDataDir(root, env), { recursive: true });
  if (!statSync(file, { throwIfNoEntry: false })) {
    // Written aside and hard-linked into place, so concurrent starts agree on one secret.
    const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
    writeFileSync(temporary, `${randomBytes(32).toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
    try {
      chmodSync(temporary, 0o600); // `mode` is narrowed by the umask only; make it exact
      linkSync(temporary, file);
    } catch (linkError) {
      if (linkError?.code !== "EEXIST") throw linkError;
    } finally {
      unlinkSync(temporary);
    }
  }
  const secret = readFileSync(file, "utf8").trim();
  // A file that was copied or restored with wider permissions is narrowed again.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  if (secret.length < MIN_LENGTH) {
    throw new Error(
      `${file} does not hold a form secret of at least ${MIN_LENGTH} characters; delete it and a new one is made`,
    );
  }
  return secret;
}

/** Sets FORM_TOKEN_SECRET in `env` unless set; returns its source, "environment" or "file". */
export function applyLocalFormSecret(root, env = process.env) {
  if (env.FORM_TOKEN_SECRET?.trim()) return "environment";
  env.FORM_TOKEN_SECRET = localFormSecret(root, env);
  return "file";
}
