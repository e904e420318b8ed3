/** The e-mail class plugin: on always, with no settings; its judge classes every lead (docs/decisions/0031-email-classification.md). */
import type { Plugin } from "../../core/plugin";

export const emailClassPlugin: Plugin = {
  name: "e-mail class",
  load: async () => (await import("./email-class")).emailClassAddOn,
  privacy: {
    leadExport: async () => ({ columns: [(await import("./email-class")).EMAIL_CLASS_COLUMN] }),
  },
};
