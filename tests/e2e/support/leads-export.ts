import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Splits RFC 4180 CSV (every field quoted, as leads-csv.ts writes it) into rows of fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.match(/(?:"(?:[^"]|"")*",)*"(?:[^"]|"")*"\r\n/g) ?? []) {
    rows.push([...line.matchAll(/"((?:[^"]|"")*)"/g)].map(([, value]) => value.replace(/""/g, '"')));
  }
  return rows;
}

/**
 * The stored lead `id` as `npm run leads:export` gives it (one CSV row by column name), or
 * undefined when it is not stored. Reads the running `npm start`'s local Blobs folder.
 */
export async function exportedLead(id: string): Promise<Record<string, string> | undefined> {
  const { stdout } = await run(process.execPath, ["scripts/leads-export.mjs"], { timeout: 60_000 });
  const [header, ...rows] = parseCsv(stdout);
  const row = rows.find((fields) => fields[0] === id);
  return row && Object.fromEntries(header.map((name, i) => [name, row[i]]));
}
