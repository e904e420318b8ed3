/**
 * @jest-environment node
 */
// Every e-mail and channel message the sales team reads speaks their words (docs/requirements.md#sales-tools,
// docs/decisions/0037-email-layout.md): the sales e-mail, the nudge, the escalation, the promise at risk, the
// digest, the weekly summary and the lead webhook's Slack and Teams texts, with every stored spam reason and
// business hours on, name no setting, command, field or ISO week. Owner alerts are left out: they name the
// setting to fix.
import { parseBusinessHours } from "../../../../netlify/lib/kit/business-hours";
import { NEW_FOLLOW_UP } from "../../../../netlify/lib/add-ons/follow-up/follow-up-record";
import { createFollowUpStore } from "../../../../netlify/lib/add-ons/follow-up/follow-up-store";
import {
  buildDigestEmail,
  buildReminderEmail,
  reminderDetail,
  type PersonReminder,
} from "../../../../netlify/lib/add-ons/follow-up/reminder-emails";
import { summaryEvent, summaryNotice } from "../../../../netlify/lib/add-ons/summary/summary-event";
import { drySummary } from "../../../helpers/dry-summary";
import { slackMessage } from "../../../../netlify/lib/add-ons/webhook/slack";
import { teamsMessage } from "../../../../netlify/lib/add-ons/webhook/teams";
import { noticeRequest, webhookLead } from "../../../../netlify/lib/add-ons/webhook/post-lead-event";
import { buildSalesEmail } from "../../../../netlify/lib/core/delivery/sales-email";
import { newLead, type LeadRecord } from "../../../../netlify/lib/core/leads/lead-record";
import { TEST_CONFIG, VALID } from "../../../helpers/function-harness";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";
import { STORED_REASONS } from "../../../helpers/spam-reasons";

const CONFIG = {
  ...TEST_CONFIG,
  followUp: {
    ...TEST_CONFIG.followUp,
    businessHours: parseBusinessHours("Mon-Fri 08:00-17:00 Australia/Perth"),
  },
};
const REASONS = Object.values(STORED_REASONS);
const NOW = new Date("2026-12-02T02:00:00Z");
const at = (n: number) => new Date(Date.parse("2026-11-30T01:00:00Z") + n * 60_000);
const claimUrl = (id: string) => `https://resources.example/leads/${id}?sig=abc`;

/** Leads of this week: for each reason one held and one suspected, and a flood from one client. */
function leads(): LeadRecord[] {
  const held = REASONS.map((reason, n) =>
    newLead(`held-${n}`, { ...VALID }, at(n), { verdict: { kind: "spam", reason }, honeypot: VALID.email }),
  );
  const suspected = REASONS.map((reason, n) => ({
    ...newLead(`suspected-${n}`, { ...VALID }, at(20 + n)),
    state: "sent" as const,
    suspectedSpam: reason,
  }));
  const flood = [0, 1, 2].map((n) =>
    newLead(`flood-${n}`, { ...VALID, email: `bot${n}@b${n}.example` }, at(40 + n), {
      verdict: { kind: "spam", reason: STORED_REASONS.honeypot },
      clientKey: "one-client",
    }),
  );
  return [...held, ...suspected, ...flood];
}

type Shown = { name: string; words: string };

function salesEmails(): Shown[] {
  return REASONS.map((suspectedSpam) => {
    const message = buildSalesEmail(
      { ...VALID },
      {
        salesEmail: CONFIG.salesEmail,
        mailFrom: CONFIG.mailFrom,
        receivedAt: at(0),
        requestId: "suspected-0",
        suspectedSpam,
        claimUrl: claimUrl("suspected-0"),
        timeZone: CONFIG.followUp.businessHours!.zone,
      },
    );
    return {
      name: `sales e-mail (${suspectedSpam})`,
      words: `${message.subject}\n${message.html}\n${message.text}`,
    };
  });
}

function reminders(): Shown[] {
  const lead = leads().find((l) => l.id === "suspected-0")!;
  const kinds: PersonReminder[] = ["nudge", "escalation", "promise-at-risk"];
  return kinds.map((kind) => {
    const detail = reminderDetail(kind, lead, NEW_FOLLOW_UP, CONFIG.followUp);
    const item = { lead, followUp: NEW_FOLLOW_UP, claimUrl: claimUrl(lead.id) };
    const message = buildReminderEmail(kind, item, detail, CONFIG);
    return { name: kind, words: `${message.subject}\n${message.html}\n${message.text}` };
  });
}

function digest(): Shown {
  const items = leads().map((lead) => ({
    lead,
    followUp: NEW_FOLLOW_UP,
    claimUrl: claimUrl(lead.id),
    releaseUrl: lead.state === "spam" ? `${claimUrl(lead.id)}/release` : undefined,
  }));
  const message = buildDigestEmail(items, "2026-12-02", CONFIG);
  return { name: "digest", words: `${message.subject}\n${message.html}\n${message.text}` };
}

async function summaries(): Promise<Shown[]> {
  const blobs = createMemoryBlobs();
  const followUps = createFollowUpStore(blobs);
  const store = createMemoryLeadStore({ followUps });
  for (const lead of leads()) await store.create(lead);
  const shown: Shown[] = [];
  // A week running and a week of last year, as the owner may send them.
  for (const week of ["2026-W49", "2025-W52"]) {
    const { message, summary } = await drySummary(
      { leads: store, followUps, blobs },
      { config: CONFIG, now: () => NOW, week },
    );
    shown.push({ name: `summary ${week}`, words: `${message.subject}\n${message.html}\n${message.text}` });
    for (const format of ["slack", "teams"] as const) {
      const request = noticeRequest(summaryNotice(summaryEvent(summary), NOW), { format }, NOW);
      shown.push({ name: `summary ${week} in ${format}`, words: request.body });
    }
  }
  return shown;
}

function channelMessages(): Shown[] {
  const lead = leads().find((l) => l.id === "suspected-0")!;
  return REASONS.flatMap((suspectedSpam) => {
    const event = {
      kind: "lead",
      lead: webhookLead({ ...lead, suspectedSpam }, { claimUrl: claimUrl(lead.id) }),
    } as const;
    return [
      { name: `Slack (${suspectedSpam})`, words: JSON.stringify(slackMessage(event)) },
      { name: `Teams (${suspectedSpam})`, words: JSON.stringify(teamsMessage(event)) },
    ];
  });
}

test("no e-mail or channel message to the sales team names a setting, a command, a field or an ISO week", async () => {
  const shown = [...salesEmails(), ...reminders(), digest(), ...(await summaries()), ...channelMessages()];
  const found = shown.flatMap(({ name, words }) =>
    [/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/, /\bnpm\b/, /honeypot/i, /\d{4}-W\d{2}/].flatMap((pattern) => {
      const match = pattern.exec(words);
      return match ? [`${name}: ${match[0]}`] : [];
    }),
  );
  expect(found).toEqual([]);
  // The fixtures reach every list: each reason is shown, in words.
  const all = shown.map(({ words }) => words).join("\n");
  expect(all).toContain("a field people can't see was filled in");
  expect(all).toContain("week of Mon 30 Nov");
  expect(all).toContain("week of Mon 22 Dec 2025");
  expect(all).toContain("business minutes");
});
