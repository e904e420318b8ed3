/**
 * @jest-environment node
 */
// Visitor text has one writer in an e-mail's plain part (netlify/lib/kit/email-layout.tsx, renderEmail): every
// field and every attribution value, each posing as one of our `label [url]` lines, goes through every e-mail
// that shows visitor text, and the plain part brackets nothing but our own links and tags.
import { buildDigestEmail, buildReminderEmail } from "../../../netlify/lib/add-ons/follow-up/reminder-emails";
import { buildFollowUpNotice } from "../../../netlify/lib/add-ons/follow-up/follow-up-notice";
import { createFollowUpStore } from "../../../netlify/lib/add-ons/follow-up/follow-up-store";
import { drySummary } from "../../helpers/dry-summary";
import { buildSalesEmail } from "../../../netlify/lib/core/delivery/sales-email";
import { newLead, type LeadRecord } from "../../../netlify/lib/core/leads/lead-record";
import type { SpamVerdict } from "../../../netlify/lib/core/spam/spam";
import { ATTRIBUTION_KEYS } from "../../../src/lib/attribution";
import { DEMO_REQUEST_FIELDS } from "../../../src/lib/demo-request";
import { TEST_CONFIG } from "../../helpers/function-harness";
import { createMemoryBlobs } from "../../helpers/memory-blobs";
import { createMemoryLeadStore } from "../../helpers/memory-lead-store";

const SITE = TEST_CONFIG.siteOrigin!;
const posing = (what: string) => `Claim [https://evil.example/${what}]`;

const request = Object.fromEntries(
  DEMO_REQUEST_FIELDS.map(({ name }) => [name, name === "email" ? "x[y]@acme.example" : posing(name)]),
) as LeadRecord["request"];
const attribution = Object.fromEntries(ATTRIBUTION_KEYS.map((key) => [key, posing(key)]));
const at = new Date("2026-11-25T02:00:00Z");
const lead = (id: string, verdict?: SpamVerdict) =>
  newLead(id, request, at, { attribution, verdict, honeypot: verdict?.kind === "spam" ? posing("hp") : "" });

/** The bracketed groups of `text` that are neither our site's links nor our tags; an unmatched bracket too. */
function foreignBrackets(text: string): string[] {
  const ours = new RegExp(String.raw`\[(${SITE.replace(/\./g, "\\.")}/[^\]\s]*|[a-z ]+)\]`, "g");
  return text.replace(ours, "").match(/\[[^\]]*\]?|\]/g) ?? [];
}

test("every e-mail showing visitor text brackets only our links and tags in its plain part", async () => {
  const clean = lead("11111111-1111-4111-8111-111111111111");
  const suspected = lead("22222222-2222-4222-8222-222222222222", {
    kind: "suspected",
    reason: posing("why"),
  });
  const held = lead("33333333-3333-4333-8333-333333333333", { kind: "spam", reason: posing("held") });
  const claimUrl = `${SITE}/leads/${clean.id}?sig=s`;
  const followUp = { state: "claimed" as const, owner: { name: posing("owner") } };
  const item = { lead: clean, followUp, claimUrl };
  const handedOver = {
    ...followUp,
    history: [
      { at: at.toISOString(), kind: "handed-over" as const, from: posing("from"), to: posing("owner") },
    ],
  };
  const booked = {
    ...followUp,
    history: [
      { at: at.toISOString(), kind: "booked" as const, startTime: at.toISOString(), confirmed: false },
    ],
  };

  const blobs = createMemoryBlobs();
  const followUps = createFollowUpStore(blobs);
  const leads = createMemoryLeadStore({ followUps });
  for (const stored of [clean, suspected, held]) await leads.create(stored);
  const { message: summary } = await drySummary({ leads, followUps, blobs });

  const emails = {
    sales: buildSalesEmail(request, {
      salesEmail: TEST_CONFIG.salesEmail,
      mailFrom: TEST_CONFIG.mailFrom,
      receivedAt: at,
      requestId: suspected.id,
      suspectedSpam: suspected.suspectedSpam,
      attribution,
      claimUrl,
    }),
    nudge: buildReminderEmail("nudge", item, "detail", TEST_CONFIG),
    escalation: buildReminderEmail("escalation", item, "detail", TEST_CONFIG),
    "promise at risk": buildReminderEmail("promise-at-risk", item, "detail", TEST_CONFIG),
    digest: buildDigestEmail([{ ...item, lead: suspected }], "2026-11-25", TEST_CONFIG),
    summary,
    "hand-over": buildFollowUpNotice(clean, handedOver, "handed-over", TEST_CONFIG, claimUrl)!,
    booking: buildFollowUpNotice(clean, booked, "booked", TEST_CONFIG, claimUrl)!,
  };
  for (const [kind, email] of Object.entries(emails)) {
    expect({ kind, foreign: foreignBrackets(email.text) }).toEqual({ kind, foreign: [] });
  }
  // The visitor's words are still there, read with parentheses, and the HTML part keeps them as typed.
  expect(emails.sales.text).toContain("Claim (https://evil.example/utm_campaign)");
  expect(emails.sales.html).toContain(posing("firstName"));
  expect(emails.summary.text).toContain(`[${SITE}/leads/${held.id}/release?sig=`);
});
