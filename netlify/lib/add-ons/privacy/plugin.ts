/**
 * The privacy plugin (docs/decisions/0018-retention-and-erasure.md, docs/decisions/0045-privacy-hooks.md): the
 * retention periods as a settings part; its jobs and commands reach other plugins' data only through their
 * privacy hooks. It adds no hook to the demo request.
 */
import { settingsPart, type Plugin } from "../../core/plugin";
import { RETENTION_VARIABLES, retentionSettings } from "./settings";

export const privacyPlugin: Plugin = {
  name: "privacy",
  settings: [
    settingsPart({
      key: "retention",
      name: "lead retention",
      variables: RETENTION_VARIABLES,
      read: retentionSettings,
    }),
  ],
};
