/**
 * @jest-environment node
 */
// A client's requestId is only an idempotency key (docs/requirements.md#spam-defence,
// netlify/lib/core/leads/lead-address.ts): the server makes the lead id from it, so the same key with the same
// payload is the same lead (never a second e-mail, the same reference); the same key with a different
// payload answers 409 with a clear message, sends nothing and reveals nothing about the stored request;
// a new key is a new lead; no key is a random lead; and no key can name or reach a lead of its choosing.
import { ID_CONFLICT } from "../../../../netlify/lib/core/demo-request/edge";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";
import { harness, leadIdOf, sentOfKind, VALID } from "../../../helpers/function-harness";

const ID = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const LEAD = leadIdOf(ID);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => jest.restoreAllMocks());

test("the same key with another payload: 409, nothing sent, the stored request untouched", async () => {
  const { post, mailer, store } = harness();
  expect((await post({ ...VALID, requestId: ID })).status).toBe(200);
  const stored = await store!.get(LEAD);
  expect(stored).toMatchObject({ id: LEAD, request: { email: VALID.email } });
  const calls = mailer.calls;

  const res = await post({ ...VALID, email: "attacker@evil.example", firstName: "Mallory", requestId: ID });
  expect(res.status).toBe(409);
  const body = await res.json();
  expect(body).toEqual({ error: ID_CONFLICT });
  // The answer says nothing about what is stored under the key, not even the lead's reference.
  for (const value of [VALID.email, VALID.firstName, VALID.company, "sent", LEAD]) {
    expect(JSON.stringify(body)).not.toContain(value);
  }
  expect(mailer.calls).toBe(calls); // nothing at all for the refused request
  expect(sentOfKind(mailer, "sales")).toHaveLength(1);
  expect(await store!.get(LEAD)).toEqual(stored);
});

test("any single field changed is a different payload; an upper-case key is the same key", async () => {
  const { post, mailer } = harness();
  await post({ ...VALID, message: "First", requestId: ID });
  for (const change of [
    { firstName: "Janet" },
    { lastName: "Drill" },
    { email: "jane@acme-mining.org" },
    { phone: "+61 400 123 457" },
    { company: "Acme" },
    { message: "Second" },
  ]) {
    expect((await post({ ...VALID, message: "First", ...change, requestId: ID.toUpperCase() })).status).toBe(
      409,
    );
  }
  expect(sentOfKind(mailer, "sales")).toHaveLength(1);
});

test("the same key and payload again is the same lead: 200, the same reference, no second e-mail", async () => {
  const { post, mailer, store } = harness();
  const first = await post({ ...VALID, requestId: ID });
  expect(await first.json()).toEqual({ ok: true, reference: LEAD });
  // Surrounding spaces are trimmed before comparing, as before storing; the key's case does not matter.
  const again = await post({ ...VALID, firstName: "  Jane ", requestId: ID.toUpperCase() });
  expect(again.status).toBe(200);
  expect(await again.json()).toEqual({ ok: true, reference: LEAD });
  expect(sentOfKind(mailer, "sales")).toHaveLength(1);
  expect(await (store as ReturnType<typeof createMemoryLeadStore>).ids()).toEqual([LEAD]);
});

test("a new key is a new lead: two keys never share a lead, even with the same payload", async () => {
  const OTHER = "1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9";
  const store = createMemoryLeadStore();
  const { post, mailer } = harness({ store });
  const first = (await (await post({ ...VALID, requestId: ID })).json()) as { reference: string };
  const second = (await (await post({ ...VALID, requestId: OTHER })).json()) as { reference: string };
  expect(first.reference).toBe(LEAD);
  expect(second.reference).toBe(leadIdOf(OTHER));
  expect(second.reference).not.toBe(first.reference);
  expect((await store.ids()).sort()).toEqual([LEAD, leadIdOf(OTHER)].sort());
  expect(sentOfKind(mailer, "sales").map((m) => m.customArgs?.requestId)).toEqual([LEAD, leadIdOf(OTHER)]);
});

