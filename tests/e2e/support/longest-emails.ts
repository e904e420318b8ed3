/**
 * Every kind of e-mail the functions send, built by their own builders from leads whose every field is at its
 * limit in the widest letters and without a space (a 255-character address, 100-character names, a 200-character
 * company, a 1,000-character message, 200-character attribution values), and the claim page of a lead with a
 * long everyday address. For tests/e2e/email-widths.spec.ts.
 */
import { companyMatchAddOn } from "../../../netlify/lib/add-ons/company-match/add-on";
import { matchLines } from "../../../netlify/lib/add-ons/company-match/lines";
import { confirmationAddOn } from "../../../netlify/lib/add-ons/confirmation/confirmation";
import { createClaimHandler } from "../../../netlify/lib/add-ons/follow-up/claim-handler";
import { claimUrlFor } from "../../../netlify/lib/add-ons/follow-up/claim-link";
import { buildFollowUpNotice } from "../../../netlify/lib/add-ons/follow-up/follow-up-notice";
import { createFollowUpStore } from "../../../netlify/lib/add-ons/follow-up/follow-up-store";
import {
  buildDigestEmail,
  buildReminderEmail,
  reminderDetail,
} from "../../../netlify/lib/add-ons/follow-up/reminder-emails";
import { drySummary } from "../../helpers/dry-summary";
import { limitNearNotice } from "../../../netlify/lib/add-ons/confirmation/confirmation";
import { addOnsFor } from "../../../netlify/lib/compose";
import type { AddOn } from "../../../netlify/lib/core/add-on";
import {
  alertIfDue,
  alertNotice,
  reportMalformedLead,
  tellInvalidSettings,
} from "../../../netlify/lib/core/delivery/alert";
import type { MailMessage } from "../../../netlify/lib/core/delivery/mailer";
import { buildSalesEmail } from "../../../netlify/lib/core/delivery/sales-email";
import { newLead, type LeadRecord } from "../../../netlify/lib/core/leads/lead-record";
import { LeadRecorder } from "../../../netlify/lib/core/leads/lead-store";
import { ATTRIBUTION_KEYS, ATTRIBUTION_MAX_LENGTH } from "../../../src/lib/attribution";
import { DEMO_REQUEST_FIELDS, type DemoRequestField } from "../../../src/lib/demo-request";
import { memoryLimits, scriptedMailer, TEST_CONFIG, testAddOns } from "../../helpers/function-harness";
import { createMemoryBlobs } from "../../helpers/memory-blobs";
import { createMemoryLeadStore } from "../../helpers/memory-lead-store";

const limit = (name: DemoRequestField) => DEMO_REQUEST_FIELDS.find((row) => row.name === name)!.limit;
/** "W" is the widest Latin letter: a run of it is the longest line a field can make. */
const wide = (length: number) => "W".repeat(length);

/** A 255-character address in wide letters: a 64-character local part and three labels of up to 63. */
export const LONGEST_EMAIL = `${wide(64)}@${wide(63)}.${wide(63)}.${wide(limit("email") - 64 - 1 - 128 - 4)}.com`;

/** A 50-character phone number of digits, so that it is a tel: link. */
const LONGEST_PHONE = `+61${"8".repeat(limit("phone") - 3)}`;

/** An everyday address too long for one line of a phone's button: it must break after "@" or "." only. */
export const LONG_EVERYDAY_EMAIL = "operations.superintendent@pilbaraironoreconsulting.com.au";

const AT = new Date("2026-11-25T02:00:00Z");
const NOW = new Date("2026-11-30T09:00:00Z");

function request(email = LONGEST_EMAIL) {
  return {
    firstName: wide(limit("firstName")),
    lastName: wide(limit("lastName")),
    email,
    phone: LONGEST_PHONE,
    company: wide(limit("company")),
    message: wide(limit("message")),
  };
}

const attribution = Object.fromEntries(ATTRIBUTION_KEYS.map((key) => [key, wide(ATTRIBUTION_MAX_LENGTH)]));

