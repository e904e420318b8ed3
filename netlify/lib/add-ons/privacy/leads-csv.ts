/** Stored demo requests as formula-safe CSV for sales, `npm run leads:export` (docs/requirements.md#durable-capture). */
import { ATTRIBUTION_KEYS, DEMO_REQUEST_FIELDS } from "../../../../src/lib/demo-request";
import type { BusinessHours } from "../follow-up/business-hours";
import { csvText } from "../../kit/csv";
import { mapInBatches } from "../../kit/jobs";
import { DamagedRecordError } from "../../kit/json-blobs";
import { requestsFrom, type AddressMatch } from "../../core/leads/lead-address";
import {
  isConfirmedBooking,
  liveBookings,
  NEW_FOLLOW_UP,
  type FollowUp,
} from "../follow-up/follow-up-record";
import { minutesToClaim as reportMinutes } from "../follow-up/report";
import type { FollowUpStore } from "../follow-up/follow-up-store";
import { emailClassCell, readLeads, type LeadRecord } from "../../core/leads/lead-record";
import type { LeadStore } from "../../core/leads/lead-store";
import { emailClassOf } from "../../kit/email-lists";

const damaged = (error: unknown): "damaged" => {
  if (error instanceof DamagedRecordError) return "damaged";
  throw error;
};

interface CsvRow {
  record: LeadRecord;
  /** None for a honeypot lead: it is never offered to anyone. */
  follow?: FollowUp;
  hours?: BusinessHours;
}

type Column = [name: string, cell: (row: CsvRow) => unknown];

/** `yes` when a live booking was made through our link or confirmed by a person, `no` when none was; empty without one. */
function bookingConfirmed({ follow }: CsvRow): string | undefined {
  const bookings = follow ? liveBookings(follow) : [];
  if (bookings.length === 0) return undefined;
  return bookings.some(isConfirmedBooking) ? "yes" : "no";
}

function minutesToClaim({ record, follow, hours }: CsvRow): number | undefined {
  const minutes = follow && reportMinutes({ lead: record, followUp: follow }, hours);
  return minutes === undefined ? undefined : Math.round(minutes * 100) / 100;
}

/** The columns in order; the spam reasons let sales find and recover a request a defence held back. */
const COLUMNS: readonly Column[] = [
  ["id", ({ record }) => record.id],
  ["receivedAt", ({ record }) => record.receivedAt],
  ["state", ({ record }) => record.state],
  ...DEMO_REQUEST_FIELDS.map(({ name }): Column => [name, ({ record }) => record.request[name]]),
  ["attempts", ({ record }) => record.deliveries.sales.attempts],
  ["sentAt", ({ record }) => record.deliveries.sales.sentAt],
  ["lastError", ({ record }) => record.deliveries.sales.lastError],
  ["spamReason", ({ record }) => record.spamReason],
  ["suspectedSpam", ({ record }) => record.suspectedSpam],
  ["releasedAt", ({ record }) => record.released?.at],
  ["releasedBy", ({ record }) => record.released?.by],
  ...ATTRIBUTION_KEYS.map((key): Column => [key, ({ record }) => record.attribution?.[key]]),
  ["emailClass", ({ record }) => emailClassCell(emailClassOf(record))],
  ["followUpState", ({ follow }) => follow?.state],
  ["owner", ({ follow }) => follow?.owner?.name],
  ["claimedAt", ({ follow }) => follow?.claimedAt],
  ["contactedAt", ({ follow }) => follow?.contactedAt],
  ["bookedAt", ({ follow }) => follow?.bookedAt],
  ["bookingConfirmed", bookingConfirmed],
  ["closedReason", ({ follow }) => follow?.closedReason],
  ["minutesToClaim", minutesToClaim],
];

/** CSV text with a header row, oldest first; a lead without a `followUps` record is `new`, a damaged one blank. */
export function leadsToCsv(
  records: readonly LeadRecord[],
  followUps: ReadonlyMap<string, FollowUp | "damaged"> = new Map(),
  hours?: BusinessHours,
): string {
  const rows = [...records]
    .sort((a, b) => a.receivedAt.localeCompare(b.receivedAt))
    .map((record) => {
      const stored = followUps.get(record.id) ?? NEW_FOLLOW_UP;
      const follow = record.state === "spam" || stored === "damaged" ? undefined : stored;
      return COLUMNS.map(([, cell]) => cell({ record, follow, hours }));
    });
  return csvText([COLUMNS.map(([name]) => name), ...rows]);
}

/**
 * Every stored lead (or `address`'s) and its follow-up record; malformed leads are logged and left out, a damaged
 * follow-up record (logged) is "damaged". May throw.
 */
export async function readLeadsForCsv(options: {
  leads: Pick<LeadStore, "ids" | "get">;
  followUps: Pick<FollowUpStore, "get">;
  address?: string;
  match?: AddressMatch;
}): Promise<{ records: LeadRecord[]; followUps: Map<string, FollowUp | "damaged"> }> {
  const { leads, address, match } = options;
  const stored = await readLeads(leads, await leads.ids(), "the export");
  const records = address ? requestsFrom(stored, address, match) : stored;
  const { results, failed } = await mapInBatches(
    records,
    async (record) => [record.id, await options.followUps.get(record.id).catch(damaged)] as const,
  );
  if (failed.length > 0) throw failed[0].error;
  return { records, followUps: new Map(results) };
}
