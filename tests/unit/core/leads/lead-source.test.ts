/**
 * @jest-environment node
 */
// Where each lead came from (docs/decisions/0024-lead-attribution.md): the function checks `attribution` with
// the schema module, stores it with the lead, and shows it in the sales e-mail's "Source" section and in the
// CSV.
import { leadsToCsv } from "../../../../netlify/lib/add-ons/privacy/leads-csv";
import { buildSalesEmail } from "../../../../netlify/lib/core/delivery/messages";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";
import { harness, leadIdOf, leadRecord, sentOfKind, VALID } from "../../../helpers/function-harness";

const ID = "3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a";
// The lead a request with key ID is stored under (netlify/lib/core/leads/lead-id.ts).
const LEAD = leadIdOf(ID);
const ATTRIBUTION = {
  landing_path: "/",
  referrer: "https://www.linkedin.com/",
  utm_source: "linkedin",
  utm_campaign: "q4",
};
const META = {
  salesEmail: "sales@resources.test",
  mailFrom: "no-reply@resources.test",
  receivedAt: new Date("2025-01-01T11:00:00.000Z"),
  requestId: ID,
};

afterEach(() => jest.restoreAllMocks());

test("a request's attribution is stored with the lead and shown in the sales e-mail", async () => {
  const store = createMemoryLeadStore();
  const { post, mailer } = harness({ store });
  const res = await post({ ...VALID, requestId: ID, attribution: ATTRIBUTION });
  expect(res.status).toBe(200);
  expect((await store.get(LEAD))?.attribution).toEqual(ATTRIBUTION);
  const [sales] = sentOfKind(mailer, "sales");
  expect(sales.text).toContain(
    "Source\n  landing_path: /\n  referrer: https://www.linkedin.com/\n  utm_source: linkedin\n  utm_campaign: q4",
  );
  expect(sales.html).toContain("<h2>Source</h2><ul><li>landing_path: /</li>");
});

test("a request without attribution is valid; its e-mail says no source was recorded", async () => {
  const store = createMemoryLeadStore();
  const { post, mailer } = harness({ store });
  expect((await post({ ...VALID, requestId: ID })).status).toBe(200);
  expect(await store.get(LEAD)).toMatchObject({ id: LEAD, request: { email: VALID.email } });
  expect((await store.get(LEAD))?.attribution).toBeUndefined();
  expect(sentOfKind(mailer, "sales")[0].text).toContain("Source\n  (none recorded)");
});

test.each([
  [
    "an unknown key",
    { utm_source: "x", fbclid: "y" },
    "Attribution is invalid: attribution has unknown keys",
  ],
  [
    "a value over 200 characters",
    { utm_term: "x".repeat(201) },
    "Attribution is invalid: utm_term must be at most 200 characters",
  ],
  [
    "a format character",
    { utm_source: "linked\u200bin" },
    "Attribution is invalid: utm_source contains characters that are not allowed",
  ],
  ["not an object", "utm_source=linkedin", "Attribution is invalid: attribution must be an object"],
])("%s is rejected with 422 and nothing is stored or sent", async (_what, attribution, error) => {
  const store = createMemoryLeadStore();
  const { post, mailer } = harness({ store });
  const res = await post({ ...VALID, requestId: ID, attribution });
  expect(res.status).toBe(422);
  expect(await res.json()).toEqual({ error });
  expect(await store.ids()).toEqual([]);
  expect(mailer.calls).toBe(0);
});

test("attribution values are HTML-escaped in the sales e-mail", () => {
  const message = buildSalesEmail(VALID, { ...META, attribution: { utm_content: "<b>x</b>&" } });
  expect(message.html).toContain("<li>utm_content: &lt;b&gt;x&lt;/b&gt;&amp;</li>");
});

test("the CSV has one column per attribution key, empty without a source, formula-safe", () => {
  const withSource = {
    ...leadRecord("a", "sent"),
    attribution: { ...ATTRIBUTION, utm_content: "=HYPERLINK(1)" },
  };
  const without = { ...leadRecord("b", "sent"), receivedAt: "2025-01-02T00:00:00.000Z" };
  const [header, first, second] = leadsToCsv([withSource, without]).trimEnd().split("\r\n");
  expect(header).toMatch(
    /"landing_path","referrer","utm_source","utm_medium","utm_campaign","utm_term","utm_content","gclid",/,
  );
  expect(first).toMatch(/"\/","https:\/\/www\.linkedin\.com\/","linkedin","","q4","","'=HYPERLINK\(1\)","",/);
  expect(second).toMatch(/"b","2025-01-02T00:00:00.000Z"(,"[^"]*"){12}(,""){8},/);
});

test("the function stores attribution trimmed, and the export neutralises what is left of a formula", async () => {
  const store = createMemoryLeadStore();
  const { post } = harness({ store });
  const attribution = { utm_source: ' =HYPERLINK("https://evil.example","x")', utm_campaign: "\u3000q4 " };
  expect((await post({ ...VALID, requestId: ID, attribution })).status).toBe(200);
  const stored = [...store.records.values()];
  expect(stored.map((lead) => lead.attribution)).toEqual([
    { utm_source: '=HYPERLINK("https://evil.example","x")', utm_campaign: "q4" },
  ]);
  const [, row] = leadsToCsv(stored).trimEnd().split("\r\n");
  expect(row).toContain(`"'=HYPERLINK(""https://evil.example"",""x"")"`);
});
