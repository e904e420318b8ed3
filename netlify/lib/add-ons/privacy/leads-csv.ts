/**
 * Stored demo requests as CSV for the sales team (docs/requirements.md#durable-capture;
 * `npm run leads:export`): RFC 4180 (CRLF line ends, every field quoted, quotes doubled) and neutralised
 * against spreadsheet formula injection: a value whose first non-space character, after Unicode NFKC
 * normalisation, is = + - @ (or tab/CR) gets a leading apostrophe (`neutraliseFormula`, netlify/lib/kit/csv.ts).
 * The follow-up columns (docs/requirements.md#follow-up) say who holds each lead and how fast it was taken.
 * The six request columns come from the field table (src/lib/demo-request.ts), the source columns from the
 * attribution keys (src/lib/attribution.ts). A malformed stored record is logged by id and left out
 * (`readLeadsForCsv`).
 */
import { ATTRIBUTION_KEYS, DEMO_REQUEST_FIELDS } from "../../../../src/lib/demo-request";
import type { BusinessHours } from "../../core/config";
import { businessMinutesBetween } from "../follow-up/business-hours";
import { csvText, neutraliseFormula } from "../../kit/csv";
import { mapInBatches } from "../../kit/in-batches";
import { requestsFrom, type AddressMatch } from "../../core/leads/lead-address";
import { firstTouchAt, NEW_FOLLOW_UP, type FollowUp } from "../follow-up/follow-up-record";
import type { FollowUpStore } from "../follow-up/follow-up-store";
import type { LeadRecord } from "../../core/leads/lead-record";
import { readLeads } from "../../core/leads/lead-record-schema";
import type { LeadStore } from "../../core/leads/lead-store";
import { emailClassCell } from "../../core/leads/lead-email-class";
import { classifyEmail } from "../email-class/email-class";

export { neutraliseFormula };

/**
 * The header row: the lead's id, time and state, the six fields, its sales e-mail's delivery,
 * then the spam layers' reasons, so sales can find and recover a request a defence held back,
 * then where the visit came from (empty without a recorded source).
 */
export const CSV_COLUMNS: readonly string[] = [
  "id",
  "receivedAt",
  "state",
  ...DEMO_REQUEST_FIELDS.map((row) => row.name),
  "attempts",
  "sentAt",
  "lastError",
  // Why a spam layer held the request back (state `spam`) or suspects it.
  "spamReason",
  "suspectedSpam",
  // Where the visit came from.
  ...ATTRIBUTION_KEYS,
  // The class of the address (docs/decisions/0031-email-classification.md), e.g. "free" or "company, role".
  "emailClass",
  // Who holds the lead and how far the team got (docs/decisions/0029-lead-follow-up.md).
  "followUpState",
  "owner",
  "claimedAt",
  "contactedAt",
  "closedReason",
  "minutesToClaim",
];

/** Minutes from arrival to first touch (business minutes with `hours`), two decimals; undefined before it. */
function minutesToClaim(record: LeadRecord, followUp: FollowUp, hours?: BusinessHours): number | undefined {
  const touched = firstTouchAt(followUp);
  if (!touched) return undefined;
  const minutes = businessMinutesBetween(hours, new Date(record.receivedAt), new Date(touched));
  return Math.round(minutes * 100) / 100;
}

/** One CSV row's values by column name. */
function flatten(
  record: LeadRecord,
  followUp: FollowUp | undefined,
  hours?: BusinessHours,
): Record<string, unknown> {
  // A honeypot lead has no follow-up: it is never offered to anyone.
  const follow = record.state === "spam" ? undefined : (followUp ?? NEW_FOLLOW_UP);
  return {
    ...record.attribution,
    ...record.request,
    id: record.id,
    receivedAt: record.receivedAt,
    state: record.state,
    attempts: record.deliveries.sales.attempts,
    sentAt: record.deliveries.sales.sentAt,
    lastError: record.deliveries.sales.lastError,
    spamReason: record.spamReason,
    suspectedSpam: record.suspectedSpam,
    // A lead stored before classification is classified now, with today's lists.
    emailClass: emailClassCell(record.emailClass ?? classifyEmail(record.request.email)),
    followUpState: follow?.state,
    owner: follow?.owner?.name,
    claimedAt: follow?.claimedAt,
    contactedAt: follow?.contactedAt,
    closedReason: follow?.closedReason,
    minutesToClaim: follow ? minutesToClaim(record, follow, hours) : undefined,
  };
}

/**
 * CSV text with a header row, oldest request first. `followUps` gives each lead's follow-up
 * record by id (a lead without one is `new`); `hours` (BUSINESS_HOURS) makes minutesToClaim count
 * business minutes.
 */
export function leadsToCsv(
  records: readonly LeadRecord[],
  followUps: ReadonlyMap<string, FollowUp> = new Map(),
  hours?: BusinessHours,
): string {
  const rows = [...records]
    .sort((a, b) => a.receivedAt.localeCompare(b.receivedAt))
    .map((record) => {
      const flat = flatten(record, followUps.get(record.id), hours);
      return CSV_COLUMNS.map((column) => flat[column]);
    });
  return csvText([CSV_COLUMNS, ...rows]);
}

/**
 * What `leads:export` writes: every stored lead (with `address`, those from that inbox, matched
 * as `match` says) and each one's follow-up record, read 50 at a time. A malformed record is logged
 * by id and left out; the others are exported.
 *
 * @throws when the store fails
 */
export async function readLeadsForCsv(options: {
  leads: Pick<LeadStore, "ids" | "get">;
  followUps: Pick<FollowUpStore, "get">;
  address?: string;
  match?: AddressMatch;
}): Promise<{ records: LeadRecord[]; followUps: Map<string, FollowUp> }> {
  const { leads, address, match } = options;
  const stored = await readLeads(leads, await leads.ids(), "the export");
  const records = address ? requestsFrom(stored, address, match) : stored;
  const { results, failed } = await mapInBatches(
    records,
    async (record) => [record.id, await options.followUps.get(record.id)] as const,
  );
  if (failed.length > 0) throw failed[0].error;
  return { records, followUps: new Map(results) };
}
