/**
 * @jest-environment node
 */
// A channel that sends in batches (docs/decisions/0043-plugins.md): the retry job sends its due backlog a
// batch per call, records each lead's outcome from the batch's answer, and finishes each lead; a request
// still sends its own lead alone.
import type { AddOn, ChannelResult, DeliveryChannel } from "../../../../netlify/lib/core/add-on";
import { deliverLead } from "../../../../netlify/lib/core/delivery/deliver";
import { retryPendingLeads } from "../../../../netlify/lib/core/delivery/retry-job";
import type { LeadRecord } from "../../../../netlify/lib/core/leads/lead-record";
import { LeadRecorder } from "../../../../netlify/lib/core/leads/lead-store";
import { leadRecord, NO_WAITS, scriptedMailer, TEST_CONFIG } from "../../../helpers/function-harness";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";
import { silenceConsole } from "../../../helpers/console";

const NOW = new Date("2025-01-01T11:20:00.000Z");
const SENT: ChannelResult = { status: "sent", attempts: 1 };
const DOWN: ChannelResult = { status: "retryable", error: "CRM answered 503", code: 503, attempts: 1 };

/** A CRM-like channel taking `size` leads a call; the leads in `failing` come back retryable. */
function crm(size: number, failing: ReadonlySet<string> = new Set()) {
  const batches: string[][] = [];
  const alone: string[] = [];
  const channel: DeliveryChannel = {
    name: "crm",
    plan: () => "send",
    send: async (lead) => {
      alone.push(lead.id);
      return SENT;
    },
    batch: {
      size,
      send: async (leads: readonly LeadRecord[]) => {
        batches.push(leads.map((lead) => lead.id));
        return new Map(leads.map((lead) => [lead.id, failing.has(lead.id) ? DOWN : SENT]));
      },
    },
  };
  const addOn: AddOn = { name: "crm", channel: { lane: "beside", channel } };
  return { addOn, batches, alone };
}

/** A lead whose sales e-mail went out and whose CRM delivery waits. */
const waiting = (id: string): LeadRecord => {
  const lead = leadRecord(id, "sent");
  return { ...lead, deliveries: { sales: lead.deliveries.sales, crm: { state: "pending", attempts: 0 } } };
};

async function run(store: ReturnType<typeof createMemoryLeadStore>, addOn: AddOn) {
  return retryPendingLeads({
    store,
    mailer: scriptedMailer(),
    config: TEST_CONFIG,
    addOns: [addOn],
    now: () => NOW,
    ignoreBackoff: true,
    retry: NO_WAITS,
  });
}

test("the retry job sends a backlog of five in batches of two, records each lead's outcome and settles the sent", async () => {
  const store = createMemoryLeadStore();
  for (const id of ["a", "b", "c", "d", "e"]) await store.create(waiting(id));
  const { addOn, batches, alone } = crm(2, new Set(["c"]));
  await run(store, addOn);
  expect(batches).toEqual([["a", "b"], ["c", "d"], ["e"]]);
  expect(alone).toEqual([]);
  for (const id of ["a", "b", "d", "e"]) expect((await store.get(id))?.deliveries.crm.state).toBe("sent");
  expect((await store.get("c"))?.deliveries.crm).toMatchObject({
    state: "pending",
    attempts: 1,
    lastError: "CRM answered 503",
  });
  expect(await store.pendingIds()).toEqual(["c"]);
  // The next run sends only what is left.
  await run(store, addOn);
  expect(batches.at(-1)).toEqual(["c"]);
});

test("a lead the batch's answer leaves out stays pending, and a batch that throws leaves all pending", async () => {
  const store = createMemoryLeadStore();
  for (const id of ["a", "b"]) await store.create(waiting(id));
  const { addOn } = crm(2);
  addOn.channel!.channel.batch!.send = async () => new Map([["a", SENT]]);
  await run(store, addOn);
  expect((await store.get("b"))?.deliveries.crm).toMatchObject({ state: "pending", attempts: 1 });
  const errors = silenceConsole("error");
  addOn.channel!.channel.batch!.send = () => Promise.reject(new Error("socket hang up"));
  await run(store, addOn);
  expect((await store.get("b"))?.deliveries.crm).toMatchObject({ state: "pending", attempts: 2 });
  expect(errors.text()).toContain("crm batch not sent; the next run tries again");
});

