/**
 * The follow-up job, every 5 minutes (docs/requirements.md#follow-up, docs/decisions/0029-lead-follow-up.md):
 * which reminders a lead needs now, and sending them. Each reminder is recorded with a conditional write
 * before it is sent, so a claim made meanwhile wins; a transient send failure is unrecorded for the next run.
 * It stops after 3 failures in a row or `budgetMs` (Netlify stops a scheduled function after 30 s).
 */
import { businessMinutesBetween, isWithinBusinessHours, localDate } from "../../kit/business-hours";
import type { FollowUpConfig } from "./settings";
import { claimUrlFor, releaseUrlFor } from "./claim-link";
import { type FollowUp, type ReminderKind } from "./follow-up-record";
import { awaitsContact } from "../../core/follow-up-hooks";
import type { FollowUpStore } from "./follow-up-store";
import { MalformedLeadError, promiseStart, type LeadRecord } from "../../core/leads/lead-record";
import type { LeadStore } from "../../core/leads/lead-store";
import { createBreaker, inBatches, recordThenSend, type Breaker } from "../../kit/jobs";
import { MARKER_GRACE_MS, type JsonBlobs } from "../../kit/json-blobs";
import { errorName, logError, logInfo } from "../../kit/log";
import {
  sendWithRetry,
  type Mailer,
  type MailMessage,
  type RetryOptions,
  type SendResult,
} from "../../core/delivery/mailer";
import { reportMalformedLead } from "../../core/delivery/alert";
import { postAlertOf, type AddOn } from "../../core/add-on";
import {
  buildDigestEmail,
  buildReminderEmail,
  PROMISE_AT_RISK_HOURS,
  reminderDetail,
  type JobConfig,
  type PersonReminder,
  type ReminderLead,
} from "./reminder-emails";

/** False once no reminder can fall due for `lead`, however long it waits; the job then drops its marker. */
function mayNeedReminders(lead: LeadRecord, followUp: FollowUp): boolean {
  const eventually = new Date(8.64e15);
  return dueReminders(lead, followUp, eventually, { nudgeMinutes: 0, escalateMinutes: 0 }).length > 0;
}

/**
 * The reminders `lead` needs at `now` that it has not had, in the order they are sent. A lead held as spam or
 * suspected that nobody took is listed once in the day's digest instead (docs/decisions/0038-weekly-summary.md);
 * a held lead needs nothing more, until its release starts a new lead's clocks.
 */
export function dueReminders(
  lead: Pick<LeadRecord, "receivedAt" | "released" | "state" | "suspectedSpam">,
  followUp: FollowUp,
  now: Date,
  settings: Pick<FollowUpConfig, "nudgeMinutes" | "escalateMinutes" | "businessHours">,
): ReminderKind[] {
  if (!awaitsContact(followUp)) return [];
  const had = followUp.reminders ?? {};
  const held = lead.state === "spam";
  if ((held || lead.suspectedSpam) && followUp.state === "new") return had.digest ? [] : ["digest"];
  if (held) return [];
  const arrived = new Date(promiseStart(lead));
  const due: ReminderKind[] = [];
  if (followUp.state === "new") {
    // A cancelled booking starts the clock again (docs/decisions/0030-slack-and-booking-loop.md).
    const from = followUp.clockFrom ? new Date(followUp.clockFrom) : arrived;
    const waited = businessMinutesBetween(settings.businessHours, from, now);
    if (!had.nudge && waited >= settings.nudgeMinutes) due.push("nudge");
    if (!had.escalation && waited >= settings.escalateMinutes) due.push("escalation");
  }
  if (!had["promise-at-risk"] && now.getTime() - arrived.getTime() >= PROMISE_AT_RISK_HOURS * 3_600_000) {
    due.push("promise-at-risk");
  }
  return due;
}

const DEFAULT_BUDGET_MS = 20_000;

interface FollowUpJobOptions {
  /** The add-ons on: a reminder also goes to the team's channel through the first that posts alerts. */
  addOns: readonly AddOn[];
  leads: LeadStore;
  followUps: FollowUpStore;
  mailer: Mailer;
  config: JobConfig;
  now?: () => Date;
  retry?: RetryOptions;
  budgetMs?: number;
  malformedNotes?: JsonBlobs;
}

