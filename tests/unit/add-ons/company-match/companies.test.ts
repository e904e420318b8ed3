/**
 * @jest-environment node
 */
// Each lead's company and whether it asked before the week (docs/decisions/0050-company-match.md), through the
// core's leadCompanies hook: one index list per company and at most MAX_RELATED earlier leads, never every lead;
// leads held or closed as spam never make a company returning.
import { companyMatchAddOn } from "../../../../netlify/lib/add-ons/company-match/add-on";
import { MAX_RELATED } from "../../../../netlify/lib/add-ons/company-match/match";
import { leadCompaniesOf, type AddOn } from "../../../../netlify/lib/core/add-on";
import type { FollowUpView } from "../../../../netlify/lib/core/follow-up-hooks";
import { inboxKeyOf } from "../../../../netlify/lib/core/leads/lead-address";
import { newLead } from "../../../../netlify/lib/core/leads/lead-record";
import { TEST_CONFIG, VALID } from "../../../helpers/function-harness";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";

const SECRET = TEST_CONFIG.formSecret;
const idOf = (n: number) => `5f0c1a2b-3c4d-4e5f-8a9b-${String(n).padStart(12, "0")}`;
const at = (day: number) => new Date(Date.UTC(2026, 2, day, 1));
const WEEK_START = at(16).toISOString();

function setup() {
  const blobs = createMemoryBlobs();
  const leads = createMemoryLeadStore();
  const reads = { lists: 0, leads: 0 };
  const stores = () => ({
    blobs: { keys: (prefix: string) => (reads.lists++, blobs.keys(prefix)) },
    leads: { ...leads, get: (id: string) => (reads.leads++, leads.get(id)) },
  });
  const views: Record<string, FollowUpView> = {};
  const followUp: AddOn = { name: "follow-up", followUpView: async (id) => views[id] ?? { state: "new" } };
  const addOn = companyMatchAddOn(TEST_CONFIG, stores);
  const addOns = [followUp, addOn];
  let n = 0;
  const arrive = async (email: string, day: number, spam = false) => {
    const lead = newLead(idOf(++n), { ...VALID, email }, at(day), {
      inboxKey: inboxKeyOf(email, SECRET),
      ...(spam ? { verdict: { kind: "spam", reason: "honeypot" }, honeypot: "x" } : {}),
    });
    for (const marker of addOn.leadMarkers!(lead)) await blobs.setJSON(marker, { since: lead.receivedAt });
    await leads.create(lead);
    return lead;
  };
  const companies = (week: Parameters<typeof leadCompaniesOf>[1]) =>
    leadCompaniesOf(addOns, week, { config: TEST_CONFIG, now: () => at(23), since: WEEK_START });
  return { arrive, companies, views, reads };
}

test("a company is new unless it made a request before the week; free mail and held leads have none", async () => {
  const w = setup();
  await w.arrive("old@acme-mining.com", 2);
  const week = [
    await w.arrive("jane@acme-mining.com", 17),
    await w.arrive("ben@mail.acme-mining.com", 18),
    await w.arrive("ana@pilbara-ore.com.au", 18),
    await w.arrive("kim@gmail.com", 19),
    await w.arrive("bot@other-ore.com", 19, true),
  ];
  const companies = await w.companies(week);
  expect(Object.fromEntries(companies!)).toEqual({
    [week[0].id]: { company: "acme-mining.com", returning: true },
    [week[1].id]: { company: "acme-mining.com", returning: true },
    [week[2].id]: { company: "pilbara-ore.com.au", returning: false },
  });
});

test("an earlier lead held or closed as spam does not make a company returning", async () => {
  const w = setup();
  await w.arrive("bot@acme-mining.com", 2, true);
  const closed = await w.arrive("fake@acme-mining.com", 3);
  w.views[closed.id] = { state: "closed", closedReason: "spam" };
  const week = [await w.arrive("jane@acme-mining.com", 17)];
  expect((await w.companies(week))!.get(week[0].id)).toEqual({
    company: "acme-mining.com",
    returning: false,
  });
});

test("one index list per company, and at most MAX_RELATED earlier leads read, never every lead", async () => {
  const w = setup();
  await w.arrive("first@acme-mining.com", 1);
  for (let i = 0; i < MAX_RELATED + 5; i++)
    w.views[(await w.arrive(`x${i}@acme-mining.com`, 10)).id] = {
      state: "closed",
      closedReason: "spam",
    };
  const week = [await w.arrive("jane@acme-mining.com", 17), await w.arrive("ana@pilbara-ore.com.au", 17)];
  const companies = await w.companies(week);
  expect(w.reads).toEqual({ lists: 2, leads: MAX_RELATED });
  // The one counted request lies beyond the bound: the company counts as new rather than read on.
  expect(companies!.get(week[0].id)?.returning).toBe(false);
});

test("without company match on, no add-on answers", () => {
  expect(leadCompaniesOf([], [], { config: TEST_CONFIG, now: () => at(23), since: WEEK_START })).toBe(
    undefined,
  );
});
