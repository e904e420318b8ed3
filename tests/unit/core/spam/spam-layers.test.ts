/**
 * @jest-environment node
 */
// Spam defence in layers, with nothing silently dropped (docs/decisions/0011-spam-defence-layers.md):
// validation comes first; a
// filled honeypot answers exactly like a valid request (status, headers, body, and about as
// slowly), sends nothing and is stored as `spam`; the time token's verdicts (too fast, forged,
// expired) deliver to sales as suspected spam without a confirmation; no token is not suspect.
import { issueFormToken } from "../../../../netlify/lib/core/spam/form-token";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";
import { inboxKeyOf } from "../../../../netlify/lib/core/leads/lead-address";
import { leadsToCsv } from "../../../helpers/leads-csv";
import { retryPendingLeads } from "../../../../netlify/lib/core/delivery/retry-job";
import { HONEYPOT_FIELD, LEGACY_HONEYPOT_FIELD } from "../../../../src/lib/demo-request";
import {
  DOWN,
  failingStore,
  harness,
  leadIdOf,
  scriptedMailer,
  TEST_CONFIG,
  VALID,
  testAddOns,
} from "../../../helpers/function-harness";
import { silenceConsole } from "../../../helpers/console";

const URL_ = "https://resources.example/api/send-contact-email";
const NOW = new Date("2025-06-02T10:00:00.000Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const tokenFrom = (issued: Date) => issueFormToken(TEST_CONFIG.formSecret, issued);
const formPost = (values: Record<string, string>) =>
  new Request(URL_, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(values).toString(),
  });

/**
 * Checks a suspected-spam answer: the visitor gets the normal success with its lead's reference, and
 * exactly one e-mail goes, to sales, marked "[Suspected spam]". Returns that e-mail for the test's own checks.
 */
async function expectSuspectedSpamToSales(
  res: Response,
  mailer: ReturnType<typeof harness>["mailer"],
  reference: string,
) {
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ ok: true, reference });
  expect(mailer.sent).toHaveLength(1);
  const [sales] = mailer.sent;
  expect(sales.to).toBe(TEST_CONFIG.salesEmail);
  expect(sales.subject).toBe("[Suspected spam] Demo request: Jane Driller (Acme Mining)");
  return sales;
}

afterEach(() => jest.restoreAllMocks());

describe("validation first", () => {
  test.each([
    ["an invalid field", { ...VALID, email: "nope" }, 422],
    ["a missing field", { ...VALID, company: undefined }, 422],
    ["an unknown key", { ...VALID, evil: 1 }, 422],
    ["a requestId that is not a UUID", { ...VALID, requestId: "1" }, 422],
  ])("%s is refused whatever the honeypot holds", async (_name, body, status) => {
    const { post, mailer, store } = harness();
    const plain = await post({ ...body, [HONEYPOT_FIELD]: "" });
    const baited = await post({ ...body, [HONEYPOT_FIELD]: "http://spam.example" });
    expect(plain.status).toBe(status);
    expect(baited.status).toBe(status);
    expect(await baited.json()).toEqual(await plain.json());
    expect(mailer.calls).toBe(0);
    expect((store as ReturnType<typeof createMemoryLeadStore>).records.size).toBe(0);
  });
});

