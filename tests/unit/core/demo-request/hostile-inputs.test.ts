/**
 * @jest-environment node
 */
// docs/requirements.md#durable-capture: hostile and malformed requests get the right 4xx with a clear JSON
// message, and nothing is sent or stored; random JSON bodies never give a 5xx or an e-mail.
import fc from "fast-check";
import { HONEYPOT_FIELD } from "../../../../src/lib/demo-request";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";
import { harness, leadRecord, VALID } from "../../../helpers/function-harness";
import { leadsToCsv } from "../../../helpers/leads-csv";
import { neutraliseFormula } from "../../../../netlify/lib/kit/csv";

const URL_ = "https://resources.example/api/send-contact-email";
const JSON_CT = { "content-type": "application/json" };
type Case = [name: string, init: RequestInit, status: number];

const body = (value: unknown): RequestInit => ({
  method: "POST",
  headers: JSON_CT,
  body: JSON.stringify(value),
});
const raw = (text: string): RequestInit => ({ method: "POST", headers: JSON_CT, body: text });
const FIELDS = ["firstName", "lastName", "email", "phone", "company"] as const;
const LIMITS = { firstName: 100, lastName: 100, email: 255, phone: 50, company: 200, message: 1000 };

const cases: Case[] = [
  ...["GET", "PUT", "DELETE", "PATCH", "OPTIONS"].map((m): Case => [`method ${m}`, { method: m }, 405]),
  ["text/plain", { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" }, 415],
  ["XML", { method: "POST", headers: { "content-type": "application/xml" }, body: "<a/>" }, 415],
  [
    "multipart",
    { method: "POST", headers: { "content-type": "multipart/form-data; boundary=x" }, body: "--x--" },
    415,
  ],
  ["no content type", { method: "POST", body: "{}" }, 415],
  ["foreign origin", { ...body(VALID), headers: { ...JSON_CT, origin: "https://evil.example" } }, 403],
  ["null origin", { ...body(VALID), headers: { ...JSON_CT, origin: "null" } }, 403],
  ["empty body", raw(""), 400],
  ["invalid JSON", raw("{firstName:"), 400],
  ["JSON array", raw("[]"), 400],
  ["JSON string", raw('"x"'), 400],
  ["JSON number", raw("42"), 400],
  ["JSON null", raw("null"), 400],
  ["1 MB body", raw(JSON.stringify({ ...VALID, message: "x".repeat(1024 * 1024) })), 413],
  ["33 KB body", raw(" ".repeat(33 * 1024) + "{}"), 413],
  ["__proto__ key", raw(`{"__proto__":{"admin":true},${JSON.stringify(VALID).slice(1)}`), 422],
  ["constructor key", body({ ...VALID, constructor: { prototype: {} } }), 422],
  ["requestId not a UUID", body({ ...VALID, requestId: "1; DROP TABLE" }), 422],
  ...FIELDS.flatMap((f): Case[] => [
    [`${f} as number`, body({ ...VALID, [f]: 12345 }), 422],
    [`${f} as array`, body({ ...VALID, [f]: ["a"] }), 422],
    [`${f} as object`, body({ ...VALID, [f]: { a: 1 } }), 422],
    [`${f} as boolean`, body({ ...VALID, [f]: true }), 422],
    [`${f} with CR/LF`, body({ ...VALID, [f]: f === "email" ? "a@b.com\r\nBcc: c@d.com" : "a\r\nb" }), 422],
    [`${f} with NUL`, body({ ...VALID, [f]: "a\u0000b" }), 422],
    [`${f} whitespace only`, body({ ...VALID, [f]: "   " }), 422],
    [
      `${f} one past its limit`,
      body({
        ...VALID,
        [f]:
          f === "email"
            ? `${"a".repeat(64)}@${"b".repeat(LIMITS.email - 68)}.com`
            : "x".repeat(LIMITS[f] + 1),
      }),
      422,
    ],
  ]),
  ["message one past its limit", body({ ...VALID, message: "x".repeat(1001) }), 422],
  ["message with NUL", body({ ...VALID, message: "a\u0000" }), 422],
  ["email with comma", body({ ...VALID, email: "a@b.com,c@d.com" }), 422],
  ["email with semicolon", body({ ...VALID, email: "a@b.com;c@d.com" }), 422],
  ["email with space", body({ ...VALID, email: "a b@c.com" }), 422],
  ["email with two @", body({ ...VALID, email: "a@b@c.com" }), 422],
  ["email with display name", body({ ...VALID, email: "Jane <jane@acme.com>" }), 422],
  ["email with angle brackets", body({ ...VALID, email: "<jane@acme.com>" }), 422],
  ["email with trailing dot", body({ ...VALID, email: "jane@acme.com." }), 422],
  ["email local part over 64", body({ ...VALID, email: `${"a".repeat(65)}@acme.com` }), 422],
  ["name with bidi override", body({ ...VALID, firstName: "Jane\u202Eevil" }), 422],
  // Invisible format characters (Unicode Cf) in the one-line fields (docs/requirements.md#spam-defence).
  ...(["firstName", "lastName", "phone", "company"] as const).flatMap((f): Case[] =>
    ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u200e", "\u200f", "\u00ad"].map((ch): Case => [
      `${f} with U+${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`,
      body({ ...VALID, [f]: `a${ch}b` }),
      422,
    ]),
  ),
  ["name with unicode control", body({ ...VALID, lastName: "Doe\u0085" }), 422],
  // Hangul fillers: default-ignorable letters (Lo) that render as nothing, so a name of them alone
  // looks empty (docs/requirements.md#spam-defence).
  ...(["firstName", "lastName", "phone", "company"] as const).flatMap((f): Case[] =>
    ["\u3164", "\u115f", "\u1160", "\uffa0"].flatMap((ch): Case[] => [
      [`${f} of U+${ch.charCodeAt(0).toString(16).toUpperCase()} alone`, body({ ...VALID, [f]: ch }), 422],
      [`${f} with U+${ch.charCodeAt(0).toString(16).toUpperCase()}`, body({ ...VALID, [f]: `a${ch}b` }), 422],
    ]),
  ),
];

