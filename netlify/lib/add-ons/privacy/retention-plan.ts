/**
 * The daily retention run's prunes besides the lead rule, one per rule of netlify/lib/kit/storage.ts
 * (docs/decisions/0018-retention-and-erasure.md, docs/decisions/0034-core-and-add-ons.md).
 */
import type { JsonBlobs } from "../../kit/json-blobs";
import { logError } from "../../kit/log";
import type { StorageName } from "../../kit/storage";
import { pruneMalformedNotes } from "../../core/leads/lead-record-schema";
import { pruneSettingsAlerts } from "../../core/delivery/settings-alert";
import { pruneOrphanInboxEntries } from "../../core/leads/lead-store";
import { pruneFormTokenNonces } from "../../core/spam/form-token-nonces";
import { pruneBookingEvents } from "../booking/booking-events";
import { pruneThanksTickets } from "../booking/thanks-tickets";
import { pruneConfirmationLimits } from "../confirmation/confirmation-limits";
import { pruneDigests, pruneOrphanFollowUps } from "../follow-up/follow-up-store";

export interface PruneTargets {
  leads: JsonBlobs;
  limits: JsonBlobs;
  /** Every stored lead's id, listed anew each time a prune asks. */
  leadIds: () => Promise<ReadonlySet<string>>;
  now: Date;
}

/** One prune: what it deletes (named in the log), the entries it covers, and how many keys it deleted. */
export interface Prune {
  what: string;
  covers: readonly StorageName[];
  run: (targets: PruneTargets) => Promise<number>;
}

export const RETENTION_PRUNES: readonly Prune[] = [
  // What the spam layers keep only for a while (docs/decisions/0028-second-hostile-review.md).
  {
    what: "confirmation limits",
    covers: ["address", "daily", "client"],
    run: ({ limits, now }) => pruneConfirmationLimits(limits, now),
  },
  {
    what: "spent form tokens",
    covers: ["formTokens"],
    run: ({ limits, now }) => pruneFormTokenNonces(limits, now),
  },
  {
    what: "thanks-page tickets",
    covers: ["tickets"],
    run: ({ leads, now }) => pruneThanksTickets(leads, now),
  },
  {
    what: "suspected-spam digest records",
    covers: ["digests"],
    run: ({ leads, now }) => pruneDigests(leads, now),
  },
  {
    what: "applied booking events",
    covers: ["bookingEvents"],
    run: ({ leads, now }) => pruneBookingEvents(leads, now),
  },
  {
    what: "settings alert notes",
    covers: ["settingsAlerts"],
    run: ({ leads, now }) => pruneSettingsAlerts(leads, now),
  },
  {
    what: "malformed-lead notes",
    covers: ["malformed"],
    run: ({ leads, now }) => pruneMalformedNotes(leads, now),
  },
  {
    what: "follow-up records of erased leads",
    covers: ["followUp", "unclaimed", "claimed", "bookingUids"],
    run: async ({ leads, leadIds, now }) => pruneOrphanFollowUps(leads, await leadIds(), now),
  },
  {
    what: "inbox index entries of erased leads",
    covers: ["inboxes"],
    run: async ({ leads, leadIds, now }) => pruneOrphanInboxEntries(leads, await leadIds(), now),
  },
];

/**
 * Runs `prunes` in order; one that throws is logged and left to the next run.
 * @returns deleted-key counts, or "failed", by `what`
 */
export async function runPrunes(
  targets: PruneTargets,
  prunes: readonly Prune[] = RETENTION_PRUNES,
): Promise<Record<string, number | "failed">> {
  const counts: Record<string, number | "failed"> = {};
  for (const prune of prunes) {
    counts[prune.what] = await prune.run(targets).catch((error: unknown) => {
      logError(`${prune.what} not pruned; the next run tries again`, {
        reason: error instanceof Error ? error.name : "unknown",
      });
      return "failed" as const;
    });
  }
  return counts;
}