describe("the honeypot", () => {
  test("a filled honeypot answers exactly as a valid request does: status, headers, body", async () => {
    // The same key gives the same lead id, so even the reference is the same.
    const valid = await harness().post({ ...VALID, requestId: ID });
    const baited = await harness().post({ ...VALID, [HONEYPOT_FIELD]: "http://spam.example", requestId: ID });
    expect(baited.status).toBe(valid.status);
    expect([...baited.headers]).toEqual([...valid.headers]);
    expect(await baited.text()).toBe(await valid.text());

    // Without a key each gets a random reference of the same form, and otherwise the same answer.
    const [validNoKey, baitedNoKey] = [
      await harness().post(VALID),
      await harness().post({ ...VALID, [HONEYPOT_FIELD]: "http://spam.example" }),
    ];
    expect(baitedNoKey.status).toBe(validNoKey.status);
    expect([...baitedNoKey.headers]).toEqual([...validNoKey.headers]);
    const anyReference = async (res: Response) => {
      const body = (await res.json()) as Record<string, unknown>;
      return { ...body, reference: typeof body.reference };
    };
    expect(await anyReference(baitedNoKey)).toEqual(await anyReference(validNoKey));

    const validForm = await harness().handle(formPost({ ...VALID }));
    const baitedForm = await harness().handle(formPost({ ...VALID, [HONEYPOT_FIELD]: "x" }));
    expect(baitedForm.status).toBe(303);
    expect([...baitedForm.headers]).toEqual([...validForm.headers]);
  });

  test("its answer is what a real request gets at that moment: SendGrid asked the same, in sandbox mode, with no visitor text", async () => {
    const { post, mailer } = harness();
    expect((await post({ ...VALID, [HONEYPOT_FIELD]: "http://spam.example" })).status).toBe(200);
    expect(mailer.calls).toBe(0);
    // The sales e-mail's probe: the confirmation comes after a real request's answer, so it has none.
    expect(mailer.probes.map((probe) => [probe.customArgs?.kind, probe.sandbox])).toEqual([
      ["probe-sales", true],
    ]);
    const probes = JSON.stringify(mailer.probes);
    for (const value of Object.values(VALID_REQUEST)) if (value) expect(probes).not.toContain(value);
  });

  test("while SendGrid does not accept mail, the honeypot answers 202 like a real request, not 200", async () => {
    const consoleErrors = silenceConsole("error");
    const outage = () => scriptedMailer(Array.from({ length: 6 }, () => DOWN));
    const real = await harness({ mailer: outage() }).post({ ...VALID });
    const baited = await harness({ mailer: outage() }).post({
      ...VALID,
      [HONEYPOT_FIELD]: "http://spam.example",
    });
    expect(real.status).toBe(202);
    expect(baited.status).toBe(202);
    const keys = async (res: Response) => Object.keys((await res.json()) as Record<string, unknown>);
    expect(await keys(baited)).toEqual(await keys(real));
    expect(consoleErrors.text()).toContain("[demo-request] sales e-mail not accepted");
  });

  test.each([HONEYPOT_FIELD, LEGACY_HONEYPOT_FIELD])(
    "filled (%s): stored as spam with its reason, the request kept in full, nothing sent",
    async (field) => {
      const { post, mailer, store } = harness({ now: () => NOW });
      const res = await post({ ...VALID, message: "Hi", [field]: "https://autofill.example", requestId: ID });
      expect(res.status).toBe(200);
      expect(mailer.calls).toBe(0);
      const neverSent = { state: "skipped", attempts: 0, lastError: "stored as spam" };
      expect(await store!.get(LEAD)).toEqual({
        id: LEAD,
        request: { ...VALID_REQUEST, message: "Hi" },
        receivedAt: NOW.toISOString(),
        state: "spam",
        spamReason: "honeypot field filled",
        honeypot: "https://autofill.example",
        // Classified like any lead (docs/decisions/0031-email-classification.md), for its recovery.
        emailClass: { class: "company", domain: "acme-mining.com", role: false },
        // The keyed hash of the inbox, never the address (docs/decisions/0032-bookings-by-uid.md).
        inboxKey: inboxKeyOf(VALID_REQUEST.email, TEST_CONFIG.formSecret),
        // Every channel loaded (here no lead webhook): a spam lead is never sent.
        deliveries: { sales: neverSent, confirmation: neverSent },
        settledAt: NOW.toISOString(),
      });
      // Nothing is left for the retry job to look at.
      expect(await store!.pendingIds()).toEqual([]);
    },
  );

  test("the no-JS form's filled honeypot is stored as spam too, and lands on the thanks page", async () => {
    const { handle, mailer, store } = harness();
    const res = await handle(formPost({ ...VALID, [HONEYPOT_FIELD]: "x" }));
    expect(res.status).toBe(303);
    expect(mailer.calls).toBe(0);
    const [record] = (store as ReturnType<typeof createMemoryLeadStore>).records.values();
    expect(record).toMatchObject({ state: "spam", spamReason: "honeypot field filled" });
  });

  test("a spam record is never sent by the retry job, and leads:export shows it with its reason", async () => {
    const store = createMemoryLeadStore();
    const { post } = harness({ store, now: () => NOW });
    await post({ ...VALID, [HONEYPOT_FIELD]: "x", requestId: ID });
    const mailer = scriptedMailer();
    const later = () => new Date(NOW.getTime() + 3_600_000);
    const run = await retryPendingLeads({
      store,
      mailer,
      config: TEST_CONFIG,
      addOns: await testAddOns(),
      now: later,
    });
    expect(run).toEqual({ sent: 0, failed: 0, waiting: 0 });
    expect(mailer.calls).toBe(0);
    const [header, row] = leadsToCsv([...store.records.values()]).split("\r\n");
    const columns = header.split(",");
    const cells = row.split(",");
    expect(cells[columns.indexOf('"state"')]).toBe('"spam"');
    expect(cells[columns.indexOf('"spamReason"')]).toBe('"honeypot field filled"');
    expect(cells[columns.indexOf('"email"')]).toBe(`"${VALID.email}"`);
  });
  test.each([
    ["Blobs unavailable", null, []],
    [
      "the store refusing the write",
      failingStore,
      // The store that refused the lead cannot be read for the lead lines either.
      ["[demo-request] store create failed; sending without a record", "[demo-request] lead lines left out"],
    ],
  ])(
    "a filled honeypot that cannot be stored (%s) goes to sales as suspected spam, never lost",
    async (_name, store, loggedEvents) => {
      // A failed write is logged as an error, as for any lead the store refuses.
      const consoleErrors = silenceConsole("error");
      const { post, mailer } = harness({ store, now: () => NOW });
      const res = await post({ ...VALID, [HONEYPOT_FIELD]: "https://autofill.example", requestId: ID });
      const sales = await expectSuspectedSpamToSales(res, mailer, LEAD);
      expect(sales.text).toContain(
        "Suspected spam: a field people can't see was filled in, often by a password manager; it could not be stored",
      );
      expect(consoleErrors.lines().map((line) => line.split(" {")[0])).toEqual(loggedEvents);
    },
  );
  test("without a request id (the form without JavaScript), it reaches sales under the id the store was asked to create", async () => {
    const consoleErrors = silenceConsole("error");
    const tried: string[] = [];
    const store = {
      ...failingStore,
      create: async (lead: { id: string }) => (tried.push(lead.id), "unavailable" as const),
    };
    const { post, mailer } = harness({ store, now: () => NOW });
    const res = await post({ ...VALID, [HONEYPOT_FIELD]: "https://autofill.example" });
    const { reference } = (await res.json()) as { reference: string };
    expect(tried).toEqual([reference]);
    expect(mailer.sent[0].text).toContain(reference);
    expect(consoleErrors.lines()).toEqual([
      `[demo-request] store create failed; sending without a record {"requestId":"${reference}"}`,
      `[demo-request] lead lines left out {"requestId":"${reference}","addOn":"company match","reason":"Error"}`,
    ]);
  });
});

