/**
 * Where the local server keeps the files its owner's commands read (`site-url`,
 * `mail-sink-url`, `local-trigger-secret`, `local-form-secret`, `mail/`): `.data/` in the project, or LOCAL_DATA_DIR
 * (absolute, or relative to the project) so a second server, e.g. the browser test's
 * rate-limited one, does not overwrite the first one's files.
 *
 * @param {string} root absolute project root
 * @param {Record<string, string | undefined>} [env]
 * @returns {string} absolute directory path
 */
import { join, resolve } from "node:path";

export function localDataDir(root, env = process.env) {
  const dir = env.LOCAL_DATA_DIR?.trim();
  return dir ? resolve(root, dir) : join(root, ".data");
}
