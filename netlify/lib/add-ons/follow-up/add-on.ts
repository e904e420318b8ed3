/**
 * The follow-up add-on: the claim link in each sales e-mail (docs/decisions/0029-lead-follow-up.md), and
 * BUSINESS_HOURS' zone for the times e-mails show (docs/decisions/0037-email-layout.md).
 */
import type { AddOn } from "../../core/add-on";
import { claimUrlFor } from "./claim-link";

export const followUpAddOn: AddOn = {
  name: "follow-up",
  claimUrl: claimUrlFor,
  timeZone: (config) => config.followUp?.businessHours?.zone,
};