describe("the time token", () => {
  test.each([
    ["sent too fast", tokenFrom(ago(800)), /^sent 0\.8 s after the form loaded/, /^sent 0\.8 s after/],
    [
      "forged",
      `${NOW.getTime() - 60_000}.${"A".repeat(43)}`,
      /^form token forged/,
      /^the form's hidden check was forged/,
    ],
    [
      "expired",
      tokenFrom(ago(30 * 3_600_000)),
      /^form token expired \(issued 30 h before\)/,
      /^sent 30 h after the form was opened/,
    ],
  ])(
    "%s: stored with the reason, delivered to sales as suspected spam with the reason in words, no confirmation",
    async (_n, formToken, reason, words) => {
      const { post, mailer, store } = harness({ now: () => NOW });
      const res = await post({ ...VALID, formToken, requestId: ID });
      const sales = await expectSuspectedSpamToSales(res, mailer, LEAD);
      // The suspicion comes with the lead's first lines, before the claim button.
      const lines = sales.text.split("\n");
      const suspicion = lines.findIndex((line) => line.startsWith("Suspected spam: "));
      expect(lines[suspicion]).toMatch(new RegExp(`^Suspected spam: ${words.source.slice(1)}`));
      expect(suspicion).toBeLessThan(lines.findIndex((line) => line.startsWith("Claim this lead")));
      expect(sales.html).toContain("Suspected spam: ");
      const stored = await store!.get(LEAD);
      expect(stored).toMatchObject({
        state: "sent",
        deliveries: { confirmation: { state: "skipped", lastError: "suspected spam" } },
      });
      expect(stored?.suspectedSpam).toMatch(reason);
    },
  );

  test("a token sent back at a person's pace is clean: normal subject, confirmation sent", async () => {
    const { post, mailer, store } = harness({ now: () => NOW });
    await post({ ...VALID, formToken: tokenFrom(ago(45_000)), requestId: ID });
    expect(mailer.sent.map((m) => m.subject)).toEqual([
      "Demo request: Jane Driller (Acme Mining)",
      "We received your demo request",
    ]);
    expect(await store!.get(LEAD)).toMatchObject({ id: LEAD, state: "sent" });
    expect((await store!.get(LEAD))?.suspectedSpam).toBeUndefined();
  });

  test("two visitors whose forms loaded in the same millisecond are both clean", async () => {
    const { post, mailer } = harness({ now: () => NOW });
    const loaded = ago(45_000);
    const other = { ...VALID, firstName: "Sam", email: "sam@ore-co.com", company: "Ore Co" };
    await post({ ...VALID, formToken: tokenFrom(loaded), requestId: ID });
    await post({ ...other, formToken: tokenFrom(loaded), requestId: "9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d" });
    expect(mailer.sent.map((m) => m.subject)).toEqual([
      "Demo request: Jane Driller (Acme Mining)",
      "We received your demo request",
      "Demo request: Sam Driller (Ore Co)",
      "We received your demo request",
    ]);
  });

  test("no token (the form without JavaScript) is not suspect by itself", async () => {
    const { handle, mailer } = harness({ now: () => NOW });
    expect((await handle(formPost({ ...VALID }))).status).toBe(303);
    expect(mailer.sent.map((m) => m.customArgs?.kind)).toEqual(["sales", "confirmation"]);
    expect(mailer.sent[0].subject).not.toContain("Suspected spam");
  });

  test("a suspected request the retry job delivers keeps its prefix and gets no confirmation", async () => {
    const consoleErrors = silenceConsole("error");
    const store = createMemoryLeadStore();
    const { post } = harness({ store, now: () => NOW, mailer: scriptedMailer([DOWN, DOWN, DOWN]) });
    expect((await post({ ...VALID, formToken: tokenFrom(ago(500)), requestId: ID })).status).toBe(202);
    const mailer = scriptedMailer();
    const later = () => new Date(NOW.getTime() + 3_600_000);
    await retryPendingLeads({ store, mailer, config: TEST_CONFIG, addOns: await testAddOns(), now: later });
    expect(mailer.sent.map((m) => m.subject)).toEqual([
      "[Suspected spam] Demo request: Jane Driller (Acme Mining)",
    ]);
    expect(consoleErrors.text()).toContain("[demo-request] sales e-mail not accepted");
  });

  test("a token or honeypot that is not text is refused like any malformed field", async () => {
    const { post, mailer } = harness();
    expect((await post({ ...VALID, formToken: 42 })).status).toBe(422);
    expect((await post({ ...VALID, formToken: "x".repeat(201) })).status).toBe(422);
    expect((await post({ ...VALID, [HONEYPOT_FIELD]: { a: 1 } })).status).toBe(422);
    expect((await post({ ...VALID, [HONEYPOT_FIELD]: "x".repeat(1001) })).status).toBe(422);
    expect(mailer.calls).toBe(0);
  });
});

const ID = "3d6f0a52-8c1e-4b7a-9e2d-5f4c3b2a1e0d";
// The lead the server makes from that key (netlify/lib/core/leads/lead-address.ts).
const LEAD = leadIdOf(ID);
const { [HONEYPOT_FIELD]: _honeypot, ...VALID_REQUEST } = VALID;