// As a lead stored while the confirmation and the webhook are on.
const leadOf = (id: string, options: Parameters<typeof newLead>[3] = {}) =>
  newLead(id, request(), AT, { attribution, channels: ["confirmation", "webhook"], ...options });

const suspectedSpam = wide(200);
const owner = { name: wide(100) };

/** The company match's lines at their longest: a returning prospect and colleagues at the longest domain. */
function companyLines(lead: LeadRecord): string[] {
  const longestOwner = { name: wide(80) };
  const match = {
    domain: LONGEST_EMAIL.split("@")[1],
    related: [
      {
        lead,
        via: "inbox" as const,
        view: { state: "closed" as const, closedReason: "pilot agreed", owner: longestOwner },
      },
      { lead, via: "company" as const, view: { state: "claimed" as const, owner: longestOwner } },
    ],
    more: 9_999,
    reads: { indexes: 2, leads: 20 },
  };
  return matchLines(match, "Australia/Perth");
}

/** Each kind of e-mail to the sales team, the prospect and the owner, by a name a test can show. */
export async function longestEmails(): Promise<Record<string, MailMessage>> {
  const lead = { ...leadOf("11111111-1111-4111-8111-111111111111"), state: "sent" as const };
  const claimUrl = claimUrlFor(TEST_CONFIG, lead.id, NOW)!;
  const item = { lead, followUp: { state: "claimed" as const, owner }, claimUrl };
  const reminder = (kind: "nudge" | "escalation" | "promise-at-risk") =>
    buildReminderEmail(
      kind,
      item,
      reminderDetail(kind, lead, item.followUp, TEST_CONFIG.followUp),
      TEST_CONFIG,
    );
  const suspected = {
    ...leadOf("22222222-2222-4222-8222-222222222222"),
    state: "sent" as const,
    suspectedSpam,
  };

  return {
    sales: buildSalesEmail(lead.request, {
      salesEmail: TEST_CONFIG.salesEmail,
      mailFrom: TEST_CONFIG.mailFrom,
      receivedAt: AT,
      requestId: lead.id,
      suspectedSpam,
      attribution,
      claimUrl,
      emailClass: { class: "company", domain: LONGEST_EMAIL.split("@")[1], role: true },
      lines: companyLines(lead),
    }),
    confirmation: await confirmation(lead),
    nudge: reminder("nudge"),
    escalation: reminder("escalation"),
    "promise at risk": reminder("promise-at-risk"),
    digest: buildDigestEmail(
      [{ lead: suspected, followUp: { state: "new" }, claimUrl }],
      "2026-11-25",
      TEST_CONFIG,
    ),
    summary: await summary(lead, suspected),
    "hand-over": buildFollowUpNotice(
      lead,
      {
        state: "claimed",
        owner,
        history: [{ at: NOW.toISOString(), kind: "handed-over", from: wide(100), to: owner.name }],
      },
      "handed-over",
      TEST_CONFIG,
      claimUrl,
    )!,
    booking: buildFollowUpNotice(
      lead,
      {
        state: "booked",
        owner,
        history: [{ at: NOW.toISOString(), kind: "booked", startTime: NOW.toISOString(), confirmed: false }],
      },
      "booked",
      TEST_CONFIG,
      claimUrl,
    )!,
    ...(await alerts()),
  };
}

/** The sales e-mail of a lead whose address is LONG_EVERYDAY_EMAIL. */
export function everydaySalesEmail(): MailMessage {
  return buildSalesEmail(request(LONG_EVERYDAY_EMAIL), {
    salesEmail: TEST_CONFIG.salesEmail,
    mailFrom: TEST_CONFIG.mailFrom,
    receivedAt: AT,
    requestId: "33333333-3333-4333-8333-333333333333",
  });
}

