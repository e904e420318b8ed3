/**
 * Company match's columns of the leads export (docs/decisions/0050-company-match.md, 0045-privacy-hooks.md):
 * `returning`, "true" when an earlier lead came from the same inbox, and `relatedLeads`, how many other leads share
 * the lead's inbox or its company's domain. Both count among the leads exported together (every stored lead for
 * `leads:export`, the week's for the summary's attachment), in memory, without a read. Leads held as spam neither
 * count nor are counted; a lead closed as spam is counted, as follow-up's close reason is not this plugin's to read.
 */
import { inboxOf } from "../../core/leads/lead-address";
import type { LeadRecord } from "../../core/leads/lead-record";
import type { LeadColumn, LeadExport, LeadExportRow } from "../../core/plugin";
import { companyDomain } from "./domain";

declare module "../../core/plugin" {
  interface LeadExportRow {
    /** The lead's matches among the leads exported with it; absent for a lead held as spam. */
    companyMatch?: { returning: boolean; relatedLeads: number };
  }
}

/** Each counted lead's row: whether its inbox asked earlier, and how many others share its inbox or company. */
export function companyMatchRows(leads: readonly LeadRecord[]): Map<string, LeadExportRow> {
  const counted = leads
    .filter((lead) => lead.state !== "spam")
    .map((lead) => ({ lead, inbox: inboxOf(lead.request.email), domain: companyDomain(lead.request.email) }));
  const byInbox = Map.groupBy(counted, (entry) => entry.inbox);
  const byDomain = Map.groupBy(counted, (entry) => entry.domain);
  const first = new Map(
    [...byInbox].map(([inbox, group]) => [inbox, group.map((e) => e.lead.receivedAt).sort()[0]] as const),
  );
  return new Map(
    counted.map(({ lead, inbox, domain }) => {
      const sameInbox = byInbox.get(inbox)!;
      const colleagues = domain
        ? byDomain.get(domain)!.length - sameInbox.filter((e) => e.domain === domain).length
        : 0;
      const companyMatch = {
        returning: lead.receivedAt > first.get(inbox)!,
        relatedLeads: sameInbox.length - 1 + colleagues,
      };
      return [lead.id, { companyMatch }] as const;
    }),
  );
}

const COLUMNS: readonly LeadColumn[] = [
  ["returning", (_, { companyMatch }) => companyMatch && String(companyMatch.returning)],
  ["relatedLeads", (_, { companyMatch }) => companyMatch?.relatedLeads],
];

/** Company match's part of the export: its columns, computed from the exported leads themselves. */
export const companyMatchExport: LeadExport = {
  columns: COLUMNS,
  read: async (leads) => companyMatchRows(leads),
};
