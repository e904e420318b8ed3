/**
 * Matches a lead to earlier stored leads (docs/decisions/0050-company-match.md): by its inbox (a returning
 * prospect) and by its company's index of keyed hashes (colleagues), reading two index lists and at most
 * MAX_RELATED leads with their follow-up views, newest first. A lead held or closed as spam is never matched.
 */
import type { AddOn } from "../../core/add-on";
import { followUpViewOf, type FollowUpView } from "../../core/follow-up-hooks";
import type { LeadRecord } from "../../core/leads/lead-record";
import type { LeadStore } from "../../core/leads/lead-store";
import type { JsonBlobs } from "../../kit/json-blobs";
import { companyIndexKey } from "../../kit/keys";
import { errorName, logError } from "../../kit/log";
import { keyOf, STORAGE } from "../../kit/storage";
import { companyDomain } from "./domain";

/** The most related leads read for one match; the rest are counted. */
export const MAX_RELATED = 20;

/** Where a match reads: the lead store's Blobs (the company index), the lead store, the add-ons on (follow-up's view). */
export interface MatchDeps {
  blobs: Pick<JsonBlobs, "keys">;
  leads: Pick<LeadStore, "get" | "idsFromInbox">;
  addOns: readonly AddOn[];
  secret: string;
}

export interface Related {
  lead: LeadRecord;
  view?: FollowUpView;
  /** Same inbox (the same person), or only the same company. */
  via: "inbox" | "company";
}

/** A lead's match: its company's domain (none for free mail and the like), the related leads read, those not read. */
export interface Match {
  domain?: string;
  related: Related[];
  more: number;
  /** Store operations made: index lists and lead reads (each with its follow-up view). */
  reads: { indexes: number; leads: number };
}

/** Lead `lead`'s company index key, `companies/<key>/<arrival>_<id>`; undefined for an address of no company. */
export function companyEntryOf(lead: LeadRecord, secret: string): string | undefined {
  const domain = companyDomain(lead.request.email);
  return domain && keyOf("companies", `${companyIndexKey(secret, domain)}/${lead.receivedAt}_${lead.id}`);
}

const ENTRY = /^(\d{4}-\d\d-\d\dT[\d:.]+Z)_([0-9a-f-]{36})$/;

/** The index prefix of `domain`'s company, `companies/<key>/`. */
export const companyPrefix = (secret: string, domain: string) =>
  `${STORAGE.companies.prefix}${companyIndexKey(secret, domain)}/`;

/** The entries under a company's index, newest first; a damaged entry is logged and skipped. */
export async function companyEntries(
  blobs: MatchDeps["blobs"],
  prefix: string,
): Promise<{ at: string; id: string }[]> {
  const entries: { at: string; id: string }[] = [];
  for (const key of await blobs.keys(prefix)) {
    const found = ENTRY.exec(key.slice(prefix.length));
    if (found) entries.push({ at: found[1], id: found[2] });
    else
      logError("DAMAGED INDEX ENTRY: a company index key is not an arrival and a lead id; skipped", { key });
  }
  return entries.sort((a, b) => b.at.localeCompare(a.at));
}

/** Reads lead `id` and its view; the lead when it is stored and neither held nor closed as spam. May throw. */
export async function readCounted(
  id: string,
  deps: Pick<MatchDeps, "leads" | "addOns">,
): Promise<{ lead: LeadRecord; view?: FollowUpView } | undefined> {
  const lead = await deps.leads.get(id);
  if (!lead || lead.state === "spam") return undefined;
  const view = await followUpViewOf(deps.addOns, id);
  return view?.closedReason === "spam" ? undefined : { lead, view };
}

/** Reads `id` and its view; undefined when gone, unreadable or held or closed as spam. */
async function readRelated(id: string, via: Related["via"], deps: MatchDeps): Promise<Related | undefined> {
  try {
    const counted = await readCounted(id, deps);
    return counted && { ...counted, via };
  } catch (error) {
    logError("a related lead was not read; it is left out", { requestId: id, reason: errorName(error) });
    return undefined;
  }
}

/** The leads related to `lead`, newest first within each kind (its inbox first); never `lead` itself. */
export async function matchLead(lead: LeadRecord, deps: MatchDeps): Promise<Match> {
  const domain = companyDomain(lead.request.email);
  const reads = { indexes: 0, leads: 0 };
  const inboxIds = lead.inboxKey ? (reads.indexes++, await deps.leads.idsFromInbox(lead.inboxKey)) : [];
  const prefix = domain && companyPrefix(deps.secret, domain);
  const companyList = prefix
    ? (reads.indexes++, (await companyEntries(deps.blobs, prefix)).map((entry) => entry.id))
    : [];
  const inbox = new Set(inboxIds.filter((id) => id !== lead.id));
  const candidates = [
    ...[...inbox].map((id) => ({ id, via: "inbox" as const })),
    ...companyList
      .filter((id) => id !== lead.id && !inbox.has(id))
      .map((id) => ({ id, via: "company" as const })),
  ];
  const read = candidates.slice(0, MAX_RELATED);
  reads.leads = read.length;
  const related = await Promise.all(read.map(({ id, via }) => readRelated(id, via, deps)));
  return {
    ...(domain ? { domain } : {}),
    related: related.filter((r) => r !== undefined),
    more: candidates.length - read.length,
    reads,
  };
}