test("the client cannot choose its lead id: the lead is never stored under the key it sent", async () => {
  const store = createMemoryLeadStore();
  const { post } = harness({ store });
  const res = await post({ ...VALID, requestId: ID });
  const { reference } = (await res.json()) as { reference: string };
  expect(reference).toMatch(UUID);
  expect(reference).not.toBe(ID);
  expect(await store.get(ID)).toBeNull();
  expect(await store.ids()).toEqual([reference]);
});

test("a key equal to another lead's id neither reaches that lead nor collides with it", async () => {
  const store = createMemoryLeadStore();
  const { post, mailer } = harness({ store });
  await post({ ...VALID, requestId: ID });
  const victim = await store.get(LEAD);

  // Someone who learnt the first lead's reference (e.g. from its confirmation e-mail) sends it as a key,
  // with other fields: no 409 that would confirm the lead exists, no change to it, a lead of its own.
  const res = await post({ ...VALID, firstName: "Mallory", email: "mallory@evil.example", requestId: LEAD });
  expect(res.status).toBe(200);
  const { reference } = (await res.json()) as { reference: string };
  expect(reference).toBe(leadIdOf(LEAD));
  expect(reference).not.toBe(LEAD);
  expect(await store.get(LEAD)).toEqual(victim);
  expect(await store.get(reference)).toMatchObject({ request: { firstName: "Mallory" } });
  expect(sentOfKind(mailer, "sales")).toHaveLength(2);
});

test("without a key each request gets a random lead id, returned as its reference", async () => {
  const store = createMemoryLeadStore();
  const { post, mailer } = harness({ store });
  const answers = [];
  for (let i = 0; i < 2; i++) {
    const res = await post(VALID);
    expect(res.status).toBe(200);
    answers.push((await res.json()) as { ok: boolean; reference: string });
  }
  const references = answers.map((answer) => answer.reference);
  for (const answer of answers) expect(answer).toEqual({ ok: true, reference: expect.stringMatching(UUID) });
  expect(references[0]).not.toBe(references[1]);
  expect((await store.ids()).sort()).toEqual([...references].sort());
  // Sales sees that same reference (the confirmation's is checked in delivery/email/confirmation.test.ts).
  const sales = sentOfKind(mailer, "sales");
  expect(sales.map((m) => m.customArgs?.requestId)).toEqual(references);
  for (const [i, message] of sales.entries()) expect(message.text).toContain(`Request id: ${references[i]}`);
});

test.each([
  ["the nil UUID", "00000000-0000-0000-0000-000000000000"],
  ["the max UUID", "ffffffff-ffff-ffff-ffff-ffffffffffff"],
  ["a UUID of version 0", "9a8b7c6d-5e4f-0a3b-8c2d-1e0f9a8b7c6d"],
  ["a UUID without the RFC variant", "9a8b7c6d-5e4f-4a3b-0c2d-1e0f9a8b7c6d"],
  ["a UUID in braces", `{${ID}}`],
  ["a UUID without dashes", ID.replaceAll("-", "")],
  ["a UUID with a trailing newline", `${ID}\n`],
  ["a short text", "1"],
  ["an empty text", ""],
  ["a number", 42],
  ["null", null],
])("%s as requestId: 422, nothing stored or sent", async (_name, requestId) => {
  const store = createMemoryLeadStore();
  const { post, mailer } = harness({ store });
  const res = await post({ ...VALID, requestId });
  expect(res.status).toBe(422);
  expect(await res.json()).toEqual({ error: "requestId must be a UUID" });
  expect(store.records.size).toBe(0);
  expect(store.markers.size).toBe(0);
  expect(mailer.calls).toBe(0);
});

test("the no-JS form, which sends no key, is never refused as a conflict: two posts, two leads", async () => {
  const store = createMemoryLeadStore();
  const { handle, mailer } = harness({ store });
  const post = () =>
    handle(
      new Request("https://resources.example/api/send-contact-email", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ ...VALID }).toString(),
      }),
    );
  expect((await post()).status).toBe(303);
  expect((await post()).status).toBe(303);
  expect(sentOfKind(mailer, "sales")).toHaveLength(2);
  expect(store.records.size).toBe(2);
});
