/**
 * Erasure on request (docs/requirements.md#personal-data; docs/decisions/0018-retention-and-erasure.md):
 * deletes every stored demo request from one address (matched as netlify/lib/leads/lead-address.ts says),
 * each with its markers, and the address's per-address counters. Run by `npm run leads:erase -- <email>`;
 * there is no erasure endpoint on the site.
 *
 * The report names what was removed by id, arrival time and state, never by the data. Erasure is
 * complete only when every stored record could be read and every match deleted: a record that
 * could not be read may be from this address, so the report says so and the command fails.
 */
import { inBatches } from "../in-batches";
import { requestsFrom } from "../leads/lead-address";
import { maskEmail } from "../text";

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
  get(id: string): Promise<ErasableRecord | null>;
  /** Deletes the demo request and every marker or index entry it has. */
  remove(id: string): Promise<void>;
}

/**
 * Entries kept per address (e.g. the confirmation limits of decision 0010), keyed so only the address finds
 * them.
 */
export interface AddressCounters {
  /** Deletes every entry of `address` (normalised); resolves with how many there were. */
  remove(address: string): Promise<number>;
}

export interface ErasureReport {
  /** What was deleted, oldest first. */
  removed: Array<{ id: string; receivedAt: string; state: string }>;
  /** Per-address counter entries deleted, or "unavailable" when that store failed. */
  counters: number | "unavailable";
  /** Ids whose read failed: they may be from this address. */
  unreadable: string[];
  /** Ids from this address whose delete failed. */
  undeleted: string[];
}

/**
 * Erases `address` (already normalised by `parseLeadAddress`). Listing the ids may throw; a
 * record's read or delete failing, or the counters' store failing, is reported instead.
 */
export async function eraseRequestsFrom(options: {
  store: ErasureStore;
  counters: AddressCounters;
  address: string;
}): Promise<ErasureReport> {
  const { store, counters, address } = options;
  const records: ErasableRecord[] = [];
  const unreadable = await inBatches(await store.ids(), async (id) => {
    const record = await store.get(id);
    if (record) records.push(record);
  });
  const matches = requestsFrom(records, address).sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
  const undeleted = await inBatches(
    matches.map((record) => record.id),
    (id) => store.remove(id),
  );
  const removed = matches
    .filter((record) => !undeleted.includes(record.id))
    .map(({ id, receivedAt, state }) => ({ id, receivedAt, state }));
  const removedCounters = await counters.remove(address).catch(() => "unavailable" as const);
  return { removed, counters: removedCounters, unreadable, undeleted };
}

/**
 * The command's report: lines to print (the address masked, e.g. `j***@a***.com`) and whether
 * the erasure is complete (the command exits 0 only then).
 */
export function describeErasure(
  report: ErasureReport,
  address: string,
): { lines: string[]; complete: boolean } {
  const who = maskEmail(address);
  const lines =
    report.removed.length > 0
      ? [
          `Erased ${report.removed.length} stored demo request(s) from ${who}:`,
          ...report.removed.map((r) => `  ${r.id}  received ${r.receivedAt}  (${r.state})`),
        ]
      : [`No stored demo request from ${who}.`];
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
  if (report.unreadable.length > 0) {
    lines.push(
      `NOT CHECKED: ${report.unreadable.length} stored record(s) could not be read and may be from this ` +
        `address: ${report.unreadable.join(", ")}.`,
    );
  }
  const complete =
    report.undeleted.length === 0 && report.unreadable.length === 0 && report.counters !== "unavailable";
  if (!complete) lines.push("Erasure is incomplete; run the command again.");
  lines.push(
    "Not reached by this command: SendGrid's activity history, the sales inbox, and any CRM or webhook " +
      "receiver (README, data map: what erasure cannot reach).",
  );
  return { lines, complete };
}
