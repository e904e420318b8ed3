/**
 * The weekly summary as `leads:summary -- --dry-run` makes it (netlify/lib/add-ons/summary/summary-job.ts
 * `summaryNow`), over the given stores read through follow-up's reader: week 2026-W48 read on Mon 30 Nov 2026 at
 * 09:00 UTC with TEST_CONFIG and a mailer that sends nothing, unless `options` say otherwise. Resolves with
 * `summaryNow`'s `{ summary, message }`.
 */
import { storedLeadsCsv } from "./leads-csv";
import { summaryNow } from "../../netlify/lib/add-ons/summary/summary-job";
import { followUpReader } from "../../netlify/lib/add-ons/follow-up/add-on";
import type { FollowUpStore } from "../../netlify/lib/add-ons/follow-up/follow-up-store";
import { scriptedMailer, TEST_CONFIG } from "./function-harness";

type SummaryOptions = Parameters<typeof summaryNow>[0];

export function drySummary(
  stores: Pick<SummaryOptions, "leads" | "blobs"> & { followUps: FollowUpStore },
  options: Partial<Omit<SummaryOptions, "leads" | "followUps" | "blobs">> = {},
) {
  const config = options.config ?? TEST_CONFIG;
  return summaryNow({
    mailer: scriptedMailer(),
    config,
    leadsCsv: (records) => storedLeadsCsv(records, stores.blobs, config),
    now: () => new Date("2026-11-30T09:00:00Z"),
    week: "2026-W48",
    dryRun: true,
    ...stores,
    followUps: followUpReader(stores.followUps, config),
    ...options,
  });
}
