/**
 * @jest-environment node
 */
// The form without JavaScript (docs/requirements.md#accessibility-search-and-the-form-without-javascript):
// a form-encoded post goes through the same checks
// as JSON; success is a 303 to the thanks page, bad input a 422 HTML page with the spec messages.
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";
import { parseFormBody } from "../../../../netlify/lib/core/demo-request/edge";
import { HONEYPOT_FIELD } from "../../../../src/lib/demo-request";
import { DOWN, failingStore, harness, scriptedMailer, VALID } from "../../../helpers/function-harness";
import { silenceConsole } from "../../../helpers/console";

const URL_ = "https://resources.example/api/send-contact-email";
const FORM_CT = { "content-type": "application/x-www-form-urlencoded" };

const encode = (values: Record<string, string>) => new URLSearchParams(values).toString();
const formPost = (body: string, headers: Record<string, string> = {}) =>
  new Request(URL_, { method: "POST", headers: { ...FORM_CT, ...headers }, body });

afterEach(() => jest.restoreAllMocks());

test("a valid form post stores the lead, sends the e-mails and answers 303 to the thanks page", async () => {
  const store = createMemoryLeadStore();
  const { handle, mailer } = harness({ store });
  const res = await handle(formPost(encode(VALID), { origin: "https://resources.example" }));
  expect(res.status).toBe(303);
  expect(res.headers.get("location")).toBe("/contact/thanks");
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(mailer.sent.map((m) => m.customArgs?.kind)).toEqual(["sales", "confirmation"]);
  expect(mailer.sent[0].replyTo).toBe(VALID.email);
  expect([...store.records.values()][0].state).toBe("sent");
});

test("a textarea's CRLF line breaks are kept in the message, each line quoted", async () => {
  const { handle, mailer } = harness();
  const res = await handle(formPost(encode({ ...VALID, message: "line one\r\nline two" })));
  expect(res.status).toBe(303);
  expect(mailer.sent[0].text).toContain("> line one\n> line two");
});

test("a stored but undelivered request is still a 303 (the request is received)", async () => {
  const consoleErrors = silenceConsole("error");
  const mailer = scriptedMailer([DOWN, DOWN, DOWN]);
  const { handle } = harness({ mailer });
  expect((await handle(formPost(encode(VALID)))).status).toBe(303);
  expect(consoleErrors.text()).toContain("[demo-request] sales e-mail not accepted");
});

test("neither stored nor sent: 502 HTML page, not the thanks page", async () => {
  const consoleErrors = silenceConsole("error");
  const mailer = scriptedMailer([DOWN, DOWN, DOWN]);
  const { handle } = harness({ store: failingStore, mailer });
  const res = await handle(formPost(encode(VALID)));
  expect(res.status).toBe(502);
  expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  expect(await res.text()).toContain("could not be delivered");
  expect(consoleErrors.text()).toContain("[demo-request] store create failed; sending without a record");
});

test("the honeypot answers like a success, sends nothing, and keeps the request as spam", async () => {
  const { handle, mailer, store } = harness();
  const res = await handle(formPost(encode({ ...VALID, [HONEYPOT_FIELD]: "https://spam.example" })));
  expect(res.status).toBe(303);
  expect(mailer.calls).toBe(0);
  const records = [...(store as ReturnType<typeof createMemoryLeadStore>).records.values()];
  expect(records.map((r) => r.state)).toEqual(["spam"]);
});

test("an empty form answers 422 with an HTML page listing each required field's spec message", async () => {
  const store = createMemoryLeadStore();
  const { handle, mailer } = harness({ store });
  const empty = {
    firstName: "",
    lastName: "",
    email: "",
    phone: "",
    company: "",
    message: "",
    [HONEYPOT_FIELD]: "",
  };
  const res = await handle(formPost(encode(empty)));
  expect(res.status).toBe(422);
  expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
  const csp = res.headers.get("content-security-policy") ?? "";
  expect(csp).toMatch(/default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'/);
  const html = await res.text();
  for (const text of [
    "<strong>First Name:</strong> First name is required",
    "<strong>Last Name:</strong> Last name is required",
    "<strong>Work Email:</strong> Invalid email address",
    "<strong>Phone Number:</strong> Phone number is required",
    "<strong>Company:</strong> Company name is required",
  ]) {
    expect(html).toContain(text);
  }
  expect(html).not.toContain("Additional Info");
  expect(html).toContain('href="/contact"');
  expect(mailer.calls).toBe(0);
  expect(store.records.size).toBe(0);
});

test("the style hash in the CSP matches the page's inline style", async () => {
  const { handle } = harness();
  const res = await handle(formPost(encode({ ...VALID, email: "nope" })));
  const style = /<style>([^<]*)<\/style>/.exec(await res.text())?.[1] ?? "";
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(style));
  expect(res.headers.get("content-security-policy")).toContain(
    `'sha256-${Buffer.from(digest).toString("base64")}'`,
  );
});

const hostile: [name: string, body: string, headers: Record<string, string>, status: number][] = [
  ["foreign origin", encode(VALID), { origin: "https://evil.example" }, 403],
  ["repeated field", `${encode(VALID)}&email=b%40c.com`, {}, 400],
  ["unknown field", `${encode(VALID)}&admin=1`, {}, 422],
  ["__proto__ field", `${encode(VALID)}&__proto__=x`, {}, 422],
  ["33 KB body", encode({ ...VALID, message: "x".repeat(33 * 1024) }), {}, 413],
  ["CR/LF in a name", encode({ ...VALID, firstName: "a\r\nBcc: x@y.com" }), {}, 422],
  ["script in the e-mail", encode({ ...VALID, email: "<script>alert(1)</script>" }), {}, 422],
];

test.each(hostile)("%s -> %i HTML page, nothing sent or stored", async (_name, body, headers, status) => {
  const store = createMemoryLeadStore();
  const { handle, mailer } = harness({ store });
  const res = await handle(formPost(body, headers));
  expect(res.status).toBe(status);
  const html = await res.text();
  expect(html).toContain("Your demo request was not sent");
  expect(html).not.toMatch(/<script/i);
  expect(mailer.calls).toBe(0);
  expect(store.records.size).toBe(0);
});

test("JSON answers are unchanged by the form path", async () => {
  const { post } = harness();
  const res = await post({ ...VALID, email: "nope" });
  expect(res.status).toBe(422);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(await res.json()).toEqual({
    error: "Some fields are invalid",
    fields: { email: "Invalid email address" },
  });
});

test("parseFormBody decodes once per name and refuses repeats", () => {
  expect(parseFormBody("a=1&b=x+y%21")).toEqual({ a: "1", b: "x y!" });
  expect(parseFormBody("a=1&a=2")).toBeUndefined();
  const withProto = parseFormBody("__proto__=x");
  expect(Object.keys(withProto ?? {})).toEqual(["__proto__"]);
  expect(Object.getPrototypeOf(withProto)).toBe(Object.prototype);
});
