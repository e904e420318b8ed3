/**
 * Follow-up's columns of the leads export (docs/requirements.md#durable-capture, docs/decisions/0045-privacy-hooks.md):
 * the follow-up state, owner, times, booking and time to claim, in the report's minutes (netlify/lib/kit/business-hours.ts).
 */
import type { LeadColumn, LeadExport, LeadExportRow } from "../../core/plugin";
import { mapInBatches } from "../../kit/jobs";
import { DamagedRecordError } from "../../kit/json-blobs";
import { minutesToClaim as claimMinutes, type BusinessHours } from "../../kit/business-hours";
import { firstTouchAt } from "../../core/follow-up-hooks";
import { promiseStart, type LeadRecord } from "../../core/leads/lead-record";
import { liveBookings, NEW_FOLLOW_UP, type FollowUp } from "./follow-up-record";
import { isConfirmedBooking } from "../../core/follow-up-hooks";
import { createFollowUpStore } from "./follow-up-store";

declare module "../../core/plugin" {
  interface LeadExportRow {
    /** The lead's follow-up record; absent reads as new, "damaged" as blank. */
    followUp?: FollowUp | "damaged";
    /** The team's hours, for the time to claim. */
    businessHours?: BusinessHours;
  }
}

/** The record a row shows: none for a honeypot lead (it is never offered to anyone) or a damaged record. */
function followOf(lead: LeadRecord, { followUp = NEW_FOLLOW_UP }: LeadExportRow): FollowUp | undefined {
  return lead.state === "spam" || followUp === "damaged" ? undefined : followUp;
}

/** `yes` when a live booking was made through our link or confirmed by a person, `no` when none was; empty without one. */
function bookingConfirmed(lead: LeadRecord, row: LeadExportRow): string | undefined {
  const follow = followOf(lead, row);
  const bookings = follow ? liveBookings(follow) : [];
  if (bookings.length === 0) return undefined;
  return bookings.some(isConfirmedBooking) ? "yes" : "no";
}

function minutesToClaim(lead: LeadRecord, row: LeadExportRow): number | undefined {
  const follow = followOf(lead, row);
  const minutes = follow && claimMinutes(promiseStart(lead), firstTouchAt(follow), row.businessHours);
  return minutes === undefined ? undefined : Math.round(minutes * 100) / 100;
}

const field =
  (read: (follow: FollowUp) => unknown): LeadColumn[1] =>
  (lead, row) => {
    const follow = followOf(lead, row);
    return follow && read(follow);
  };

/** Follow-up's columns, in the export's order; a row without a record reads as a new lead. */
export const FOLLOW_UP_COLUMNS: readonly LeadColumn[] = [
  ["followUpState", field((follow) => follow.state)],
  ["owner", field((follow) => follow.owner?.name)],
  ["claimedAt", field((follow) => follow.claimedAt)],
  ["contactedAt", field((follow) => follow.contactedAt)],
  ["bookedAt", field((follow) => follow.bookedAt)],
  ["bookingConfirmed", bookingConfirmed],
  ["closedReason", field((follow) => follow.closedReason)],
  ["minutesToClaim", minutesToClaim],
];

const damaged = (error: unknown): "damaged" => {
  if (error instanceof DamagedRecordError) return "damaged";
  throw error;
};

/** Each lead's row from records read already (the weekly summary's), with the team's `hours`. */
export function followUpRows(
  leads: readonly LeadRecord[],
  followUps: ReadonlyMap<string, FollowUp | "damaged">,
  hours?: BusinessHours,
): Map<string, LeadExportRow> {
  return new Map(leads.map((lead) => [lead.id, { followUp: followUps.get(lead.id), businessHours: hours }]));
}

/** Follow-up's part of the export: its columns, and each lead's record read from the lead store (damaged is blank). */
export const followUpExport: LeadExport = {
  columns: FOLLOW_UP_COLUMNS,
  async read(leads, blobs, settings) {
    const store = createFollowUpStore(blobs);
    const { results, failed } = await mapInBatches(
      leads,
      async (lead) => [lead.id, await store.get(lead.id).catch(damaged)] as const,
    );
    if (failed.length > 0) throw failed[0].error;
    return followUpRows(leads, new Map(results), settings.followUp?.businessHours);
  },
};
