/**
 * The follow-up job (docs/requirements.md#follow-up, docs/decisions/0029-lead-follow-up.md):
 * nobody forgets a lead. Run every 5 minutes by the scheduled function `lead-follow-up`, and
 * locally by `npm run leads:follow-up`.
 *
 * It lists the `unclaimed/` and `claimed/` markers (netlify/lib/leads/follow-up-store.ts), so it
 * reads only the leads still waiting for a person, and per lead asks
 * netlify/lib/follow-up/reminders.ts which reminders are due. Each reminder is first recorded in
 * the follow-up record with a conditional write (a claim made meanwhile wins, and the reminder is
 * judged again), then sent: the nudge and the promise at risk to the sales inbox, the escalation
 * to ESCALATION_EMAIL, each also to the lead webhook when one is set. A reminder that cannot be
 * sent is a `LEAD FOLLOW-UP` log line; it is not repeated. Suspected-spam leads nobody claimed go
 * into one digest a day to the sales inbox (inside business hours when they are set). A marker
 * whose lead is gone is removed; one that disagrees with its record is moved. One lead's failure
 * is logged and skips that lead only.
 */
import { isWithinBusinessHours, localDate } from "../../business-hours";
import type { ServerConfig } from "../../config";
import { claimUrlFor } from "../../follow-up/claim-link";
import { dueReminders } from "../../follow-up/reminders";
import type { FollowUp, ReminderKind } from "../../leads/follow-up-record";
import type { FollowUpStore } from "../../leads/follow-up-store";
import type { LeadStore } from "../../leads/lead-store";
import { logError, logInfo } from "../../log";
import { sendWithRetry, type Mailer } from "../email/mailer";
import type { RetryOptions } from "../send-result";
import { postLeadEvent, webhookLead } from "../webhook/post-lead-event";
import { buildDigestEmail, buildReminderEmail, reminderDetail, type ReminderLead } from "./reminder-messages";

/** How long a marker may be without its lead before it is removed (its lead may still be being written). */
const ORPHAN_GRACE_MS = 2 * 60_000;

export interface FollowUpJobOptions {
  leads: LeadStore;
  followUps: FollowUpStore;
  mailer: Mailer;
  config: ServerConfig;
  now?: () => Date;
  retry?: RetryOptions;
  /** The origin the job was called at, for claim links when URL is unset. */
  linkOrigin?: string;
}

/** What one run did: reminders sent per kind (the digest counts its leads) and leads checked. */
export type FollowUpJobResult = Record<ReminderKind, number> & { checked: number };

const reasonOf = (error: unknown) => (error instanceof Error ? error.name : "unknown");

type PersonReminder = Exclude<ReminderKind, "digest">;

/** Records `kind` as sent at `at` if it is still due; says whether this run must send it. */
async function recordReminder(
  followUps: FollowUpStore,
  item: ReminderLead,
  kind: ReminderKind,
  at: Date,
  config: ServerConfig,
): Promise<FollowUp | undefined> {
  const change = await followUps.update(item.lead.id, (current) =>
    dueReminders(item.lead, current, at, config.followUp).includes(kind)
      ? { ok: true, followUp: { ...current, reminders: { ...current.reminders, [kind]: at.toISOString() } } }
      : { ok: false, reason: "no longer due" },
  );
  return change.changed ? change.followUp : undefined;
}

/** Sends one recorded reminder by e-mail and to the webhook; never throws. */
async function sendReminder(kind: PersonReminder, item: ReminderLead, options: FollowUpJobOptions) {
  const { config, mailer, retry } = options;
  const now = options.now ?? (() => new Date());
  const detail = reminderDetail(kind, item.lead, item.followUp, {
    nudgeMinutes: config.followUp.nudgeMinutes,
    escalateMinutes: config.followUp.escalateMinutes,
    businessHours: !!config.followUp.businessHours,
  });
  const message = buildReminderEmail(kind, item, {
    salesEmail: config.salesEmail,
    escalationEmail: config.followUp.escalationEmail,
    mailFrom: config.mailFrom,
    detail,
  });
  const settings = config.leadWebhook;
  const webhook = settings
    ? postLeadEvent(
        {
          kind: "alert",
          lead: webhookLead(item.lead, { owner: item.followUp.owner?.name, claimUrl: item.claimUrl }),
          alert: { reason: kind, detail },
        },
        settings,
        now,
        retry,
      )
    : undefined;
  const mailed = await sendWithRetry(mailer, message, retry);
  if (mailed.status === "sent") logInfo("follow-up reminder sent", { requestId: item.lead.id, kind });
  else {
    logError(`LEAD FOLLOW-UP ${item.lead.id}: the ${kind} e-mail could not be sent`, {
      kind,
      status: mailed.code,
      error: mailed.error,
    });
  }
  const posted = await webhook;
  if (posted && posted.status !== "sent") {
    logError("follow-up reminder not accepted by the webhook", {
      requestId: item.lead.id,
      kind,
      status: posted.code,
    });
  }
}

