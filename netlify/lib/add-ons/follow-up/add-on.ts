/**
 * The follow-up add-on: the claim link in each sales e-mail (docs/decisions/0029-lead-follow-up.md), and
 * BUSINESS_HOURS' zone for the times e-mails show (docs/decisions/0037-email-layout.md).
 */
import type { AddOn } from "../../core/add-on";
import { keyOf } from "../../kit/storage";
import { claimUrlFor } from "./claim-link";

export const followUpAddOn: AddOn = {
  name: "follow-up",
  // Every new lead waits to be claimed: the follow-up job reminds and retires the marker.
  leadMarkers: (lead) => [keyOf("unclaimed", lead.id)],
  claimUrl: claimUrlFor,
  timeZone: (config) => config.followUp?.businessHours?.zone,
};
