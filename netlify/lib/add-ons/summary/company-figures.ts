/**
 * A week's companies as the weekly summary and the report count them (docs/requirements.md#know-the-company,
 * docs/decisions/0050-company-match.md): new and returning companies among the week's counted leads, and the
 * companies with more than one request, from the core's `leadCompanies` hook. Leads held or closed as spam are
 * neither counted nor listed.
 */
import type { LeadCompany } from "../../core/add-on";
import type { LeadRecord } from "../../core/leads/lead-record";
import { weekBounds, weekOf } from "../../kit/business-hours";
import { isReported, type ReportLead } from "./report";

/** Companies with more than one request listed by the summary and the report; the rest are counted. */
export const REPEATED_SHOWN = 10;

/** The companies of `leads` and whether each asked before `since`; undefined when no add-on knows them. May reject. */
export type CompaniesOf = (
  leads: readonly LeadRecord[],
  since: Date,
) => Promise<ReadonlyMap<string, LeadCompany>> | undefined;

export interface CompanyFigures {
  newCompanies: number;
  returningCompanies: number;
  /** Companies (their domain, visitor text) with more than one request, most requests first, then by name. */
  repeated: { company: string; requests: number }[];
}

/** The figures of `items` (one week's leads) against `since`, the week's start; undefined without the hook. */
export async function companyFigures(
  items: readonly ReportLead[],
  since: Date,
  companiesOf: CompaniesOf | undefined,
): Promise<CompanyFigures | undefined> {
  const counted = items.filter((item) => isReported(item)).map((item) => item.lead);
  const companies = await companiesOf?.(counted, since);
  if (!companies) return undefined;
  const byCompany = [...Map.groupBy(companies.values(), (entry) => entry.company)];
  const returning = byCompany.filter(([, entries]) => entries[0].returning).length;
  return {
    newCompanies: byCompany.length - returning,
    returningCompanies: returning,
    repeated: byCompany
      .filter(([, entries]) => entries.length > 1)
      .map(([company, entries]) => ({ company, requests: entries.length }))
      .sort((a, b) => b.requests - a.requests || a.company.localeCompare(b.company)),
  };
}

/** Each ISO week's figures (in `zone`) among `items`, the week's start as `since`; empty without the hook. May reject. */
export async function weeklyCompanyFigures(
  items: readonly ReportLead[],
  zone: string,
  companiesOf: CompaniesOf | undefined,
): Promise<Map<string, CompanyFigures>> {
  const weeks = new Map<string, CompanyFigures>();
  if (!companiesOf) return weeks;
  for (const [week, group] of Map.groupBy(items, (item) => weekOf(item.lead.receivedAt, zone))) {
    const figures = await companyFigures(group, weekBounds(week, zone).start, companiesOf);
    if (figures) weeks.set(week, figures);
  }
  return weeks;
}
