/**
 * @jest-environment node
 */
// The weekly summary's companies (docs/requirements.md#know-the-company, docs/decisions/0050-company-match.md):
// new and returning companies, and those with more than one request this week, at most REPEATED_SHOWN listed,
// read through the core's leadCompanies hook; leads held or closed as spam are neither counted nor listed.
import { companyMatchAddOn } from "../../../../netlify/lib/add-ons/company-match/add-on";
import { createFollowUpStore } from "../../../../netlify/lib/add-ons/follow-up/follow-up-store";
import {
  REPEATED_SHOWN,
  weeklyCompanyFigures,
} from "../../../../netlify/lib/add-ons/summary/company-figures";
import type { AddOn } from "../../../../netlify/lib/core/add-on";
import { inboxKeyOf } from "../../../../netlify/lib/core/leads/lead-address";
import { newLead } from "../../../../netlify/lib/core/leads/lead-record";
import { drySummary } from "../../../helpers/dry-summary";
import { TEST_CONFIG, VALID } from "../../../helpers/function-harness";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";

const idOf = (n: number) => `5f0c1a2b-3c4d-4e5f-8a9b-${String(n).padStart(12, "0")}`;
const LONG_DOMAIN = `${"c".repeat(60)}.com`;

async function setup() {
  const blobs = createMemoryBlobs();
  const followUps = createFollowUpStore(blobs);
  const leads = createMemoryLeadStore({ followUps });
  const companyMatch = companyMatchAddOn(TEST_CONFIG, () => ({ blobs, leads }));
  const followUp: AddOn = {
    name: "follow-up",
    followUpView: async (id) => (await followUps.get(id)) ?? { state: "new" },
  };
  let n = 0;
  const arrive = async (
    email: string,
    at: string,
    options: { held?: boolean; closedAsSpam?: boolean } = {},
  ) => {
    const lead = newLead(idOf(++n), { ...VALID, email }, new Date(at), {
      inboxKey: inboxKeyOf(email, TEST_CONFIG.formSecret),
      ...(options.held ? { verdict: { kind: "spam", reason: "honeypot" }, honeypot: "x" } : {}),
    });
    for (const marker of companyMatch.leadMarkers!(lead))
      await blobs.setJSON(marker, { since: lead.receivedAt });
    await leads.create(options.held ? lead : { ...lead, state: "sent" });
    if (options.closedAsSpam) {
      await followUps.update(lead.id, () => ({
        ok: true,
        followUp: { state: "closed", closedReason: "spam", closedAt: at },
      }));
    }
  };
  const summary = () => drySummary({ leads, followUps, blobs }, { addOns: [followUp, companyMatch] });
  return { arrive, summary, leads, followUps, blobs };
}

test("new and returning companies, and those with more than one request, most first, at most ten, in the e-mail", async () => {
  const w = await setup();
  // Week 2026-W48 runs from Mon 23 Nov 2026 (UTC).
  await w.arrive("old@returning-ore.com", "2026-10-05T02:00:00Z");
  await w.arrive("spam@spammed-before.com", "2026-10-05T02:00:00Z", { closedAsSpam: true });
  await w.arrive("bot@held-before.com", "2026-10-05T02:00:00Z", { held: true });
  for (const who of ["a", "b", "c"]) await w.arrive(`${who}@returning-ore.com`, "2026-11-24T02:00:00Z");
  for (const who of ["a", "b"]) await w.arrive(`${who}@${LONG_DOMAIN}`, "2026-11-24T03:00:00Z");
  for (let i = 0; i < REPEATED_SHOWN; i++)
    for (const who of ["a", "b"]) await w.arrive(`${who}@pilbara-${i}.com`, "2026-11-25T02:00:00Z");
  await w.arrive("a@spammed-before.com", "2026-11-25T02:00:00Z");
  await w.arrive("a@held-before.com", "2026-11-25T02:00:00Z");
  // Never counted or listed: a held lead, a lead closed as spam, free mail.
  for (const who of ["x", "y"]) await w.arrive(`${who}@bots-ore.com`, "2026-11-26T02:00:00Z", { held: true });
  await w.arrive("z@bots-ore.com", "2026-11-26T02:00:00Z", { closedAsSpam: true });
  for (const who of ["kim", "lee"]) await w.arrive(`${who}@gmail.com`, "2026-11-26T02:00:00Z");

  const { summary, message } = await w.summary();
  expect(summary.companies).toMatchObject({ newCompanies: 13, returningCompanies: 1 });
  expect(summary.companies!.repeated.slice(0, 2)).toEqual([
    { company: "returning-ore.com", requests: 3 },
    { company: LONG_DOMAIN, requests: 2 },
  ]);
  expect(summary.companies!.repeated).toHaveLength(REPEATED_SHOWN + 2);
  expect(summary.companies!.repeated.map((r) => r.company)).not.toContain("bots-ore.com");
  const section = (body: string) =>
    body.slice(body.indexOf("New companies"), body.indexOf("The last 12 weeks"));
  for (const body of [message.html, message.text].map(section)) {
    expect(body).toMatch(/New companies\D+13/);
    expect(body).toMatch(/Returning companies\D+1/);
    expect(body).toContain("Companies with more than one request this week");
    expect(body).toContain("returning-ore.com: 3 requests");
    // A domain is visitor text: cut as the summary's other lists cut it.
    expect(body).toContain(`${"c".repeat(39)}…: 2 requests`);
    expect(body).toContain("pilbara-7.com: 2 requests");
    expect(body).not.toContain("pilbara-8.com");
    expect(body).toContain("and 2 more companies with more than one request");
    expect(body).not.toContain("bots-ore.com");
  }
});

test("without an add-on that knows companies, the summary has no company figures", async () => {
  const w = await setup();
  await w.arrive("a@acme-mining.com", "2026-11-24T02:00:00Z");
  const { summary, message } = await drySummary({ leads: w.leads, followUps: w.followUps, blobs: w.blobs });
  expect(summary.companies).toBeUndefined();
  expect(message.text).not.toContain("companies");
});

test("the report's figures are each week's, its returning companies counted from that week's start", async () => {
  const lead = (id: string, at: string, email: string) => ({
    lead: { ...newLead(id, { ...VALID, email }, new Date(at)), state: "sent" as const },
    followUp: { state: "new" as const },
  });
  const items = [
    lead("a", "2026-11-17T02:00:00Z", "a@acme-mining.com"),
    lead("b", "2026-11-24T02:00:00Z", "b@acme-mining.com"),
    lead("c", "2026-11-25T02:00:00Z", "c@acme-mining.com"),
  ];
  const asked: [string[], string][] = [];
  const figures = await weeklyCompanyFigures(items, "UTC", async (leads, since) => {
    asked.push([leads.map((l) => l.id), since.toISOString()]);
    return new Map(leads.map((l) => [l.id, { company: "acme-mining.com", returning: l.id !== "a" }]));
  });
  expect(asked).toEqual([
    [["a"], "2026-11-16T00:00:00.000Z"],
    [["b", "c"], "2026-11-23T00:00:00.000Z"],
  ]);
  expect(Object.fromEntries(figures)).toEqual({
    "2026-W47": { newCompanies: 1, returningCompanies: 0, repeated: [] },
    "2026-W48": {
      newCompanies: 0,
      returningCompanies: 1,
      repeated: [{ company: "acme-mining.com", requests: 2 }],
    },
  });
  expect(await weeklyCompanyFigures(items, "UTC", undefined)).toEqual(new Map());
});
