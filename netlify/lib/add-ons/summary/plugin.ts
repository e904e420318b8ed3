/**
 * The summary plugin (docs/decisions/0048-summary-plugin.md, 0038-weekly-summary.md): the weekly summary and the
 * follow-up report, which count follow-up's records through the core's `followUpReader`. It has no settings of its
 * own; it runs only where follow-up does, in the scheduled follow-up function.
 */
import type { Plugin } from "../../core/plugin";

export const summaryPlugin: Plugin = {
  name: "summary",
  load: async () => (await import("./add-on")).summaryAddOn(),
};
