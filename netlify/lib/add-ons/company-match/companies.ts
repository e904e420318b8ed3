/**
 * Each lead's company and whether it asked before a given instant (docs/decisions/0050-company-match.md), for the
 * weekly summary's and the report's company figures: one company index list per company, then its earlier
 * entries newest first, read one by one until one is neither held nor closed as spam, at most MAX_RELATED.
 */
import type { LeadCompany } from "../../core/add-on";
import type { LeadRecord } from "../../core/leads/lead-record";
import { companyDomain } from "./domain";
import { companyEntries, companyPrefix, MAX_RELATED, readCounted, type MatchDeps } from "./match";

/** Whether `domain`'s company has a counted request before `since` other than `leads`; at most MAX_RELATED reads. May throw. */
async function askedBefore(
  domain: string,
  since: string,
  leads: ReadonlySet<string>,
  deps: MatchDeps,
): Promise<boolean> {
  const earlier = (await companyEntries(deps.blobs, companyPrefix(deps.secret, domain))).filter(
    (entry) => entry.at < since && !leads.has(entry.id),
  );
  for (const { id } of earlier.slice(0, MAX_RELATED)) {
    if (await readCounted(id, deps)) return true;
  }
  return false;
}

/**
 * The company of each of `leads` (by lead id) whose address has one and that is not held as spam, with whether the
 * company made a counted request before `since`. Rejects when the store cannot be read.
 */
export async function leadCompanies(
  leads: readonly LeadRecord[],
  since: string,
  deps: MatchDeps,
): Promise<Map<string, LeadCompany>> {
  const byCompany = Map.groupBy(
    leads.filter((lead) => lead.state !== "spam"),
    (lead) => companyDomain(lead.request.email),
  );
  byCompany.delete(undefined);
  const ids = new Set(leads.map((lead) => lead.id));
  const companies = new Map<string, LeadCompany>();
  for (const [company, group] of byCompany as Map<string, LeadRecord[]>) {
    const returning = await askedBefore(company, since, ids, deps);
    for (const lead of group) companies.set(lead.id, { company, returning });
  }
  return companies;
}
