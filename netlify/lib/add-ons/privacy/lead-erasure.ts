/**
 * Erasure on request (docs/requirements.md#personal-data; docs/decisions/0018-retention-and-erasure.md):
 * deletes every stored demo request from one inbox (every spelling of it, or with `exact` matching
 * only the address as typed; netlify/lib/core/leads/lead-address.ts), each with its markers, and the
 * inbox's per-address counters. Run by `npm run leads:erase -- <email>`; `--dry-run` only lists what
 * would go (`findRequestsFrom`). There is no erasure endpoint on the site.
 *
 * The report names what was removed by id, arrival time and state, never by the data; the stored
 * spellings of the address that matched are listed apart (`describeErasedAddresses`), for the
 * owner's terminal only. Erasure is complete only when every stored record could be read and
 * every match deleted: a record that could not be read may be from this address, so the report
 * says so and the command fails. A malformed record (netlify/lib/core/leads/lead-record-schema.ts) cannot
 * be matched by its address either: it is logged and listed by id, and `eraseRequestById`
 * (`leads:erase -- --id <id>`) erases it, or any one stored request, by its id.
 */
import { removeBookingEntries } from "../follow-up/follow-up-store";
import { inBatches } from "../../kit/in-batches";
import type { JsonBlobs } from "../../kit/json-blobs";
import { keysErasedWithLead } from "../../kit/storage";
import { requestsFrom, type AddressMatch } from "../../core/leads/lead-address";
import { logMalformedLead, MalformedLeadError } from "../../core/leads/lead-record-schema";
import type { LeadStore } from "../../core/leads/lead-store";
import { maskEmail } from "../../kit/log";

/** The fields of a stored demo request erasure reads. */
export interface ErasableRecord {
  id: string;
  receivedAt: string;
  state: string;
  request: { email: string };
}

/** The store operations erasure needs. */
export interface ErasureStore {
  /** The id of every stored demo request. */
  ids(): Promise<string[]>;
  /** The record, null when none is stored; throws MalformedLeadError for one that is not a lead record. */
  get(id: string): Promise<ErasableRecord | null>;
  /** Deletes the demo request and every marker, index entry or note it has. */
  remove(id: string): Promise<void>;
}

/**
 * `leads` as erasure's store: removing a lead (`LeadStore.remove`) also deletes the keys that
 * netlify/lib/kit/storage.ts says erasure takes with it beside those (`keysErasedWithLead`, e.g. its
 * malformed-lead note), from `blobs`, the lead store `demo-requests` as JsonBlobs
 * (docs/decisions/0034-core-and-add-ons.md).
 */
export function erasureStore(leads: LeadStore, blobs: JsonBlobs): ErasureStore {
  return {
    ids: () => leads.ids(),
    get: (id) => leads.get(id),
    async remove(id) {
      // Booking uid entries are found through the follow-up record, so before the lead's keys go;
      // retention leaves them to the same run's orphan prune.
      await removeBookingEntries(blobs, id);
      await leads.remove(id);
      for (const key of keysErasedWithLead(id)) await blobs.delete(key);
    },
  };
}

/**
 * Entries kept per address (e.g. the confirmation limits of decision 0010), keyed so only the address finds
 * them.
 */
export interface AddressCounters {
  /** Deletes every entry of `address` (normalised); resolves with how many there were. */
  remove(address: string): Promise<number>;
}

/** One stored request that matched: its id, arrival time, state and the address as it was stored (trimmed). */
export interface ErasureMatch {
  id: string;
  receivedAt: string;
  state: string;
  address: string;
}

export interface ErasureReport {
  /** What was deleted, oldest first. */
  removed: ErasureMatch[];
  /** Per-address counter entries deleted, or "unavailable" when that store failed. */
  counters: number | "unavailable";
  /** Ids whose read failed: they may be from this address. */
  unreadable: string[];
  /** Ids of malformed records: they may be from this address (erase them by id). */
  malformed: string[];
  /** Ids from this address whose delete failed. */
  undeleted: string[];
}

/** What a dry run found: the matches, oldest first, the ids it could not read and the malformed ones. */
export interface ErasureFindings {
  matches: ErasureMatch[];
  unreadable: string[];
  malformed: string[];
}

/**
 * Finds the stored requests from `address` without changing anything (`leads:erase --dry-run`;
 * docs/requirements.md#personal-data, decision 0018).
 *
 * @param options store: the lead store; address: as `parseLeadAddress` returns it; match: `inbox`
 *   (default, every spelling of the inbox) or `exact` (the address as typed, any case)
 * @returns the matches oldest first, the ids whose read failed and the malformed ones (each logged);
 *   both may be from this address
 * @throws when the ids cannot be listed
 */
