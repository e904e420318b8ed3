/**
 * @jest-environment node
 */
// Each delivered lead becomes a HubSpot contact with one note (docs/decisions/0049-hubspot-plugin.md): a returning
// contact keeps what the team set, a retry never makes a second note, HubSpot's limits are honoured, and a refused
// token alerts the owner once a day while the leads wait.
import type { DemoRequest } from "../../../../src/lib/demo-request";
import { hubspotAddOn } from "../../../../netlify/lib/add-ons/hubspot/add-on";
import { DEFAULT_LEAD_STATUSES, type HubspotConfig } from "../../../../netlify/lib/add-ons/hubspot/settings";
import type { AddOn } from "../../../../netlify/lib/core/add-on";
import { deliverLead } from "../../../../netlify/lib/core/delivery/deliver";
import { retryPendingLeads } from "../../../../netlify/lib/core/delivery/retry-job";
import { newLead, pendingDeliveries, type LeadRecord } from "../../../../netlify/lib/core/leads/lead-record";
import { LeadRecorder } from "../../../../netlify/lib/core/leads/lead-store";
import { silenceConsole } from "../../../helpers/console";
import { NO_WAITS, scriptedMailer, sentOfKind, TEST_CONFIG, VALID } from "../../../helpers/function-harness";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";
import { scriptedHubspot } from "../../../helpers/scripted-hubspot";

const NOW = new Date("2026-12-02T01:00:00.000Z");
const SETTINGS: HubspotConfig = {
  token: "pat-test",
  baseUrl: "https://hubspot.test",
  leadStatuses: DEFAULT_LEAD_STATUSES,
};
const ID = "5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b";
const idOf = (n: number) => `5f0c1a2b-3c4d-4e5f-8a9b-${String(n).padStart(12, "0")}`;

/** A lead whose sales e-mail went out and whose HubSpot delivery waits for the retry job. */
function delivered(id: string, email: string): LeadRecord {
  const lead = newLead(id, { ...VALID, email }, NOW, { channels: ["hubspot"] });
  return {
    ...lead,
    state: "sent",
    deliveries: { ...lead.deliveries, sales: { state: "sent", attempts: 1 } },
  };
}

function setup(settings: HubspotConfig = SETTINGS) {
  const hubspot = scriptedHubspot();
  const notes = createMemoryBlobs();
  const addOn = hubspotAddOn(settings, { hubspotFetch: hubspot.fetchImpl, hubspotNotes: () => notes });
  const store = createMemoryLeadStore();
  const mailer = scriptedMailer();
  const context = {
    config: TEST_CONFIG,
    mailer,
    addOns: [addOn] as AddOn[],
    retry: NO_WAITS,
    now: () => NOW,
  };
  const arrive = async (id = ID, request: DemoRequest = VALID, verdict?: Parameters<typeof newLead>[3]) => {
    const lead = newLead(id, { ...request }, NOW, { channels: ["hubspot"], ...verdict });
    await store.create(lead);
    return lead;
  };
  const deliver = async (id = ID) => deliverLead(new LeadRecorder(store, (await store.get(id))!), context);
  const retryJob = () => retryPendingLeads({ ...context, store, ignoreBackoff: true });
  return { hubspot, store, mailer, context, arrive, deliver, retryJob, addOn };
}

test("a clean lead becomes a new contact, a lead with status NEW, with one note holding the message, source and reference", async () => {
  const w = setup();
  await w.arrive();
  await w.deliver();
  expect(w.hubspot.operations()).toEqual([
    "contacts batch read",
    "contacts batch upsert",
    "notes batch create",
  ]);
  expect(w.hubspot.contacts).toEqual([
    expect.objectContaining({
      properties: expect.objectContaining({
        email: VALID.email.toLowerCase(),
        firstname: VALID.firstName,
        lastname: VALID.lastName,
        company: VALID.company,
        lifecyclestage: "lead",
        hs_lead_status: "NEW",
      }),
    }),
  ]);
  expect(w.hubspot.contacts[0].properties).not.toHaveProperty("hubspot_owner_id");
  const [note] = w.hubspot.notes;
  expect(note.contactIds).toEqual([w.hubspot.contacts[0].id]);
  expect(note.properties.hs_note_body).toContain(`Reference: 5f0c1a2b (request ${ID})`);
  expect(note.properties.hs_note_body).toContain("Source: No source recorded");
  expect(note.properties.hs_note_body).not.toMatch(/claim/i);
  const delivery = (await w.store.get(ID))!.deliveries.hubspot;
  expect(delivery).toMatchObject({
    state: "sent",
    memo: { contactId: w.hubspot.contacts[0].id, created: true },
  });
});

