/**
 * The leads export as the plugins make it, synchronously, for tests that hold the records: the core's columns, the
 * e-mail class's, follow-up's and company match's, with follow-up rows from `followUps` and `hours`. The plugins' hooks give the same
 * columns (tests/unit/add-ons/privacy/leads-csv.test.ts).
 */
import type { LeadRecord } from "../../netlify/lib/core/leads/lead-record";
import type { PluginSettings } from "../../netlify/lib/core/config";
import type { JsonBlobs } from "../../netlify/lib/kit/json-blobs";
import type { BusinessHours } from "../../netlify/lib/kit/business-hours";
import type { FollowUp } from "../../netlify/lib/add-ons/follow-up/follow-up-record";
import { followUpExport, followUpRows } from "../../netlify/lib/add-ons/follow-up/lead-export";
import { EMAIL_CLASS_COLUMN } from "../../netlify/lib/add-ons/email-class/email-class";
import { leadColumns, leadsToCsv as csvOf } from "../../netlify/lib/add-ons/privacy/leads-csv";
import { companyMatchExport, companyMatchRows } from "../../netlify/lib/add-ons/company-match/lead-export";
import type { LeadExportRow } from "../../netlify/lib/core/plugin";

export const EXPORT_COLUMNS = leadColumns([
  { columns: [EMAIL_CLASS_COLUMN] },
  followUpExport,
  companyMatchExport,
]);

// Follow-up's rows with company match's, which it computes from the records themselves.
const withMatches = (records: readonly LeadRecord[], rows: ReadonlyMap<string, LeadExportRow>) => {
  const matches = companyMatchRows(records);
  return new Map(records.map((r) => [r.id, { ...rows.get(r.id), ...matches.get(r.id) }]));
};

export function leadsToCsv(
  records: readonly LeadRecord[],
  followUps: ReadonlyMap<string, FollowUp | "damaged"> = new Map(),
  hours?: BusinessHours,
): string {
  return csvOf(records, EXPORT_COLUMNS, withMatches(records, followUpRows(records, followUps, hours)));
}

/** The export of `records` with follow-up's rows read from the lead store's `blobs` as the plugin reads them. */
export async function storedLeadsCsv(
  records: readonly LeadRecord[],
  blobs: JsonBlobs,
  settings: Partial<PluginSettings> = {},
): Promise<string> {
  return csvOf(
    records,
    EXPORT_COLUMNS,
    withMatches(records, await followUpExport.read!(records, blobs, settings)),
  );
}