export async function findRequestsFrom(options: {
  store: Pick<ErasureStore, "ids" | "get">;
  address: string;
  match?: AddressMatch;
}): Promise<ErasureFindings> {
  const { store, address, match = "inbox" } = options;
  const records: ErasableRecord[] = [];
  const malformed: string[] = [];
  const unreadable = await inBatches(await store.ids(), async (id) => {
    const record = await store.get(id).catch((error: unknown) => {
      if (!(error instanceof MalformedLeadError)) throw error;
      logMalformedLead(id, "erasure by address");
      malformed.push(id);
      return null;
    });
    if (record) records.push(record);
  });
  const matches = requestsFrom(records, address, match)
    .sort((a, b) => a.receivedAt.localeCompare(b.receivedAt))
    .map(({ id, receivedAt, state, request }) => ({ id, receivedAt, state, address: request.email.trim() }));
  return { matches, unreadable, malformed };
}

/**
 * Erases `address` (docs/requirements.md#personal-data, decision 0018): every stored request that
 * matches (see `findRequestsFrom`), then the address's per-address counters (keyed by its inbox
 * whichever `match` is used).
 *
 * @param options store, counters, address (as `parseLeadAddress` returns it), match (`inbox` by default)
 * @returns what was removed (with each stored spelling) and what could not be read, deleted or reached
 * @throws when the ids cannot be listed; a record's read or delete failing, or the counters'
 *   store failing, is reported instead
 */
export async function eraseRequestsFrom(options: {
  store: ErasureStore;
  counters: AddressCounters;
  address: string;
  match?: AddressMatch;
}): Promise<ErasureReport> {
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

/**
 * Erases the one stored request `id` (`leads:erase -- --id <id>`; docs/requirements.md#personal-data,
 * decision 0018), also when its record is malformed: the record, its markers and notes. The inbox's
 * per-address counters are not touched (erase by address for those). With `dryRun`, only looks.
 *
 * @returns what was stored: `lead` (a lead record), `malformed` or `absent`; all but `absent` erased
 *   unless `dryRun`
 * @throws when the store fails
 */
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

/**
 * The command's report (docs/requirements.md#personal-data, decision 0018): lines to print (the
 * address asked for masked, e.g. `j***@a***.com`) and whether the erasure is complete (the
 * command exits 0 only then). Names requests by id, date and state only; with
 * `options.addresses` the stored spellings erased follow the list (`describeErasedAddresses`,
 * with `options.match` naming how they matched), which `leads:erase` shows its owner.
 */
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
  lines.push(...notChecked(report.unreadable), ...notMatched(report.malformed));
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

/**
 * The stored spellings of the address among `matches`, each once, in the order first met, e.g.
 * `["alice@corp.example", "Alice+x@corp.example"]`.
 */
function spellings(matches: readonly ErasureMatch[]): string[] {
  return [...new Set(matches.map((match) => match.address))];
}

function matchedBy(match: AddressMatch): string {
  return match === "exact" ? "the address as typed, any case" : "every stored spelling of its inbox";
}

function notMatched(malformed: readonly string[]): string[] {
  return malformed.length > 0
    ? [
        `NOT CHECKED: ${malformed.length} stored record(s) are malformed and cannot be matched to an ` +
          `address: ${malformed.join(", ")}. Inspect each (key leads/<id> in the Blobs store ` +
          "demo-requests) and, if it is this person's, erase it with `npm run leads:erase -- --id <id>`.",
      ]
    : [];
}

function notChecked(unreadable: readonly string[]): string[] {
  return unreadable.length > 0
    ? [
        `NOT CHECKED: ${unreadable.length} stored record(s) could not be read and may be from this ` +
          `address: ${unreadable.join(", ")}.`,
      ]
    : [];
}

/**
 * The stored spellings of the address that `leads:erase` erased, in clear, for the owner who
 * asked (docs/requirements.md#personal-data, decision 0018): they see which spellings matched.
 * Only addresses, never a name, phone number, company or message; empty when nothing was removed.
 *
 * @param report what `eraseRequestsFrom` returned
 * @param match how it matched (`inbox` by default), named in the heading
 * @returns lines to print, e.g. `["Addresses erased (...):", "  alice@corp.example"]`
 */
export function describeErasedAddresses(report: ErasureReport, match: AddressMatch = "inbox"): string[] {
  const addresses = spellings(report.removed);
  if (addresses.length === 0) return [];
  return [`Addresses erased (${matchedBy(match)}):`, ...addresses.map((address) => `  ${address}`)];
}

/**
 * The report of `leads:erase --dry-run` (docs/requirements.md#personal-data, decision 0018): each
 * matching request's id, stored address, arrival time and state, and the distinct addresses that
 * would be erased; nothing else of the requests. `complete` is false when a record could not be
 * read or is malformed (it may be from this address).
 *
 * @param findings what `findRequestsFrom` returned
 * @param address the address asked for (shown masked, as in `describeErasure`)
 * @param match how it matched (`inbox` by default)
 */
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
  lines.push(...notChecked(findings.unreadable), ...notMatched(findings.malformed));
  return { lines, complete: findings.unreadable.length === 0 && findings.malformed.length === 0 };
}
