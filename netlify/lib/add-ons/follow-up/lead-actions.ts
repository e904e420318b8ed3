/**
 * The core's `leadActions` hook (docs/decisions/0047-slack-plugin.md): a claim or "contacted" from Slack's buttons
 * written to the lead's follow-up record with its history line, the marker moved, and the change announced as a lead
 * event and a notice e-mail (follow-up-update.ts), as the claim page does (docs/decisions/0030-slack-and-booking-loop.md).
 */
import type { LeadAction, LeadActions } from "../../core/follow-up-hooks";
import type { StaffMember } from "../../kit/roster";
import { applyAction, type ActionResult, type FollowUp } from "./follow-up-record";
import type { FollowUpStore } from "./follow-up-store";
import { applyFollowUpChange, postFollowUpUpdate, updateLine } from "./follow-up-update";
import { viewOf } from "./follow-up-view";

/** The change `action` by `owner` at `at`: "contacted" on an unclaimed lead claims it for them first. */
function change(action: LeadAction, owner: StaffMember, at: Date) {
  return (current: FollowUp): ActionResult => {
    if (action === "claim") return applyAction(current, { kind: "claim", owner }, at);
    const claimed = current.state === "new" ? applyAction(current, { kind: "claim", owner }, at) : undefined;
    if (claimed && !claimed.ok) return claimed;
    return applyAction(claimed?.followUp ?? current, { kind: "contacted", by: owner.name }, at);
  };
}

const doneOf = ({ state }: FollowUp) => (state === "contacted" ? "contacted" : "claimed");

/** The lead actions hook over the store `followUps` gives (read afresh for each call). */
export function leadActions(followUps: () => FollowUpStore): LeadActions {
  return {
    async apply(lead, action, { at, by, logged }) {
      const result = await applyFollowUpChange(followUps(), lead, change(action, by, at), {
        logged: (followUp) => [logged, { requestId: lead.id, action: doneOf(followUp) }],
      });
      if (!result.changed) return { applied: false, reason: result.reason };
      const { followUp } = result;
      const done = doneOf(followUp);
      return {
        applied: true,
        view: viewOf(followUp),
        line: updateLine(done, lead, followUp, at, { by: by.name }),
        announce: (context) => postFollowUpUpdate(lead, followUp, done, { ...context, by: by.name }),
      };
    },
  };
}
