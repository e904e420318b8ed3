/**
 * Erasure on request, `npm run leads:erase` (docs/decisions/0018-retention-and-erasure.md). Reports name requests by
 * id, time and state; an unreadable or malformed record leaves it incomplete, as it may be from this address.
 */
import type { Plugin } from "../../core/plugin";
import { inBatches } from "../../kit/jobs";
import type { JsonBlobs } from "../../kit/json-blobs";
import { keysErasedWithLead } from "../../kit/storage";
import { requestsFrom, type AddressMatch } from "../../core/leads/lead-address";
import { logMalformedLead, MalformedLeadError, readEach } from "../../core/leads/lead-record";
import type { LeadStore } from "../../core/leads/lead-store";
import { maskEmail } from "../../kit/log";

export interface ErasableRecord {
  id: string;
  receivedAt: string;
  state: string;
  request: { email: string };
}

export interface ErasureStore {
  ids(): Promise<string[]>;
  /** The record, null when none is stored; throws MalformedLeadError for one that is not a lead record. */
  get(id: string): Promise<ErasableRecord | null>;
  remove(id: string): Promise<void>;
}

/**
 * `leads` as erasure's store; removal first runs each of `plugins`' `eraseLead` (on or off), then takes the lead and
 * what netlify/lib/kit/storage.ts erases with it (docs/decisions/0045-privacy-hooks.md). `remove` may throw.
 */
export function erasureStore(leads: LeadStore, blobs: JsonBlobs, plugins: readonly Plugin[]): ErasureStore {
  return {
    ids: () => leads.ids(),
    get: (id) => leads.get(id),
    async remove(id) {
      // What a plugin finds only through its own record of the lead goes before that record does.
      for (const plugin of plugins) await plugin.privacy?.eraseLead?.(blobs, id);
      await leads.remove(id);
      for (const key of keysErasedWithLead(id)) await blobs.delete(key);
    },
  };
}

/** Per-address entries (e.g. the confirmation limits of decision 0010), keyed so only the address finds them. */
export interface AddressCounters {
  remove(address: string): Promise<number>;
}

type ErasureFindings = Awaited<ReturnType<typeof findRequestsFrom>>;

type ErasureReport = Awaited<ReturnType<typeof eraseRequestsFrom>>;

/** Finds the requests from `address` (by `inbox`, the default, or `exact`), changing nothing. May throw. */
export async function findRequestsFrom(options: {
  store: Pick<ErasureStore, "ids" | "get">;
  address: string;
  match?: AddressMatch;
}) {
  const { store, address, match = "inbox" } = options;
  const { records, unreadable, malformed } = await readEach(store, await store.ids());
  for (const id of malformed) logMalformedLead(id, "erasure by address");
  const matches = requestsFrom(records, address, match)
    .sort((a, b) => a.receivedAt.localeCompare(b.receivedAt))
    .map(({ id, receivedAt, state, request }) => ({ id, receivedAt, state, address: request.email.trim() }));
  return { matches, unreadable, malformed };
}

/** Erases every request `findRequestsFrom` matches, then the inbox's counters; throws only when ids cannot be listed. */
export async function eraseRequestsFrom(options: {
  store: ErasureStore;
  counters: AddressCounters;
  address: string;
  match?: AddressMatch;
}) {
  const { store, counters, address, match } = options;
  const { matches, unreadable, malformed } = await findRequestsFrom({ store, address, match });
  const undeleted = await inBatches(
    matches.map((record) => record.id),
    (id) => store.remove(id),
  );
  const removed = matches.filter((record) => !undeleted.includes(record.id));
  const removedCounters = await counters.remove(address).catch(() => "unavailable" as const);
  return { removed, counters: removedCounters, unreadable, malformed, undeleted };
}

/** Erases the one stored request `id`, malformed or not, with its markers; resolves what was stored. May throw. */
export async function eraseRequestById(options: {
  store: Pick<ErasureStore, "get" | "remove">;
  id: string;
  dryRun?: boolean;
}): Promise<"lead" | "malformed" | "absent"> {
  const { store, id, dryRun = false } = options;
  const found = await store.get(id).then(
    (record) => (record ? ("lead" as const) : ("absent" as const)),
    (error: unknown) => {
      if (error instanceof MalformedLeadError) return "malformed" as const;
      throw error;
    },
  );
  if (found !== "absent" && !dryRun) await store.remove(id);
  return found;
}

