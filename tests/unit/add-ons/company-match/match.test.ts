/**
 * @jest-environment node
 */
// A lead is matched to earlier leads by its inbox and by its company's registrable domain
// (docs/decisions/0050-company-match.md), through keyed indexes, never every lead; free mail and the like never
// group anyone, and a lead held or closed as spam is never matched.
import { companyMatchAddOn } from "../../../../netlify/lib/add-ons/company-match/add-on";
import { removeCompanyEntries } from "../../../../netlify/lib/add-ons/company-match/company-index";
import { companyDomain } from "../../../../netlify/lib/add-ons/company-match/domain";
import { matchLead, MAX_RELATED } from "../../../../netlify/lib/add-ons/company-match/match";
import type { AddOn } from "../../../../netlify/lib/core/add-on";
import { leadLinesOf } from "../../../../netlify/lib/core/add-on";
import type { FollowUpView } from "../../../../netlify/lib/core/follow-up-hooks";
import { inboxKeyOf } from "../../../../netlify/lib/core/leads/lead-address";
import { newLead, type LeadRecord } from "../../../../netlify/lib/core/leads/lead-record";
import type { DemoRequest } from "../../../../src/lib/demo-request";
import { silenceConsole } from "../../../helpers/console";
import { TEST_CONFIG, VALID } from "../../../helpers/function-harness";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";

const SECRET = TEST_CONFIG.formSecret;
const idOf = (n: number) => `5f0c1a2b-3c4d-4e5f-8a9b-${String(n).padStart(12, "0")}`;
const at = (day: number) => new Date(Date.UTC(2026, 2, day, 1));

function setup(views: Record<string, FollowUpView> = {}) {
  const blobs = createMemoryBlobs();
  const leads = createMemoryLeadStore();
  const stores = () => ({ blobs, leads });
  const addOn = companyMatchAddOn(TEST_CONFIG, stores);
  const followUp: AddOn = { name: "follow-up", followUpView: async (id) => views[id] ?? { state: "new" } };
  const addOns = [followUp, addOn];
  let n = 0;
  const arrive = async (email: string, options: { day?: number; spam?: boolean; name?: string } = {}) => {
    const request: DemoRequest = { ...VALID, email, firstName: options.name ?? VALID.firstName };
    const lead = newLead(idOf(++n), request, at(options.day ?? n), {
      inboxKey: inboxKeyOf(email, SECRET),
      ...(options.spam ? { verdict: { kind: "spam", reason: "honeypot" }, honeypot: "x" } : {}),
    });
    for (const marker of addOn.leadMarkers!(lead)) await blobs.setJSON(marker, { since: lead.receivedAt });
    await leads.create(lead);
    return lead;
  };
  const match = (lead: LeadRecord) => matchLead(lead, { blobs, leads, addOns, secret: SECRET });
  const lines = (lead: LeadRecord) => leadLinesOf(addOns, lead, { config: TEST_CONFIG, now: () => at(28) });
  return { blobs, leads, arrive, match, lines, views, addOns };
}

test("the registrable domain by the public suffix list, private suffixes included; none for free mail, ISPs, disposable, IPs or malformed hosts", () => {
  expect(companyDomain("ana@mail.karijinironore.com.au")).toBe("karijinironore.com.au");
  expect(companyDomain("ana@a.github.io")).toBe("a.github.io");
  expect(companyDomain("ana@b.github.io")).toBe("b.github.io");
  for (const address of [
    "ana@gmail.com",
    "ana@outlook.com",
    "ana@mailinator.com",
    "ana@mail.gmail.com",
    "ana@[127.0.0.1]",
    "ana@127.0.0.1",
    `ana@${"a".repeat(200)}.com`,
    "ana@github.io",
    "ana@com.au",
  ])
    expect([address, companyDomain(address)]).toEqual([address, undefined]);
  // A lookalike is another domain: it never joins the real one's group.
  expect(companyDomain("ana@karijinir\u043Enore.com.au")).not.toBe("karijinironore.com.au");
});

