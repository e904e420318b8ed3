/** The local server's data folder: `.data/`, or LOCAL_DATA_DIR so a second server keeps its own files. */
import { join, resolve } from "node:path";

export function localDataDir(root, env = process.env) {
  const dir = env.LOCAL_DATA_DIR?.trim();
  return dir ? resolve(root, dir) : join(root, ".data");
}