test("the table has at least 40 hostile inputs", () => expect(cases.length).toBeGreaterThanOrEqual(40));

test.each(cases)("%s -> %i, nothing sent or stored", async (_name, init, status) => {
  const store = createMemoryLeadStore();
  const { handle, mailer } = harness({ store });
  const res = await handle(new Request(URL_, init));
  expect(res.status).toBe(status);
  const json = (await res.json()) as { error?: unknown };
  expect(typeof json.error).toBe("string");
  expect(String(json.error).length).toBeGreaterThan(3);
  expect(mailer.calls).toBe(0);
  expect(store.records.size).toBe(0);
});

test("HTML and script in every field arrive HTML-escaped in the HTML e-mail", async () => {
  const { post, mailer } = harness();
  const evil = '<script>alert("x")</script><img src=x onerror=alert(1)>';
  const res = await post({
    ...VALID,
    firstName: evil,
    lastName: evil,
    phone: evil.slice(0, 50),
    company: evil,
    message: evil,
  });
  expect(res.status).toBe(200);
  const html = mailer.sent[0].html;
  expect(html).not.toMatch(/<script|<img/i);
  expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
  jest.restoreAllMocks();
});

test("random JSON bodies never give a 5xx, and never an e-mail unless the payload is valid", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        fc.jsonValue(),
        fc.record({ firstName: fc.jsonValue(), email: fc.jsonValue(), [HONEYPOT_FIELD]: fc.jsonValue() }),
      ),
      async (value) => {
        const { handle, mailer } = harness();
        const res = await handle(new Request(URL_, body(value)));
        expect(res.status).toBeLessThan(500);
        expect(mailer.calls).toBe(0);
      },
    ),
    { numRuns: 300 },
  );
  jest.restoreAllMocks();
});

test("random strings as a body never give a 5xx", async () => {
  await fc.assert(
    fc.asyncProperty(fc.string({ maxLength: 200 }), async (text) => {
      const { handle, mailer } = harness();
      const res = await handle(new Request(URL_, raw(text)));
      expect(res.status).toBeLessThan(500);
      expect(mailer.calls).toBe(0);
    }),
    { numRuns: 200 },
  );
});

test("CSV export is RFC 4180 and neutralises formulas", () => {
  expect(neutraliseFormula("=1+1")).toBe("'=1+1");
  expect(neutraliseFormula("+61 400")).toBe("'+61 400");
  expect(neutraliseFormula("Acme")).toBe("Acme");
  const csv = leadsToCsv([
    leadRecord("b", "sent", {
      receivedAt: "2025-01-02T00:00:00Z",
      request: { ...VALID, company: '@SUM(A1) "Co"', message: "line1\nline2" },
    }),
    leadRecord("a", "pending", {
      receivedAt: "2025-01-01T00:00:00Z",
      request: { ...VALID, firstName: "-2+3" },
    }),
  ]);
  const lines = csv.split("\r\n");
  expect(lines[0]).toMatch(/^"id","receivedAt","state"/);
  expect(lines[1]).toContain(`"a","2025-01-01T00:00:00Z","pending","'-2+3"`);
  expect(csv).toContain(`"'@SUM(A1) ""Co"""`);
  expect(csv).toContain('"line1\nline2"');
  expect(csv.endsWith("\r\n")).toBe(true);
});

test("every Unicode format character (Cf) in a one-line field gets the 'not allowed' message", async () => {
  const cf: string[] = [];
  for (let code = 0; code <= 0x10ffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const ch = String.fromCodePoint(code);
    if (/\p{Cf}/u.test(ch)) cf.push(ch);
  }
  expect(cf.length).toBeGreaterThan(150);
  const { post, mailer } = harness();
  for (const ch of cf) {
    const res = await post({ ...VALID, company: `Acme${ch}Mining` });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { fields?: unknown }).fields).toEqual({
      company: "Company name contains characters that are not allowed",
    });
  }
  expect(mailer.calls).toBe(0);
});

test("every default-ignorable code point in a one-line field gets the 'not allowed' message", async () => {
  // The first and last code point of each run of Default_Ignorable_Code_Point (about 30 runs).
  const runs: [first: number, last: number][] = [];
  for (let code = 0; code <= 0x10ffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    if (!/\p{Default_Ignorable_Code_Point}/u.test(String.fromCodePoint(code))) continue;
    const run = runs.at(-1);
    if (run && run[1] === code - 1) run[1] = code;
    else runs.push([code, code]);
  }
  const ends = runs.flatMap(([first, last]) => (first === last ? [first] : [first, last]));
  expect(ends).toEqual(expect.arrayContaining([0x3164, 0x115f, 0x1160, 0xffa0, 0xfe0f, 0xe0fff]));
  const { post, mailer } = harness();
  for (const code of ends) {
    const res = await post({ ...VALID, firstName: `Ja${String.fromCodePoint(code)}ne` });
    expect([code.toString(16), res.status]).toEqual([code.toString(16), 422]);
    expect(((await res.json()) as { fields?: unknown }).fields).toEqual({
      firstName: "First name contains characters that are not allowed",
    });
  }
  expect(mailer.calls).toBe(0);
});
