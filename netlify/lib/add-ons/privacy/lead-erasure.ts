/**
 * Erasure on request, `npm run leads:erase` (docs/decisions/0018-retention-and-erasure.md). Reports name requests by
 * id, time and state; an unreadable or malformed record leaves it incomplete, as it may be from this address.
 */
import type { PartnerCopy, Plugin } from "../../core/plugin";
import { inBatches } from "../../kit/jobs";
import type { JsonBlobs } from "../../kit/json-blobs";
import { keysErasedWithLead } from "../../kit/storage";
import { requestsFrom, type AddressMatch } from "../../core/leads/lead-address";
import {
  logMalformedLead,
  MalformedLeadError,
  readEach,
  type LeadRecord,
} from "../../core/leads/lead-record";
import type { LeadStore } from "../../core/leads/lead-store";
import { maskEmail } from "../../kit/log";
import type { Env } from "../../kit/settings";

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

/**
 * Erases every request `findRequestsFrom` matches (or those of `found`, its findings shown to the owner already),
 * then the inbox's counters; throws only when ids cannot be listed.
 */
export async function eraseRequestsFrom(options: {
  store: ErasureStore;
  counters: AddressCounters;
  address: string;
  match?: AddressMatch;
  found?: ErasureFindings;
}) {
  const { store, counters, address, match, found } = options;
  const { matches, unreadable, malformed } = found ?? (await findRequestsFrom({ store, address, match }));
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

/** A partner's copy of one stored request: the request, the partner's record of it, and how to erase it. */
export interface HeldCopy {
  leadId: string;
  recordId: string;
  copy: PartnerCopy;
}

/**
 * The copies partners keep of requests `ids`, as `plugins`' `partnerCopy` hooks find them on each lead read from
 * `leads` (docs/decisions/0045-privacy-hooks.md, docs/decisions/0049-hubspot-plugin.md); a request that cannot be
 * read is `unchecked`. Reads no lead when no plugin reports a partner. Never throws for one request.
 */
export async function findPartnerCopies(options: {
  leads: { get(id: string): Promise<LeadRecord | null> };
  ids: readonly string[];
  plugins: readonly Plugin[];
}): Promise<{ held: HeldCopy[]; unchecked: string[] }> {
  const { leads, ids, plugins } = options;
  const copies: PartnerCopy[] = [];
  for (const plugin of plugins) {
    const copy = await plugin.privacy?.partnerCopy?.();
    if (copy) copies.push(copy);
  }
  const held: HeldCopy[] = [];
  const unchecked: string[] = [];
  if (copies.length === 0) return { held, unchecked };
  for (const leadId of ids) {
    const lead = await leads.get(leadId).catch(() => undefined);
    if (lead === undefined) unchecked.push(leadId);
    for (const copy of lead ? copies : []) {
      const recordId = copy.recordOf(lead!);
      if (recordId !== undefined) held.push({ leadId, recordId, copy });
    }
  }
  return { held, unchecked };
}

const named = ({ copy, recordId }: HeldCopy) => `${copy.record} ${recordId}`;

/**
 * What `leads:erase` says of the copies found before it erases anything: each copy, and, unless `crm` (the owner
 * asked for them), that this command leaves it; the requests it could not check. Ids only, never an address.
 */
export function describePartnerCopies(
  found: { held: readonly HeldCopy[]; unchecked: readonly string[] },
  crm: boolean,
): string[] {
  const lines = found.held.map((held) =>
    crm
      ? `${held.copy.holder} holds a copy of request ${held.leadId} (${named(held)}).`
      : `${held.copy.holder} holds a copy of request ${held.leadId} (${named(held)}); it is not erased by this ` +
        `command. Run again with --crm to ask ${held.copy.holder} to delete it.`,
  );
  if (found.unchecked.length > 0) {
    lines.push(
      `NOT CHECKED for a partner's copy: ${found.unchecked.length} request(s) could not be read: ` +
        `${found.unchecked.join(", ")}.`,
    );
  }
  return lines;
}

/** The question `leads:erase --crm` asks before a partner deletes `held`. */
export const partnerQuestion = (held: HeldCopy) =>
  `Ask ${held.copy.holder} to delete ${named(held)} and everything ${held.copy.holder} holds on it? ` +
  "This cannot be undone. [y/N] ";

/** Whether `answer` to `partnerQuestion` is a yes: y or yes, any case; anything else declines. */
export const isYes = (answer: string) => /^\s*y(es)?\s*$/i.test(answer);

/**
 * `leads:erase --crm`: asks `confirm` about every copy first; if any is declined, no partner is asked and
 * `declined` is true. Else has each partner erase its record by the stored id, with `env` (its settings), and
 * reports each answer. `ok` is false when a partner did not confirm the erasure. Never throws while `confirm` does not.
 */
export async function erasePartnerCopies(options: {
  held: readonly HeldCopy[];
  env: Env;
  confirm: (question: string) => Promise<boolean>;
}): Promise<{ lines: string[]; ok: boolean; declined: boolean }> {
  const { held, env, confirm } = options;
  const declined: HeldCopy[] = [];
  for (const copy of held) if (!(await confirm(partnerQuestion(copy)))) declined.push(copy);
  if (declined.length > 0) {
    return {
      lines: [
        `Nothing was sent or erased: declined for ${declined.map(named).join(", ")}. Run again to answer ` +
          "again, or without --crm to erase the site's records only.",
      ],
      ok: false,
      declined: true,
    };
  }
  const lines: string[] = [];
  let ok = true;
  for (const copy of held) {
    const answer = await copy.copy.erase(copy.recordId, env);
    ok &&= answer.ok;
    lines.push(
      answer.ok
        ? answer.line
        : `NOT ERASED by ${copy.copy.holder} (request ${copy.leadId}): ${answer.line} Delete ${named(copy)} ` +
            `in ${copy.copy.holder} by hand; the site's record, which names it, is erased below.`,
    );
  }
  return { lines, ok, declined: false };
}
