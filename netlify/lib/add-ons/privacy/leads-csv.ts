/**
 * Stored demo requests as formula-safe CSV for sales, `npm run leads:export` (docs/requirements.md#durable-capture):
 * the core's columns, then each plugin's through its `leadExport` hook (docs/decisions/0045-privacy-hooks.md).
 */
import { ATTRIBUTION_KEYS, DEMO_REQUEST_FIELDS } from "../../../../src/lib/demo-request";
import type { LeadColumn, LeadExport, LeadExportRow, Plugin } from "../../core/plugin";
import type { PluginSettings } from "../../core/config";
import { csvText } from "../../kit/csv";
import type { JsonBlobs } from "../../kit/json-blobs";
import { requestsFrom, type AddressMatch } from "../../core/leads/lead-address";
import { readLeads, type LeadRecord } from "../../core/leads/lead-record";
import type { LeadStore } from "../../core/leads/lead-store";

/** The core's columns in order; the spam reasons let sales find and recover a request a defence held back. */
const CORE_COLUMNS: readonly LeadColumn[] = [
  ["id", (lead) => lead.id],
  ["receivedAt", (lead) => lead.receivedAt],
  ["state", (lead) => lead.state],
  ...DEMO_REQUEST_FIELDS.map(({ name }): LeadColumn => [name, (lead) => lead.request[name]]),
  ["attempts", (lead) => lead.deliveries.sales.attempts],
  ["sentAt", (lead) => lead.deliveries.sales.sentAt],
  ["lastError", (lead) => lead.deliveries.sales.lastError],
  ["spamReason", (lead) => lead.spamReason],
  ["suspectedSpam", (lead) => lead.suspectedSpam],
  ["releasedAt", (lead) => lead.released?.at],
  ["releasedBy", (lead) => lead.released?.by],
  ...ATTRIBUTION_KEYS.map((key): LeadColumn => [key, (lead) => lead.attribution?.[key]]),
];

/** Each of `plugins`' part of the export, on or off, in their order; rejects when one cannot be loaded. */
export async function leadExports(plugins: readonly Plugin[]): Promise<LeadExport[]> {
  const parts = await Promise.all(plugins.map(async (plugin) => plugin.privacy?.leadExport?.()));
  return parts.filter((part) => part !== undefined);
}

/** The export's columns: the core's, then `parts`' in order. */
export function leadColumns(parts: readonly LeadExport[]): LeadColumn[] {
  return [...CORE_COLUMNS, ...parts.flatMap((part) => part.columns)];
}

/** CSV text of `columns` with a header row, oldest first; a lead's row is `rows`' entry for its id, else empty. */
export function leadsToCsv(
  records: readonly LeadRecord[],
  columns: readonly LeadColumn[],
  rows: ReadonlyMap<string, LeadExportRow> = new Map(),
): string {
  const lines = [...records]
    .sort((a, b) => a.receivedAt.localeCompare(b.receivedAt))
    .map((record) => {
      const row = rows.get(record.id) ?? {};
      return columns.map(([, cell]) => cell(record, row));
    });
  return csvText([columns.map(([name]) => name), ...lines]);
}

/**
 * Every stored lead (or `address`'s) and what `parts` read for each from the lead store's `blobs` with `settings`;
 * malformed leads are logged and left out. May throw.
 */
export async function readLeadsForCsv(options: {
  leads: Pick<LeadStore, "ids" | "get">;
  blobs: JsonBlobs;
  parts: readonly LeadExport[];
  settings?: Partial<PluginSettings>;
  address?: string;
  match?: AddressMatch;
}): Promise<{ records: LeadRecord[]; rows: Map<string, LeadExportRow> }> {
  const { leads, blobs, parts, settings = {}, address, match } = options;
  const stored = await readLeads(leads, await leads.ids(), "the export");
  const records = address ? requestsFrom(stored, address, match) : stored;
  return { records, rows: await readExportRows(records, blobs, parts, settings) };
}

/** What `parts` read for each of `records` from the lead store's `blobs` with `settings`. May throw. */
export async function readExportRows(
  records: readonly LeadRecord[],
  blobs: JsonBlobs,
  parts: readonly LeadExport[],
  settings: Partial<PluginSettings> = {},
): Promise<Map<string, LeadExportRow>> {
  const rows = new Map<string, LeadExportRow>(records.map((record) => [record.id, {}]));
  for (const part of parts) {
    const read = await part.read?.(records, blobs, settings);
    for (const [id, fields] of read ?? []) rows.set(id, { ...rows.get(id), ...fields });
  }
  return rows;
}

/**
 * `records` as the leads export writes them, with `plugins`' columns, each part's fields read from `blobs` with
 * `settings` (the weekly summary's attachment). Rejects when a part cannot be loaded or read.
 */
export async function exportCsv(
  records: readonly LeadRecord[],
  blobs: JsonBlobs,
  plugins: readonly Plugin[],
  settings: Partial<PluginSettings> = {},
): Promise<string> {
  const parts = await leadExports(plugins);
  return leadsToCsv(records, leadColumns(parts), await readExportRows(records, blobs, parts, settings));
}
