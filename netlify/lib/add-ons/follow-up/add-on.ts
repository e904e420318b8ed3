/**
 * The follow-up add-on: the claim link in each sales e-mail (docs/decisions/0029-lead-follow-up.md), BUSINESS_HOURS'
 * zone for the times e-mails show (docs/decisions/0037-email-layout.md), and for other add-ons the bookings hook
 * and a read-only view of a lead's follow-up (docs/decisions/0046-booking-through-the-core.md) and the lead actions
 * hook for Slack's buttons (docs/decisions/0047-slack-plugin.md).
 */
import type { AddOn } from "../../core/add-on";
import { keyOf } from "../../kit/storage";
import { DamagedRecordError } from "../../kit/json-blobs";
import { claimUrlFor } from "./claim-link";
import { createFollowUpStore, type FollowUpStore } from "./follow-up-store";
import { leadActions } from "./lead-actions";
import { leadBookings } from "./lead-bookings";
import { viewOf } from "./follow-up-view";

/** The add-on over the store `followUps` gives (the lead store's Blobs unless a test passes its own). */
export function followUpAddOn(followUps: () => FollowUpStore = () => createFollowUpStore()): AddOn {
  return {
    name: "follow-up",
    // Every new lead waits to be claimed: the follow-up job reminds and retires the marker.
    leadMarkers: (lead) => [keyOf("unclaimed", lead.id)],
    claimUrl: claimUrlFor,
    timeZone: (config) => config.followUp?.businessHours?.zone,
    bookings: leadBookings(followUps),
    leadActions: leadActions(followUps),
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
