/**
 * The confirmation plugin: its settings, its channel when on (docs/decisions/0034-core-and-add-ons.md), and the
 * prune of its limits, on or off (docs/decisions/0045-privacy-hooks.md).
 */
import { settingsPart, type Plugin } from "../../core/plugin";
import type { ConfirmationLimits } from "./confirmation-limits";
import { CONFIRMATION_VARIABLES, confirmationSettings } from "./settings";

declare module "../../core/plugin" {
  interface PluginOverrides {
    confirmationLimits?: () => ConfirmationLimits;
  }
}

export const confirmationPlugin: Plugin = {
  name: "confirmation",
  settings: [
    settingsPart({
      key: "confirmation",
      name: "confirmation e-mail",
      variables: CONFIRMATION_VARIABLES,
      read: confirmationSettings,
    }),
  ],
  async load(config, overrides) {
    const limits = config.confirmation;
    if (!limits) return undefined;
    const [{ confirmationAddOn }, { blobConfirmationLimits }] = await Promise.all([
      import("./confirmation"),
      import("./confirmation-limits"),
    ]);
    return confirmationAddOn(overrides.confirmationLimits ?? (() => blobConfirmationLimits(config, limits)));
  },
  privacy: {
    // What the spam layers keep only for a while (docs/decisions/0028-second-hostile-review.md).
    prunes: async () => {
      const { pruneConfirmationLimits } = await import("./confirmation-limits");
      return [
        {
          what: "confirmation limits",
          covers: ["address", "daily", "client"],
          run: ({ limits, now }) => pruneConfirmationLimits(limits, now),
        },
      ];
    },
  },
};