test("a returning inbox is matched, and said with the first request's date, owner and outcome", async () => {
  const w = setup();
  const first = await w.arrive("jane@acme-mining.com", { day: 12 });
  w.views[first.id] = { state: "closed", closedReason: "demo held", owner: { name: "Ana Lopez" } };
  const again = await w.arrive("Jane@Acme-Mining.com", { day: 20 });
  const match = await w.match(again);
  expect(match.related.map((r) => [r.lead.id, r.via])).toEqual([[first.id, "inbox"]]);
  expect(await w.lines(again)).toEqual([
    "Returning: first asked Thu 12 Mar 2026 (Ana Lopez, closed: demo held)",
  ]);
});

test("two colleagues on the same registrable domain are matched, with who works the company", async () => {
  const w = setup();
  const ben = await w.arrive("ben@karijinironore.com.au", { day: 2 });
  w.views[ben.id] = { state: "contacted", owner: { name: "Ben Ng", email: "ben.ng@example.com" } };
  await w.arrive("cy@mail.karijinironore.com.au", { day: 3 });
  const dee = await w.arrive("dee@karijinironore.com.au", { day: 9 });
  expect((await w.match(dee)).related.map((r) => r.via)).toEqual(["company", "company"]);
  expect(await w.lines(dee)).toEqual([
    "Same e-mail domain: 2 open requests at karijinironore.com.au, owner Ben Ng",
  ]);
});

test("not matched: two gmail.com users, two outlook.com users, a disposable domain, a.github.io and b.github.io, a held lead, a lead closed as spam", async () => {
  for (const [a, b] of [
    ["a@gmail.com", "b@gmail.com"],
    ["a@outlook.com", "b@outlook.com"],
    ["a@mailinator.com", "b@mailinator.com"],
    ["a@a.github.io", "b@b.github.io"],
  ]) {
    const w = setup();
    await w.arrive(a);
    expect((await w.match(await w.arrive(b))).related).toEqual([]);
  }
  const w = setup();
  await w.arrive("bot@acme-mining.com", { spam: true });
  const closed = await w.arrive("planted@acme-mining.com");
  w.views[closed.id] = { state: "closed", closedReason: "spam" };
  const real = await w.arrive("jane@acme-mining.com");
  expect((await w.match(real)).related).toEqual([]);
  expect(await w.lines(real)).toEqual([]);
});

test("a held lead is matched as any other, so its reads tell nothing, and gets no line", async () => {
  const w = setup();
  await w.arrive("jane@acme-mining.com");
  const held = await w.arrive("ben@acme-mining.com", { spam: true });
  expect((await w.match(held)).reads).toEqual({ indexes: 2, leads: 1 });
  expect(await w.lines(held)).toEqual([]);
});

test("a match reads two indexes and at most 20 leads, and counts the rest", async () => {
  const w = setup();
  for (let day = 1; day <= 25; day++) await w.arrive(`p${day}@acme-mining.com`, { day });
  const last = await w.arrive("jane@acme-mining.com", { day: 27 });
  const match = await w.match(last);
  expect(match.reads).toEqual({ indexes: 2, leads: MAX_RELATED });
  expect(match.more).toBe(5);
  expect(match.related[0].lead.request.email).toBe("p25@acme-mining.com");
  expect((await w.lines(last))[0]).toContain("and 5 more");
});

test("a damaged index entry is logged and skipped; the lead is still matched", async () => {
  const w = setup();
  const first = await w.arrive("ben@acme-mining.com");
  const [entry] = await w.blobs.keys("companies/");
  await w.blobs.setJSON(`${entry.slice(0, entry.lastIndexOf("/") + 1)}not-a-lead`, { since: "x" });
  const errors = silenceConsole("error");
  const match = await w.match(await w.arrive("jane@acme-mining.com"));
  expect(errors.text()).toContain("DAMAGED INDEX ENTRY");
  errors.mockRestore();
  expect(match.related.map((r) => r.lead.id)).toEqual([first.id]);
});

