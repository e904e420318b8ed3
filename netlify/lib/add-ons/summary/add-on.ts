/**
 * The summary add-on (docs/decisions/0048-summary-plugin.md): the weekly summary as a run of the scheduled follow-up
 * function, after follow-up's check, over follow-up's reader. Its code is imported only when the run starts.
 */
import type { AddOn } from "../../core/add-on";
import { errorName, logError } from "../../kit/log";

/** The add-on: its `followUpRun` resolves the summary job's outcome, or "failed" (logged) when it threw. */
export function summaryAddOn(): AddOn {
  return {
    name: "summary",
    followUpRun: {
      name: "summary",
      async run({ reader, ...context }) {
        try {
          const { runWeeklySummary } = await import("./summary-job");
          return await runWeeklySummary({ ...context, followUps: reader });
        } catch (error) {
          logError("weekly summary not sent; the next run tries again", { reason: errorName(error) });
          return "failed";
        }
      },
    },
  };
}
