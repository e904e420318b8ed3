/**
 * The HubSpot plugin: its settings, its channel and follow-up subscriber when on, and its contacts as a partner's
 * copy for erasure, on or off (docs/decisions/0049-hubspot-plugin.md).
 */
import { settingsPart, type Plugin } from "../../core/plugin";
import { HUBSPOT_VARIABLES, hubspotSettings } from "./settings";

export const hubspotPlugin: Plugin = {
  name: "hubspot",
  settings: [
    settingsPart({ key: "hubspot", name: "hubspot", variables: HUBSPOT_VARIABLES, read: hubspotSettings }),
  ],
  load: async (config, overrides) =>
    config.hubspot ? (await import("./add-on")).hubspotAddOn(config.hubspot, overrides) : undefined,
  privacy: { partnerCopy: async () => (await import("./erasure")).hubspotCopy() },
};
