/**
 * The one vocabulary of what happens to a lead, named once in the core for every add-on that tells of it or takes
 * it up (docs/decisions/0034-core-and-add-ons.md). The names a lead webhook carries in `update.action` and
 * `webhook-id` are its documented contract (docs/decisions/0022-lead-webhook-channel.md, docs/operations.md):
 * renaming one breaks a receiver.
 */

/**
 * Every lead event: its arrival, delivery and release from spam, then each follow-up change
 * (docs/decisions/0029-lead-follow-up.md, docs/decisions/0041-reopening-a-lead.md).
 */
export const LEAD_EVENTS = [
  "received",
  "delivered",
  "released",
  "claimed",
  "handed-over",
  "contacted",
  "booked",
  "booking-moved",
  "booking-cancelled",
  "booking-confirmed",
  "closed",
  "reopened",
] as const;
export type LeadEventName = (typeof LEAD_EVENTS)[number];

/**
 * A lead event as published through the core to the add-ons that subscribe to it: `at` is an ISO time, `detail`
 * our own line about it, `owner` the lead's owner's name then (docs/decisions/0044-durable-lead-events.md).
 */
export interface PublishedLeadEvent {
  leadId: string;
  name: LeadEventName;
  at: string;
  detail: string;
  owner?: string;
}

/** The follow-up changes a `lead.updated` event names as its `action`; a hand-over goes as `claimed`. */
export const LEAD_UPDATE_ACTIONS = [
  "claimed",
  "contacted",
  "closed",
  "reopened",
  "booked",
  "booking-cancelled",
] as const satisfies readonly LeadEventName[];
export type LeadUpdateAction = (typeof LEAD_UPDATE_ACTIONS)[number];

/** The follow-up changes published as lead events: the update actions and a hand-over. */
export const FOLLOW_UP_CHANGES = [
  ...LEAD_UPDATE_ACTIONS,
  "handed-over",
] as const satisfies readonly LeadEventName[];
export type FollowUpChange = (typeof FOLLOW_UP_CHANGES)[number];

/** The reminder alerts about one lead, each sent once, and the daily digest, about none in particular. */
export const REMINDER_KINDS = ["nudge", "escalation", "promise-at-risk", "digest"] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