test("the note's body is HTML-escaped visitor text", async () => {
  const w = setup();
  await w.arrive(ID, { ...VALID, message: `<img src=x onerror=alert(1)> & "quotes"\nline two` });
  await w.deliver();
  const body = w.hubspot.notes[0].properties.hs_note_body;
  expect(body).toContain("&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;<br>line two");
  expect(body).not.toContain("<img");
});

test("a returning contact keeps its lead status, lifecycle stage and owner; an empty one is filled", async () => {
  const w = setup();
  w.hubspot.contacts.push({
    id: "7",
    archived: false,
    properties: {
      email: VALID.email.toLowerCase(),
      hs_lead_status: "IN_PROGRESS",
      lifecyclestage: "customer",
      hubspot_owner_id: "42",
    },
  });
  await w.arrive();
  await w.deliver();
  expect(w.hubspot.contacts).toHaveLength(1);
  expect(w.hubspot.contacts[0].properties).toMatchObject({
    hs_lead_status: "IN_PROGRESS",
    lifecyclestage: "customer",
    hubspot_owner_id: "42",
  });
  expect((await w.store.get(ID))!.deliveries.hubspot.memo).toEqual({
    contactId: "7",
    created: false,
    noteInDoubt: false,
  });

  const other = setup();
  other.hubspot.contacts.push({
    id: "8",
    archived: false,
    properties: { email: VALID.email.toLowerCase(), lifecyclestage: "customer" },
  });
  await other.arrive();
  await other.deliver();
  expect(other.hubspot.contacts[0].properties).toMatchObject({
    lifecyclestage: "customer",
    hs_lead_status: "NEW",
  });
});

test("a held lead sends nothing; once released it is sent like any other", async () => {
  const w = setup();
  await w.arrive(ID, VALID, { verdict: { kind: "spam", reason: "honeypot" }, honeypot: "x" });
  await w.retryJob();
  expect(w.hubspot.calls).toEqual([]);
  const found = (await w.store.getWithEtag(ID))!;
  expect(found.lead.deliveries.hubspot.state).toBe("skipped");
  // As the release link requeues it: pending on the channels on now, its clocks from the release.
  const { settledAt: _settled, honeypot: _honeypot, ...held } = found.lead;
  const released: LeadRecord = {
    ...held,
    state: "pending",
    released: { at: NOW.toISOString(), by: "Ana Smith" },
    deliveries: pendingDeliveries(["hubspot"]),
  };
  expect(await w.store.requeue(released, found.etag!, NOW.toISOString())).toBe("replaced");
  await w.deliver();
  expect(w.hubspot.notes).toHaveLength(1);
  expect(w.hubspot.notes[0].properties.hs_note_body).toContain("Held as spam, then released by Ana Smith");
});

test("a 5xx after HubSpot made the note, or a lost answer, makes no second note on the retry", async () => {
  for (const fault of [{ status: 503, after: true }, { lost: true }] as const) {
    const w = setup();
    await w.arrive();
    w.hubspot.fail("notes batch create", fault, fault);
    const errors = silenceConsole("error");
    await w.deliver();
    expect(errors.text()).toContain("HubSpot");
    errors.mockRestore();
    expect(w.hubspot.notes).toHaveLength(1);
    const waiting = (await w.store.get(ID))!.deliveries.hubspot;
    expect(waiting).toMatchObject({ state: "pending", memo: { noteInDoubt: true } });
    await w.retryJob();
    expect(w.hubspot.notes).toHaveLength(1);
    expect(w.hubspot.operations().at(-1)).toBe("notes search");
    expect((await w.store.get(ID))!.deliveries.hubspot.state).toBe("sent");
  }
});