/** The report of `leads:erase -- --id <id>`: one line, by id only. */
export function describeErasureById(
  found: "lead" | "malformed" | "absent",
  id: string,
  dryRun = false,
): string {
  if (found === "absent") return `No stored demo request ${id}.`;
  const what = found === "malformed" ? "malformed stored record" : "stored demo request";
  return dryRun
    ? `Dry run: the ${what} ${id} would be erased, with its markers and notes.`
    : `Erased the ${what} ${id}, with its markers and notes (not the inbox's per-address counters).`;
}

/** The command's report (address masked) and whether the erasure is complete; `options.addresses` adds the spellings erased. */
export function describeErasure(
  report: ErasureReport,
  address: string,
  options: { addresses?: boolean; match?: AddressMatch } = {},
): { lines: string[]; complete: boolean } {
  const who = maskEmail(address);
  const lines =
    report.removed.length > 0
      ? [
          `Erased ${report.removed.length} stored demo request(s) from ${who}:`,
          ...report.removed.map((r) => `  ${r.id}  received ${r.receivedAt}  (${r.state})`),
        ]
      : [`No stored demo request from ${who}.`];
  if (options.addresses) lines.push(...describeErasedAddresses(report, options.match));
  lines.push(
    report.counters === "unavailable"
      ? "NOT ERASED: the per-address counters could not be reached."
      : `Per-address counter entries removed: ${report.counters}.`,
  );
  if (report.undeleted.length > 0) {
    lines.push(
      `NOT ERASED: ${report.undeleted.length} request(s) could not be deleted: ${report.undeleted.join(", ")}.`,
    );
  }
  lines.push(...notChecked(report));
  const retry =
    report.undeleted.length > 0 || report.unreadable.length > 0 || report.counters === "unavailable";
  const complete = !retry && report.malformed.length === 0;
  if (retry) lines.push("Erasure is incomplete; run the command again.");
  else if (!complete) lines.push("Erasure is not proven complete until the malformed record(s) are checked.");
  lines.push(
    "Not reached by this command: SendGrid's activity history, the sales inbox, and any CRM or webhook " +
      "receiver (README, data map: what erasure cannot reach).",
  );
  return { lines, complete };
}

function spellings(matches: readonly { address: string }[]): string[] {
  return [...new Set(matches.map((match) => match.address))];
}

function matchedBy(match: AddressMatch): string {
  return match === "exact" ? "the address as typed, any case" : "every stored spelling of its inbox";
}

function notChecked({ unreadable, malformed }: { unreadable: string[]; malformed: string[] }): string[] {
  const lines: string[] = [];
  if (unreadable.length > 0) {
    lines.push(
      `NOT CHECKED: ${unreadable.length} stored record(s) could not be read and may be from this ` +
        `address: ${unreadable.join(", ")}.`,
    );
  }
  if (malformed.length > 0) {
    lines.push(
      `NOT CHECKED: ${malformed.length} stored record(s) are malformed and cannot be matched to an ` +
        `address: ${malformed.join(", ")}. Inspect each (key leads/<id> in the Blobs store ` +
        "demo-requests) and, if it is this person's, erase it with `npm run leads:erase -- --id <id>`.",
    );
  }
  return lines;
}

/** The stored spellings `leads:erase` erased, in clear for the owner who asked; only addresses. */
export function describeErasedAddresses(report: ErasureReport, match: AddressMatch = "inbox"): string[] {
  const addresses = spellings(report.removed);
  if (addresses.length === 0) return [];
  return [`Addresses erased (${matchedBy(match)}):`, ...addresses.map((address) => `  ${address}`)];
}

/** The `--dry-run` report: each match and the addresses that would go; incomplete when a record was unreadable or malformed. */
export function describeDryRun(
  findings: ErasureFindings,
  address: string,
  match: AddressMatch = "inbox",
): { lines: string[]; complete: boolean } {
  const who = maskEmail(address);
  const lines = ["Dry run: nothing was erased."];
  if (findings.matches.length === 0) {
    lines.push(`No stored demo request matches ${who} (${matchedBy(match)}).`);
  } else {
    lines.push(
      `${findings.matches.length} stored demo request(s) match ${who} (${matchedBy(match)}):`,
      ...findings.matches.map((m) => `  ${m.id}  ${m.address}  received ${m.receivedAt}  (${m.state})`),
      "Addresses that would be erased:",
      ...spellings(findings.matches).map((spelling) => `  ${spelling}`),
    );
  }
  lines.push("The inbox's per-address counter entry, if any, would be removed too.");
  lines.push(...notChecked(findings));
  return { lines, complete: findings.unreadable.length === 0 && findings.malformed.length === 0 };
}
