/** A follow-up record as other add-ons may read it (docs/decisions/0046-booking-through-the-core.md). */
import type { FollowUpView } from "../../core/follow-up-hooks";
import type { FollowUp } from "./follow-up-record";

/** What other add-ons may read of a record: a copy, without the owner's Slack id, bookings or history. */
export function viewOf(followUp: FollowUp): FollowUpView {
  const { state, owner, claimedAt, contactedAt, bookedAt, closedAt, closedReason } = followUp;
  return {
    state,
    ...(owner ? { owner: { name: owner.name, ...(owner.email ? { email: owner.email } : {}) } } : {}),
    ...(claimedAt ? { claimedAt } : {}),
    ...(contactedAt ? { contactedAt } : {}),
    ...(bookedAt ? { bookedAt } : {}),
    ...(closedAt ? { closedAt } : {}),
    ...(closedReason ? { closedReason } : {}),
  };
}
