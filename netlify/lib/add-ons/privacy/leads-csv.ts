/**
 * Stored demo requests as CSV for sales (`npm run leads:export`; docs/requirements.md#durable-capture):
 * RFC 4180, with formula injection neutralised (netlify/lib/kit/csv.ts).
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

/** The header row; the spam reasons let sales find and recover a request a defence held back. */
export const CSV_COLUMNS: readonly string[] = [
  "id",
  "receivedAt",
  "state",
  ...DEMO_REQUEST_FIELDS.map((row) => row.name),
  "attempts",
  "sentAt",
  "lastError",
  "spamReason",
  "suspectedSpam",
  ...ATTRIBUTION_KEYS,
  "emailClass",
  "followUpState",
  "owner",
  "claimedAt",
  "contactedAt",
  "closedReason",
  "minutesToClaim",
];

/** Minutes from arrival to first touch (business minutes with `hours`); undefined before it. */
function minutesToClaim(record: LeadRecord, followUp: FollowUp, hours?: BusinessHours): number | undefined {
  const touched = firstTouchAt(followUp);
  if (!touched) return undefined;
  const minutes = businessMinutesBetween(hours, new Date(record.receivedAt), new Date(touched));
  return Math.round(minutes * 100) / 100;
}

function flatten(
  record: LeadRecord,
  followUp: FollowUp | undefined,
  hours?: BusinessHours,
): Record<string, unknown> {
  // A honeypot lead is never offered to anyone.
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
    emailClass: emailClassCell(record.emailClass ?? classifyEmail(record.request.email)),
    followUpState: follow?.state,
    owner: follow?.owner?.name,
    claimedAt: follow?.claimedAt,
    contactedAt: follow?.contactedAt,
    closedReason: follow?.closedReason,
    minutesToClaim: follow ? minutesToClaim(record, follow, hours) : undefined,
  };
}

/** CSV text with a header row, oldest first; a lead without a `followUps` record is `new`. */
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
 * Every stored lead (only `address`'s with one) and its follow-up record; a malformed record is logged by
 * id and left out. @throws when the store fails
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