/** The leads behind the markers, with their records; markers without a lead are removed after a grace. */
async function openLeads(options: FollowUpJobOptions, readAt: number): Promise<ReminderLead[]> {
  const { leads, followUps, config, linkOrigin } = options;
  const found = new Map<string, { since?: string; kinds: Set<string> }>();
  for (const kind of ["unclaimed", "claimed"] as const) {
    for (const marker of await followUps.markers(kind)) {
      const entry = found.get(marker.id) ?? { since: marker.since, kinds: new Set<string>() };
      entry.kinds.add(kind === "unclaimed" ? "new" : "claimed");
      found.set(marker.id, entry);
    }
  }
  const items: ReminderLead[] = [];
  for (const [id, marker] of found) {
    try {
      const lead = await leads.get(id);
      if (!lead) {
        if (!marker.since || readAt - Date.parse(marker.since) >= ORPHAN_GRACE_MS) await followUps.remove(id);
        continue;
      }
      const followUp = await followUps.get(id);
      const expected = followUp.state === "new" || followUp.state === "claimed" ? [followUp.state] : [];
      if (
        lead.state === "spam" ||
        marker.kinds.size !== expected.length ||
        !marker.kinds.has(expected[0] ?? "")
      ) {
        // A spam lead needs no follow-up; otherwise the record is the truth and the markers follow it.
        await followUps.syncMarkers(
          id,
          lead.state === "spam" ? { state: "closed" } : followUp,
          lead.receivedAt,
        );
      }
      if (lead.state === "spam" || expected.length === 0) continue;
      items.push({ lead, followUp, claimUrl: claimUrlFor(config, id, linkOrigin) });
    } catch (error) {
      logError("follow-up of one demo request not checked; the others go on", {
        requestId: id,
        reason: reasonOf(error),
      });
    }
  }
  return items.sort((a, b) => a.lead.receivedAt.localeCompare(b.lead.receivedAt));
}

/** Sends the day's digest of `waiting` suspected leads when one is due; returns how many it held. */
async function sendDigest(waiting: ReminderLead[], options: FollowUpJobOptions, at: Date): Promise<number> {
  const { config, followUps, mailer, retry } = options;
  const hours = config.followUp.businessHours;
  if (waiting.length === 0 || !isWithinBusinessHours(hours, at)) return 0;
  const date = localDate(hours, at);
  if (!(await followUps.recordDigest(date, at))) return 0;
  const held: ReminderLead[] = [];
  for (const item of waiting) {
    try {
      const followUp = await recordReminder(followUps, item, "digest", at, config);
      if (followUp) held.push({ ...item, followUp });
    } catch (error) {
      logError("suspected lead not recorded in the digest", {
        requestId: item.lead.id,
        reason: reasonOf(error),
      });
    }
  }
  if (held.length === 0) return 0;
  const message = buildDigestEmail(held, { salesEmail: config.salesEmail, mailFrom: config.mailFrom, date });
  const result = await sendWithRetry(mailer, message, retry);
  if (result.status === "sent") logInfo("suspected spam digest sent", { count: held.length, date });
  else {
    logError(`LEAD FOLLOW-UP: the suspected spam digest of ${date} could not be sent`, {
      count: held.length,
      requestIds: held.map((item) => item.lead.id).join(","),
    });
  }
  return held.length;
}

/** Runs the check once. Only a failed marker listing or digest record throws. */
export async function runFollowUpCheck(options: FollowUpJobOptions): Promise<FollowUpJobResult> {
  const now = options.now ?? (() => new Date());
  const at = now();
  const items = await openLeads(options, at.getTime());
  const result: FollowUpJobResult = {
    checked: items.length,
    nudge: 0,
    escalation: 0,
    "promise-at-risk": 0,
    digest: 0,
  };
  const digest: ReminderLead[] = [];
  for (const item of items) {
    for (const kind of dueReminders(item.lead, item.followUp, at, options.config.followUp)) {
      if (kind === "digest") {
        digest.push(item);
        continue;
      }
      try {
        const followUp = await recordReminder(options.followUps, item, kind, at, options.config);
        if (!followUp) continue;
        item.followUp = followUp;
        await sendReminder(kind, item, options);
        result[kind] += 1;
      } catch (error) {
        logError("follow-up reminder not recorded; the next run tries again", {
          requestId: item.lead.id,
          kind,
          reason: reasonOf(error),
        });
      }
    }
  }
  result.digest = await sendDigest(digest, options, at);
  return result;
}
