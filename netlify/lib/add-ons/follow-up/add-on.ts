/**
 * The follow-up add-on: the claim link in each sales e-mail (docs/decisions/0029-lead-follow-up.md), BUSINESS_HOURS'
 * zone for the times e-mails show (docs/decisions/0037-email-layout.md), and for other add-ons the bookings hook,
 * a read-only view of a lead's follow-up (docs/decisions/0046-booking-through-the-core.md), the lead actions hook
 * for Slack's buttons (docs/decisions/0047-slack-plugin.md) and the reader the report and weekly summary count with
 * (docs/decisions/0048-summary-plugin.md).
 */
import type { AddOn } from "../../core/add-on";
import type { FollowUpFacts, FollowUpReader } from "../../core/follow-up-hooks";
import type { ServerConfig } from "../../core/config";
import { keyOf } from "../../kit/storage";
import { DamagedRecordError } from "../../kit/json-blobs";
import { claimUrlFor, releaseUrlFor } from "./claim-link";
import { liveBookings, type FollowUp } from "./follow-up-record";
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
    followUpReader: (config) => followUpReader(followUps(), config),
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
/** The facts the report counts: the view, and each live booking's match and confirmation only. */
export function followUpFacts(followUp: FollowUp): FollowUpFacts {
  const bookings = liveBookings(followUp).map(({ via, confirmedAt }) => ({
    via,
    ...(confirmedAt ? { confirmedAt } : {}),
  }));
  return {
    ...viewOf(followUp),
    ...(bookings.length > 0 ? { bookings } : {}),
  };
}

/** Follow-up read through `store` for the report and the weekly summary, with `config`'s links and hours. */
export function followUpReader(
  store: Pick<FollowUpStore, "get" | "tracked">,
  config: Pick<ServerConfig, "siteOrigin" | "formSecret" | "followUp">,
): FollowUpReader {
  return {
    tracked: () => store.tracked(),
    get: async (leadId) => followUpFacts(await store.get(leadId)),
    claimUrl: (id, now) => claimUrlFor(config, id, now),
    releaseUrl: (id) => releaseUrlFor(config, id),
    hours: config.followUp?.businessHours,
  };
}
