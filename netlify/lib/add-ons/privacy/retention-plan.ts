/**
 * The prunes of the daily retention run (docs/requirements.md#personal-data,
 * docs/decisions/0018-retention-and-erasure.md, docs/decisions/0034-core-and-add-ons.md): one per
 * retention rule of netlify/lib/kit/storage.ts that the run applies besides the lead rule itself
 * (./retention-job.ts), each naming the declared entries it covers. Every entry the declaration
 * says is pruned daily (`prunedDaily`) is covered by exactly one prune (tests/unit/kit/storage.test.ts).
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

/** What the prunes run over. */
export interface PruneTargets {
  /** The lead store `demo-requests`. */
  leads: JsonBlobs;
  /** The limits store `demo-request-limits`. */
  limits: JsonBlobs;
  /** Every stored lead's id, listed anew each time a prune asks. */
  leadIds: () => Promise<ReadonlySet<string>>;
  now: Date;
}

/** One prune: what it deletes (named in the log), the entries it covers, and how many keys a run deleted. */
export interface Prune {
  what: string;
  covers: readonly StorageName[];
  run: (targets: PruneTargets) => Promise<number>;
}

/** The prunes, in the order the run applies them. */
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
 * Runs `prunes` (default RETENTION_PRUNES) in order over `targets`. A prune that throws is logged
 * (by what it prunes and the error's name) and left to the next run; the others still run.
 *
 * @returns each prune's count of deleted keys, or "failed", by `what`, e.g. `{ "thanks-page tickets": 2, ... }`
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
