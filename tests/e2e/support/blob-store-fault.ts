import { existsSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Where `@netlify/dev`'s local Blobs server keeps entries (<site>/<store>/<key>), under the
 * git-ignored .netlify/ of the project that `npm start` serves.
 */
export const BLOB_ENTRIES_DIR = join(process.cwd(), ".netlify", "blobs-serve", "entries");

/**
 * Breaks the local Blobs store for real, with no hook in the function: the entries folder is
 * moved aside and a plain file takes its place, so every write fails (the server cannot
 * create folders under a file) and answers 500. Running as root, chmod would not do this.
 * @returns restore(): removes the file and moves the real folder back
 */
export function breakBlobStore(): () => void {
  const aside = `${BLOB_ENTRIES_DIR}.aside-${process.pid}`;
  const hadEntries = existsSync(BLOB_ENTRIES_DIR);
  if (hadEntries) renameSync(BLOB_ENTRIES_DIR, aside);
  writeFileSync(BLOB_ENTRIES_DIR, "store deliberately broken by tests/e2e/reliability.spec.ts\n");
  return () => {
    rmSync(BLOB_ENTRIES_DIR, { force: true });
    if (hadEntries) renameSync(aside, BLOB_ENTRIES_DIR);
  };
}
