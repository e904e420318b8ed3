/**
 * The follow-up add-on: the claim link in each sales e-mail (docs/decisions/0029-lead-follow-up.md), BUSINESS_HOURS'
 * zone for the times e-mails show (docs/decisions/0037-email-layout.md), and for other add-ons the bookings hook
 * and a read-only view of a lead's follow-up (docs/decisions/0046-booking-through-the-core.md).
 */
import type { AddOn, FollowUpView } from "../../core/add-on";
import { keyOf } from "../../kit/storage";
import { DamagedRecordError } from "../../kit/json-blobs";
import { claimUrlFor } from "./claim-link";
import type { FollowUp } from "./follow-up-record";
import { createFollowUpStore, type FollowUpStore } from "./follow-up-store";
import { leadBookings } from "./lead-bookings";

/** The add-on over the store `followUps` gives (the lead store's Blobs unless a test passes its own). */
export function followUpAddOn(followUps: () => FollowUpStore = () => createFollowUpStore()): AddOn {
  return {
    name: "follow-up",
    // Every new lead waits to be claimed: the follow-up job reminds and retires the marker.
    leadMarkers: (lead) => [keyOf("unclaimed", lead.id)],
    claimUrl: claimUrlFor,
    timeZone: (config) => config.followUp?.businessHours?.zone,
    bookings: leadBookings(followUps),
    async followUpView(leadId) {
      try {
        return viewOf(await followUps().get(leadId));
      } catch (error) {
        if (error instanceof DamagedRecordError) return undefined;
        throw error;
      }
    },
  };
}

/** What other add-ons may read of a record: a copy, without the owner's Slack id, bookings or history. */
function viewOf(followUp: FollowUp): FollowUpView {
  const { state, owner, claimedAt, contactedAt, bookedAt, closedAt } = followUp;
  return {
    state,
    ...(owner ? { owner: { name: owner.name, ...(owner.email ? { email: owner.email } : {}) } } : {}),
    ...(claimedAt ? { claimedAt } : {}),
    ...(contactedAt ? { contactedAt } : {}),
    ...(bookedAt ? { bookedAt } : {}),
    ...(closedAt ? { closedAt } : {}),
  };
}
