/**
 * The weekly summary as `leads:summary -- --dry-run` makes it (netlify/lib/add-ons/follow-up/summary-job.ts
 * `summaryNow`), over the given stores: week 2026-W48 read on Mon 30 Nov 2026 at 09:00 UTC with TEST_CONFIG and a
 * mailer that sends nothing, unless `options` say otherwise. Resolves with `summaryNow`'s `{ summary, message }`.
 */
import { leadsToCsv } from "./leads-csv";
import { summaryNow } from "../../netlify/lib/add-ons/follow-up/summary-job";
import { scriptedMailer, TEST_CONFIG } from "./function-harness";

type SummaryOptions = Parameters<typeof summaryNow>[0];

export function drySummary(
  stores: Pick<SummaryOptions, "leads" | "followUps" | "blobs">,
  options: Partial<Omit<SummaryOptions, "leads" | "followUps" | "blobs">> = {},
) {
  return summaryNow({
    mailer: scriptedMailer(),
    config: TEST_CONFIG,
    leadsCsv: leadsToCsv,
    now: () => new Date("2026-11-30T09:00:00Z"),
    week: "2026-W48",
    dryRun: true,
    ...stores,
    ...options,
  });
}