/** The record with `kind` recorded at `at`, or undefined when no longer due. */
async function recordReminder(
  options: FollowUpJobOptions,
  item: ReminderLead,
  kind: ReminderKind,
  at: Date,
): Promise<FollowUp | undefined> {
  const change = await options.followUps.update(item.lead.id, (current) =>
    dueReminders(item.lead, current, at, options.config.followUp).includes(kind)
      ? { ok: true, followUp: { ...current, reminders: { ...current.reminders, [kind]: at.toISOString() } } }
      : { ok: false, reason: "no longer due" },
  );
  return change.changed ? change.followUp : undefined;
}

async function unrecordReminder(followUps: FollowUpStore, id: string, kind: ReminderKind, at: Date) {
  try {
    await followUps.update(id, (current) => {
      if (current.reminders?.[kind] !== at.toISOString()) return { ok: false, reason: "changed since" };
      const reminders = { ...current.reminders };
      delete reminders[kind];
      return { ok: true, followUp: { ...current, reminders } };
    });
  } catch (error) {
    logError(`LEAD FOLLOW-UP ${id}: the ${kind} was not sent and stays recorded`, {
      reason: errorName(error),
    });
  }
}

async function mail(message: MailMessage, options: FollowUpJobOptions, breaker: Breaker) {
  const result = await sendWithRetry(options.mailer, message, options.retry);
  breaker.record(result);
  return result;
}

async function sendReminder(
  kind: PersonReminder,
  item: ReminderLead,
  options: FollowUpJobOptions,
  breaker: Breaker,
): Promise<SendResult> {
  const { config, retry } = options;
  const now = options.now ?? (() => new Date());
  const detail = reminderDetail(kind, item.lead, item.followUp, config.followUp);
  const message = buildReminderEmail(kind, item, detail, config);
  const alert = { reason: kind, detail, owner: item.followUp.owner?.name, claimUrl: item.claimUrl };
  const posted = postAlertOf(options.addOns, item.lead, alert, { config, retry, now });
  const mailed = await mail(message, options, breaker);
  if (mailed.status === "sent") logInfo("follow-up reminder sent", { requestId: item.lead.id, kind });
  else if (mailed.status === "permanent") {
    logError(`LEAD FOLLOW-UP ${item.lead.id}: the ${kind} e-mail was refused and will not be sent`, {
      kind,
      status: mailed.code,
      error: mailed.error,
    });
  } else {
    logError(`follow-up ${kind} e-mail not accepted; the next run sends it`, {
      requestId: item.lead.id,
      status: mailed.code,
      error: mailed.error,
    });
  }
  await posted;
  return mailed;
}

/** One marked lead, its markers repaired; undefined when it needs no more reminders. */
async function openLead(
  id: string,
  kinds: Set<"unclaimed" | "claimed">,
  options: FollowUpJobOptions,
  readAt: number,
): Promise<ReminderLead | undefined> {
  const { leads, followUps, config } = options;
  const lead = await leads.get(id);
  if (!lead) {
    const [kind] = [...kinds];
    const since = await followUps.markerSince(kind, id);
    if (!since || readAt - Date.parse(since) >= MARKER_GRACE_MS) await followUps.remove(id);
    return undefined;
  }
  const followUp = await followUps.get(id);
  if (!mayNeedReminders(lead, followUp)) {
    await followUps.syncMarkers(id, "retire", lead.receivedAt);
    return undefined;
  }
  const expected = followUp.state === "new" ? "unclaimed" : "claimed";
  if (kinds.size !== 1 || !kinds.has(expected)) await followUps.syncMarkers(id, followUp, lead.receivedAt);
  const releaseUrl = lead.state === "spam" ? releaseUrlFor(config, id) : undefined;
  return { lead, followUp, claimUrl: claimUrlFor(config, id, new Date(readAt)), releaseUrl };
}