test("erasing a person removes their index entries; their colleagues' leads stay, unlinked from them", async () => {
  const w = setup();
  const erased = await w.arrive("ben@acme-mining.com");
  const colleague = await w.arrive("jane@acme-mining.com");
  expect(await removeCompanyEntries(w.blobs, erased.id)).toBe(1);
  await w.leads.remove(erased.id);
  expect((await w.blobs.keys("companies/")).every((key) => key.endsWith(colleague.id))).toBe(true);
  expect((await w.match(colleague)).related).toEqual([]);
});

test("the index holds keyed hashes, never a domain", async () => {
  const w = setup();
  await w.arrive("ben@acme-mining.com");
  expect((await w.blobs.keys("companies/")).join()).not.toContain("acme");
});

test("the claim page's related leads: names, arrival, state in words, owner, who works the company and the count not read; no other lead's id, address, phone or link", async () => {
  const w = setup();
  const ben = await w.arrive("ben@karijinironore.com.au", { day: 2, name: "Bea" });
  w.views[ben.id] = { state: "contacted", owner: { name: "Ben Ng", email: "ben.ng@example.com" } };
  const old = await w.arrive("old@karijinironore.com.au", { day: 3, name: "Olga\nRoss" });
  w.views[old.id] = { state: "closed", closedReason: "demo held", owner: { name: "Ana Lopez" } };
  const dee = await w.arrive("dee@karijinironore.com.au", { day: 9 });
  const addOn = w.addOns.find((a) => a.relatedLeads)!;
  const related = await addOn.relatedLeads!(dee, {
    config: TEST_CONFIG,
    now: () => at(28),
    addOns: w.addOns,
    zone: "UTC",
  });
  expect(related).toEqual({
    lines: ["Same e-mail domain: 1 open request at karijinironore.com.au (and 1 closed), owner Ben Ng"],
    leads: [
      {
        name: `Olga Ross ${VALID.lastName}`,
        receivedAt: old.receivedAt,
        state: "closed: demo held",
        owner: "Ana Lopez",
        via: "company",
      },
      {
        name: `Bea ${VALID.lastName}`,
        receivedAt: ben.receivedAt,
        state: "contacted",
        owner: "Ben Ng",
        via: "company",
      },
    ],
    more: 0,
    worksIt: { name: "Ben Ng", email: "ben.ng@example.com" },
  });
  const text = JSON.stringify(related);
  for (const secret of [
    ben.id,
    old.id,
    "ben@karijinironore",
    "old@karijinironore",
    VALID.phone,
    "http",
    "/leads/",
  ])
    expect([secret, text.includes(secret)]).toEqual([secret, false]);

  for (let day = 10; day <= 30; day++) await w.arrive(`p${day}@karijinironore.com.au`, { day });
  const last = await w.arrive("last@karijinironore.com.au", { day: 31 });
  const many = await addOn.relatedLeads!(last, {
    config: TEST_CONFIG,
    now: () => at(31),
    addOns: w.addOns,
    zone: "UTC",
  });
  expect([many?.leads.length, many?.more]).toEqual([MAX_RELATED, 4]);
  expect(many?.leads.every((lead) => lead.state === "not claimed yet" && lead.owner === undefined)).toBe(
    true,
  );
});

test("the sales e-mail and the team's channel of one lead share one match: the index is listed once", async () => {
  const w = setup();
  await w.arrive("ben@acme-mining.com");
  const jane = await w.arrive("jane@acme-mining.com");
  const listed: string[] = [];
  const keys = w.blobs.keys.bind(w.blobs);
  w.blobs.keys = (prefix) => (listed.push(prefix), keys(prefix));
  const [email, channel] = await Promise.all([w.lines(jane), w.lines(jane)]);
  expect(channel).toEqual(email);
  expect(email).toHaveLength(1);
  expect(listed.filter((prefix) => prefix.startsWith("companies/"))).toHaveLength(1);
});