/** The claim page's HTML for a lead whose address is LONG_EVERYDAY_EMAIL. */
export async function everydayClaimPage(): Promise<string> {
  const followUps = createFollowUpStore(createMemoryBlobs());
  const leads = createMemoryLeadStore({ followUps });
  const lead = newLead("44444444-4444-4444-8444-444444444444", request(LONG_EVERYDAY_EMAIL), AT);
  await leads.create({ ...lead, state: "sent" });
  const handle = createClaimHandler({
    getConfig: () => ({ ok: true, config: TEST_CONFIG }),
    getAddOns: testAddOns,
    getLeadEvents: () => createMemoryBlobs(),
    getStore: () => leads,
    getFollowUps: () => followUps,
    createMailer: () => scriptedMailer(),
    now: () => NOW,
  });
  const answer = await handle(new Request(claimUrlFor(TEST_CONFIG, lead.id, NOW)!), lead.id);
  return answer.text();
}

async function confirmation(lead: LeadRecord): Promise<MailMessage> {
  const mailer = scriptedMailer();
  const limits = memoryLimits({ now: () => NOW });
  const channel = confirmationAddOn(() => limits).channel!.channel;
  const config = { ...TEST_CONFIG, bookingUrl: "https://cal.example/resources-ai/demo" };
  // The booking link reaches the confirmation through the booking add-on's hook.
  const addOns = await addOnsFor(config, { confirmationLimits: () => limits });
  await channel.send(lead, { config, mailer, addOns, now: () => NOW });
  return mailer.sent[0];
}

async function summary(claimed: LeadRecord, suspected: LeadRecord): Promise<MailMessage> {
  const blobs = createMemoryBlobs();
  const followUps = createFollowUpStore(blobs);
  const leads = createMemoryLeadStore({ followUps });
  await leads.create(claimed);
  await followUps.update(claimed.id, () => ({
    ok: true,
    followUp: { state: "closed", closedReason: "not a fit", owner, claimedAt: AT.toISOString() },
  }));
  await leads.create(suspected);
  const held = { kind: "spam", reason: wide(200) } as const;
  await leads.create(leadOf("55555555-5555-4555-8555-555555555555", { verdict: held }));
  for (const n of [6, 7]) {
    await leads.create(
      leadOf(`${n}6666666-6666-4666-8666-666666666666`, { verdict: held, clientKey: "one" }),
    );
  }
  // Company match on: both delivered leads share the longest domain, so it heads the list of repeat companies.
  const companyMatch = companyMatchAddOn(TEST_CONFIG, () => ({ blobs, leads }));
  const { message } = await drySummary(
    { leads, followUps, blobs },
    { now: () => NOW, addOns: [companyMatch] },
  );
  return message;
}

/** The four alerts to the site's owner: an undelivered lead, confirmations nearly spent, settings, a malformed lead. */
async function alerts(): Promise<Record<string, MailMessage>> {
  const mailer = scriptedMailer();
  const blobs = createMemoryBlobs();
  const deps = { config: TEST_CONFIG, mailer, blobs, now: NOW };
  const failed = { ...leadOf("77777777-7777-4777-8777-777777777777"), state: "failed" as const };
  const store = createMemoryLeadStore();
  await store.create(failed);
  const addOns: AddOn[] = [];
  await alertIfDue(new LeadRecorder(store, failed), {
    config: TEST_CONFIG,
    mailer,
    addOns,
    now: () => NOW,
  });
  await alertNotice(limitNearNotice({ used: 190, limit: 200 }, NOW), deps);
  await tellInvalidSettings([`LEAD_WEBHOOK_URL: ${wide(200)}`], deps);
  await reportMalformedLead("88888888-8888-4888-8888-888888888888", "the follow-up job", {
    ...deps,
    now: () => NOW,
  });
  const [undelivered, notice, settings, malformed] = mailer.sent;
  return {
    "alert: undelivered lead": undelivered,
    "alert: confirmations nearly spent": notice,
    "alert: settings": settings,
    "alert: malformed lead": malformed,
  };
}