test("a 429 waits as HubSpot's rate-limit headers say, then goes on", async () => {
  const w = setup();
  await w.arrive();
  w.hubspot.fail("contacts batch upsert", {
    status: 429,
    headers: { "x-hubspot-ratelimit-interval-milliseconds": "10000", "x-hubspot-ratelimit-remaining": "0" },
  });
  const waits: number[] = [];
  const errors = silenceConsole("error");
  await deliverLead(new LeadRecorder(w.store, (await w.store.get(ID))!), {
    ...w.context,
    retry: { minTimeoutMs: 0, budgetMs: 60_000, sleep: async (ms) => void waits.push(ms) },
  });
  expect(errors.text()).toContain('"status":429,"category":"RATE_LIMIT"');
  expect(errors.text()).not.toContain("ana@example.com");
  errors.mockRestore();
  expect(waits).toEqual([10_000]);
  expect((await w.store.get(ID))!.deliveries.hubspot.state).toBe("sent");
});

test("a refused token alerts the owner once a day, keeps the leads pending, and sends them once mended", async () => {
  const w = setup();
  w.hubspot.acceptToken("another");
  await w.arrive(idOf(1));
  await w.arrive(idOf(2), { ...VALID, email: "ben@example.com" });
  const errors = silenceConsole("error");
  await w.deliver(idOf(1));
  await w.deliver(idOf(2));
  await w.retryJob();
  expect(errors.text()).toContain('"status":401,"category":"INVALID_AUTHENTICATION"');
  errors.mockRestore();
  const alerts = sentOfKind(w.mailer, "alert").filter((m) => m.subject.includes("HubSpot"));
  expect(alerts).toHaveLength(1);
  expect(alerts[0].text).toContain("HUBSPOT_ACCESS_TOKEN");
  for (const id of [idOf(1), idOf(2)])
    expect((await w.store.get(id))!.deliveries.hubspot.state).toBe("pending");

  w.hubspot.acceptToken("pat-test");
  await w.retryJob();
  for (const id of [idOf(1), idOf(2)]) expect((await w.store.get(id))!.deliveries.hubspot.state).toBe("sent");
  expect(w.hubspot.notes).toHaveLength(2);
});

test("the retry job sends a backlog of 250 in batches of 100: three batches, four calls each at most", async () => {
  const w = setup();
  for (let n = 0; n < 250; n++) {
    const request: DemoRequest = { ...VALID, email: `p${n}@example.com` };
    const lead = newLead(idOf(n), request, NOW, { channels: ["hubspot"] });
    await w.store.create({
      ...lead,
      deliveries: { ...lead.deliveries, sales: { state: "sent", attempts: 1 } },
      state: "sent",
    });
  }
  await w.retryJob();
  expect(w.hubspot.contacts).toHaveLength(250);
  expect(w.hubspot.notes).toHaveLength(250);
  expect(w.hubspot.operations().filter((op) => op === "contacts batch upsert")).toHaveLength(3);
  expect(w.hubspot.calls.length).toBeLessThanOrEqual(12);
});

test("one refused record in a batch fails only its lead", async () => {
  const w = setup();
  for (const n of [1, 2]) await w.store.create(delivered(idOf(n), `p${n}@example.com`));
  const original = w.hubspot.fetchImpl;
  const hubspotFetch = (async (input: string, init: RequestInit) => {
    const answer = await original(input, init);
    if (!String(input).endsWith("/contacts/batch/upsert")) return answer;
    const body = (await answer.json()) as { results: { properties: { email: string } }[] };
    const results = body.results.filter((r) => r.properties.email !== "p2@example.com");
    return new Response(
      JSON.stringify({
        ...body,
        results,
        numErrors: 1,
        errors: [{ status: "error", category: "VALIDATION_ERROR" }],
      }),
      { status: 207 },
    );
  }) as typeof fetch;
  const addOn = hubspotAddOn(SETTINGS, { hubspotFetch, hubspotNotes: createMemoryBlobs });
  await retryPendingLeads({ ...w.context, addOns: [addOn], store: w.store, ignoreBackoff: true });
  expect((await w.store.get(idOf(1)))!.deliveries.hubspot.state).toBe("sent");
  expect((await w.store.get(idOf(2)))!.deliveries.hubspot).toMatchObject({
    state: "failed",
    lastError: "HubSpot refused this contact",
  });
});

test("a lead stored before the plugin was turned on is never sent to HubSpot", async () => {
  const w = setup();
  const before = newLead(ID, { ...VALID }, NOW, { channels: [] });
  await w.store.create({ ...before, deliveries: { sales: { state: "pending", attempts: 1 } } });
  await w.retryJob();
  expect(w.hubspot.calls).toEqual([]);
  expect((await w.store.get(ID))!.deliveries).not.toHaveProperty("hubspot");
});
