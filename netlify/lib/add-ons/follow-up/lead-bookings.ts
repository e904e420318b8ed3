/**
 * The core's `bookings` hook (docs/decisions/0046-booking-through-the-core.md): a booking change written to the
 * lead's follow-up record with its history line, the `booking-uids/` index kept beside it
 * (docs/decisions/0032-bookings-by-uid.md; prefix in netlify/lib/kit/storage.ts), the marker moved, and the
 * change announced as a lead event and a notice e-mail (follow-up-update.ts).
 */
import type { LeadBookings } from "../../core/follow-up-hooks";
import type { LeadRecord } from "../../core/leads/lead-record";
import {
  applyAction,
  liveBookings,
  type FollowUp,
  type FollowUpAction,
  type LeadBooking,
} from "./follow-up-record";
import type { FollowUpStore } from "./follow-up-store";
import { applyFollowUpChange, postFollowUpUpdate } from "./follow-up-update";

/** A refusal a person should look at: the lead cannot take more bookings matched by inbox only. */
const CAPPED = "unconfirmed bookings";

/** The bookings hook over the store `followUps` gives (read afresh for each call). */
export function leadBookings(followUps: () => FollowUpStore): LeadBookings {
  return {
    find: (uid) => followUps().leadOfBooking(uid),
    async apply(leads, change, { at, byUid, afterWrite, logFields }) {
      const store = followUps();
      const { uid } = change;
      const cancelling = change.name === "booking-cancelled";
      const replaces = cancelling ? undefined : change.replaces;
      const action: FollowUpAction = cancelling
        ? { kind: "booking-cancelled", uid }
        : {
            kind: "booked",
            booking: { uid, via: change.via, ...(change.startTime ? { startTime: change.startTime } : {}) },
            ...(replaces ? { replaces } : {}),
          };
      // The uid is indexed before the record holds it: a retried delivery completes a half-done one.
      const indexFirst = !cancelling && !byUid;
      let changed: { lead: LeadRecord; followUp: FollowUp; cancelled?: LeadBooking } | undefined;
      let holder: string | undefined;
      let refusal: string | undefined;
      try {
        for (const lead of leads) {
          if (indexFirst) await store.indexBooking(uid, lead.id);
          const result = await applyFollowUpChange(
            store,
            lead,
            (current) => applyAction(current, action, at),
            {
              afterWrite: async ({ followUp, before }) => {
                changed = { lead, followUp, cancelled: liveBookings(before).find((b) => b.uid === uid) };
                await store.indexBooking(uid, cancelling ? null : lead.id);
                // A reschedule moved the booking it replaces to the new uid.
                if (replaces && replaces !== uid && (await store.leadOfBooking(replaces)) === lead.id) {
                  await store.indexBooking(replaces, null);
                }
                await afterWrite();
              },
              logged: () => ["lead follow-up changed by a booking", { requestId: lead.id, ...logFields }],
            },
          );
          if (result.changed) break;
          // Another delivery of this event may have recorded it meanwhile: its entry stays.
          if (liveBookings(result.followUp).some((b) => b.uid === uid)) holder ??= lead.id;
          refusal ??= result.reason;
        }
      } finally {
        if (indexFirst && !changed) await store.indexBooking(uid, holder ?? null).catch(() => undefined);
      }
      if (!changed) {
        const reason = refusal ?? "no stored lead matches this booking";
        return { applied: false, reason, alert: reason.includes(CAPPED) };
      }
      const { lead, followUp, cancelled } = changed;
      return {
        applied: true,
        state: followUp.state,
        announce: (context) =>
          postFollowUpUpdate(lead, followUp, change.name, {
            ...context,
            booking: cancelling ? cancelled : liveBookings(followUp).find((b) => b.uid === uid),
          }),
      };
    },
  };
}