async function openLeads(options: FollowUpJobOptions, readAt: number): Promise<ReminderLead[]> {
  const marked = new Map<string, Set<"unclaimed" | "claimed">>();
  for (const kind of ["unclaimed", "claimed"] as const) {
    for (const id of await options.followUps.markerIds(kind))
      marked.set(id, (marked.get(id) ?? new Set()).add(kind));
  }
  const items: ReminderLead[] = [];
  const malformed: string[] = [];
  await inBatches([...marked.keys()], async (id) => {
    try {
      const item = await openLead(id, marked.get(id)!, options, readAt);
      if (item) items.push(item);
    } catch (error) {
      if (error instanceof MalformedLeadError) {
        malformed.push(id);
        return;
      }
      logError("follow-up of one demo request not checked; the others go on", {
        requestId: id,
        reason: errorName(error),
      });
    }
  });
  const { malformedNotes: blobs, mailer, config, retry, now } = options;
  const alerts = blobs ? { blobs, mailer, config, retry, now } : undefined;
  // One after the other: each may send an alert e-mail.
  for (const id of malformed) await reportMalformedLead(id, "the follow-up job", alerts);
  return items.sort((a, b) => a.lead.receivedAt.localeCompare(b.lead.receivedAt));
}

async function sendDigest(
  waiting: ReminderLead[],
  options: FollowUpJobOptions,
  at: Date,
  breaker: Breaker,
): Promise<number> {
  const { config, followUps } = options;
  const hours = config.followUp.businessHours;
  if (waiting.length === 0 || !breaker.allows() || !isWithinBusinessHours(hours, at)) return 0;
  const date = localDate(hours, at);
  const held: ReminderLead[] = [];
  const result = await recordThenSend({
    // The day's record first, so only one run holds that day's leads.
    record: async () => {
      if (!(await followUps.recordDigest(date, at))) return undefined;
      for (const item of waiting) {
        try {
          const followUp = await recordReminder(options, item, "digest", at);
          if (followUp) held.push({ ...item, followUp });
        } catch (error) {
          logError("held or suspected lead not recorded in the digest", {
            requestId: item.lead.id,
            reason: errorName(error),
          });
        }
      }
      return held.length > 0 && held;
    },
    send: async (leads) => {
      const mailed = await mail(buildDigestEmail(leads, date, config), options, breaker);
      if (mailed.status === "sent") logInfo("spam digest sent", { count: leads.length, date });
      else if (mailed.status === "permanent") {
        logError(`LEAD FOLLOW-UP: the spam digest of ${date} was refused and will not be sent`, {
          count: leads.length,
          requestIds: leads.map((item) => item.lead.id).join(","),
        });
      } else {
        logError("spam digest not accepted; the next run sends it", { count: leads.length, date });
      }
      return mailed;
    },
    undo: async (leads) => {
      for (const item of leads) await unrecordReminder(followUps, item.lead.id, "digest", at);
      await followUps.forgetDigest(date).catch(() => undefined);
    },
  });
  return result?.status === "sent" ? held.length : 0;
}

/** Runs the check once: the leads checked, reminders sent per kind; throws if markers or digest fail. */
export async function runFollowUpCheck(options: FollowUpJobOptions) {
  const now = options.now ?? (() => new Date());
  const at = now();
  const breaker = createBreaker({ budgetMs: options.budgetMs ?? DEFAULT_BUDGET_MS });
  const items = await openLeads(options, at.getTime());
  const result = { checked: items.length, nudge: 0, escalation: 0, "promise-at-risk": 0, digest: 0 };
  const digest: ReminderLead[] = [];
  let stopped = false;
  for (const item of items) {
    for (const kind of dueReminders(item.lead, item.followUp, at, options.config.followUp)) {
      if (kind === "digest") {
        digest.push(item);
        continue;
      }
      if (!breaker.allows()) {
        stopped = true;
        continue;
      }
      try {
        const sent = await recordThenSend({
          // A claim made meanwhile wins: the reminder is recorded only while still due.
          record: () => recordReminder(options, item, kind, at),
          send: (followUp) => {
            item.followUp = followUp;
            return sendReminder(kind, item, options, breaker);
          },
          undo: () => unrecordReminder(options.followUps, item.lead.id, kind, at),
        });
        if (sent?.status === "sent") result[kind] += 1;
      } catch (error) {
        logError("follow-up reminder not recorded; the next run tries again", {
          requestId: item.lead.id,
          kind,
          reason: errorName(error),
        });
      }
    }
  }
  result.digest = await sendDigest(digest, options, at, breaker);
  if (stopped || !breaker.allows()) {
    logError("follow-up run stopped early (SendGrid failing or out of time); the next run goes on", {
      ...result,
      reason: breaker.reason,
    });
  }
  return result;
}
