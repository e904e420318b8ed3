/**
 * The follow-up plugin: its settings (docs/decisions/0029-lead-follow-up.md), and its records' part in retention,
 * erasure and export (docs/decisions/0045-privacy-hooks.md).
 */
import { settingsPart, type Plugin } from "../../core/plugin";
import { FOLLOW_UP_VARIABLES, followUpSettings } from "./settings";
import type { FollowUpStore } from "./follow-up-store";

declare module "../../core/plugin" {
  interface PluginOverrides {
    followUps?: () => FollowUpStore;
  }
}

export const followUpPlugin: Plugin = {
  name: "follow-up",
  settings: [
    settingsPart({
      key: "followUp",
      name: "follow-up",
      variables: FOLLOW_UP_VARIABLES,
      read: followUpSettings,
    }),
  ],
  load: async (config, overrides) =>
    config.followUp ? (await import("./add-on")).followUpAddOn(overrides.followUps) : undefined,
  privacy: {
    prunes: async () => {
      const { pruneOrphanFollowUps } = await import("./follow-up-store");
      return [
        {
          what: "follow-up records of erased leads",
          covers: ["followUp", "unclaimed", "claimed", "bookingUids"],
          run: async ({ leads, leadIds, now }) => pruneOrphanFollowUps(leads, await leadIds(), now),
        },
      ];
    },
    // Booking uid entries are found through the follow-up record, so they go before the lead's keys.
    eraseLead: async (blobs, id) => (await import("./follow-up-store")).removeBookingEntries(blobs, id),
    leadExport: async () => (await import("./lead-export")).followUpExport,
  },
};