test("a request sends its own lead alone, through `send`", async () => {
  const store = createMemoryLeadStore();
  await store.create(waiting("a"));
  const { addOn, batches, alone } = crm(2);
  const recorder = new LeadRecorder(store, (await store.get("a"))!);
  await deliverLead(recorder, {
    config: TEST_CONFIG,
    mailer: scriptedMailer(),
    addOns: [addOn],
    now: () => NOW,
  });
  expect(alone).toEqual(["a"]);
  expect(batches).toEqual([]);
});

test("a channel's memo is kept on its delivery, and replaced by the next result that carries one", async () => {
  const store = createMemoryLeadStore();
  for (const id of ["a", "b"]) await store.create(waiting(id));
  const { addOn } = crm(2);
  addOn.channel!.channel.batch!.send = async (leads) =>
    new Map(leads.map((lead) => [lead.id, { ...DOWN, memo: { record: `r-${lead.id}`, created: true } }]));
  await run(store, addOn);
  expect((await store.get("a"))?.deliveries.crm.memo).toEqual({ record: "r-a", created: true });
  addOn.channel!.channel.batch!.send = async (leads) =>
    new Map(leads.map((lead) => [lead.id, { ...SENT, memo: { ...lead.deliveries.crm.memo, noted: true } }]));
  await run(store, addOn);
  expect((await store.get("b"))?.deliveries.crm).toMatchObject({
    state: "sent",
    memo: { record: "r-b", created: true, noted: true },
  });
});

test("an attempt cut off before its outcome: a channel that may resend goes again, marked in doubt; another is unconfirmed", async () => {
  const store = createMemoryLeadStore();
  const cutOff = (id: string): LeadRecord => {
    const lead = waiting(id);
    const sending = { state: "sending" as const, attempts: 0, lastAttemptAt: "2025-01-01T11:00:00.000Z" };
    return { ...lead, deliveries: { ...lead.deliveries, crm: sending } };
  };
  await store.create(cutOff("a"));
  const { addOn } = crm(2);
  const seen: LeadRecord["deliveries"][string][] = [];
  addOn.channel!.channel.batch!.send = async (leads) => {
    seen.push(...leads.map((lead) => lead.deliveries.crm));
    return new Map(leads.map((lead) => [lead.id, SENT]));
  };
  const errors = silenceConsole("error");
  await run(store, addOn);
  expect((await store.get("a"))?.deliveries.crm.state).toBe("unconfirmed");
  expect(seen).toEqual([]);

  await store.create(cutOff("b"));
  await run(store, {
    ...addOn,
    channel: { lane: "beside", channel: { ...addOn.channel!.channel, resendInDoubt: true } },
  });
  expect(errors.text()).toMatch(/not sent again[\s\S]*delivery outcome unknown; sent again/);
  errors.mockRestore();
  expect(seen).toEqual([expect.objectContaining({ state: "sending", inDoubt: true })]);
  const sent = (await store.get("b"))?.deliveries.crm;
  expect(sent?.state).toBe("sent");
  expect(sent?.inDoubt).toBeUndefined();
});

test("a channel's pending delivery is given up after its own age, a day when it names none", async () => {
  const store = createMemoryLeadStore();
  const old = { ...waiting("a"), receivedAt: "2024-12-29T11:20:00.000Z" }; // three days before NOW
  await store.create(old);
  const { addOn } = crm(2);
  addOn.channel!.channel.batch!.send = async (leads) => new Map(leads.map((lead) => [lead.id, DOWN]));
  const patient = { ...addOn.channel!.channel, giveUpAfterMs: 7 * 24 * 3_600_000 };
  await run(store, { ...addOn, channel: { lane: "beside", channel: patient } });
  expect((await store.get("a"))?.deliveries.crm).toMatchObject({ state: "pending", attempts: 1 });
  await run(store, addOn);
  expect((await store.get("a"))?.deliveries.crm.state).toBe("failed");
});
