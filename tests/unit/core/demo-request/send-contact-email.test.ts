/**
 * @jest-environment node
 */
// The function's default export against the local SendGrid-compatible test server
// (docs/requirements.md#the-demo-request-end-to-end).
import handler, { config as functionConfig } from "../../../../netlify/functions/send-contact-email.mts";
import { formSecretFrom } from "../../../../netlify/lib/core/config";
import { resetConfig } from "../../../../netlify/lib/compose";
import { leadIdFor } from "../../../../netlify/lib/core/leads/lead-address";
import { HONEYPOT_FIELD } from "../../../../src/lib/demo-request";
import { demoRequest, demoRequestBody, formToken, setUpFunctionEnv } from "../../../helpers/function-env";
import { silenceConsole } from "../../../helpers/console";

const context = {} as Parameters<typeof handler>[1];

// Each test's prospect has an address of its own: a confirmation goes to an address once a day.
let tests = 0;
let valid: Record<string, string>;

const { sink, blobs } = setUpFunctionEnv({ SENDGRID_TIMEOUT_MS: "400" });
beforeEach(() => {
  valid = demoRequestBody({ email: `jane.${++tests}@acme-mining.com` });
});
afterEach(() => {
  jest.restoreAllMocks();
});

// The site's form sends a fresh time token with each request (a spent one is suspected): a body
// that names no `formToken` gets one, issued a minute earlier, each one different.
let tokens = 0;
const withToken = (body: unknown) =>
  body !== null && typeof body === "object" && !("formToken" in body)
    ? { ...body, formToken: formToken(new Date(Date.now() - 60_000 - ++tokens)) }
    : body;

function post(body: unknown, init: RequestInit = {}): Promise<Response> {
  return handler(demoRequest(typeof body === "string" ? body : withToken(body), init), context);
}

test("a valid request sends the sales e-mail and the confirmation, then answers 200", async () => {
  const res = await post(valid);
  expect(res.status).toBe(200);
  // Without a requestId the server picks a random lead id: the reference sales, the prospect and the
  // store all see (docs/requirements.md#spam-defence).
  const { reference, ...rest } = (await res.json()) as { reference: string };
  expect(rest).toEqual({ ok: true });
  expect(reference).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(await blobs.open("demo-requests").get(`leads/${reference}`, { type: "json" })).toMatchObject({
    id: reference,
    request: { email: valid.email },
  });
  const [sales, confirmation] = sink.messages();
  expect(sink.messages()).toHaveLength(2);
  expect(sales.text).toContain(`Request id: ${reference}`);
  expect(confirmation.text).toContain(`Your reference: ${reference.slice(0, 8)}.`);
  expect(sales).toMatchObject({
    to: ["sales@resources.test"],
    from: "no-reply@resources.test",
    replyTo: valid.email,
  });
  expect(sales.subject).toBe("Demo request: Jane Driller (Acme Mining)");
  for (const value of [
    valid.firstName,
    valid.lastName,
    valid.email,
    valid.phone,
    valid.company,
    valid.message,
  ]) {
    expect(sales.text).toContain(value);
    expect(sales.html).toContain(value);
  }
  expect(sales.text).toMatch(/Received: \w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC/);
  expect(confirmation).toMatchObject({ to: [valid.email], from: "no-reply@resources.test" });
  expect(confirmation.text).toContain("within 24 hours");
});

test("the sales e-mail names the phone, address and message as the form does (one spelling), the message quoted", async () => {
  await post(valid);
  const [sales] = sink.messages();
  expect(sales.text).toContain("\nJane Driller, Acme Mining\n");
  expect(sales.text).toContain(`\nPhone Number: +61 400 123 456\nWork Email: ${valid.email}\n`);
  // Each line of the message quoted (docs/requirements.md#spam-defence).
  expect(sales.text).toContain("\nAdditional Info:\n\n> Interested in the Co-Pilot\n");
  for (const label of ["Phone Number", "Work Email", "Additional Info"])
    expect(sales.html).toContain(`>${label}:`);
});

test("visitor values are HTML-escaped in the HTML body and CR/LF never reaches the subject", async () => {
  const res = await post({
    ...valid,
    company: "<script>alert(1)</script> & Co",
    message: "Line 1\r\nBcc: x@evil.test",
  });
  expect(res.status).toBe(200);
  const [sales] = sink.messages();
  expect(sales.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co");
  expect(sales.html).not.toContain("<script>");
  expect(sales.subject).not.toMatch(/[\r\n]/);
});

test.each(["GET", "PUT", "DELETE", "PATCH"])("%s answers 405 with Allow: POST", async (method) => {
  const res = await handler(new Request("http://localhost/api/send-contact-email", { method }), context);
  expect(res.status).toBe(405);
  expect(res.headers.get("allow")).toBe("POST");
  expect(((await res.json()) as { error: string }).error).toMatch(/POST/);
});

test("a content type other than JSON or a form answers 415", async () => {
  const res = await post("firstName=Jane", { headers: { "content-type": "text/plain" } });
  expect(res.status).toBe(415);
  expect(((await res.json()) as { error: string }).error).toMatch(
    /application\/json or application\/x-www-form-urlencoded/,
  );
});

test.each([
  ["invalid JSON", "{not json"],
  ["an array", "[1,2]"],
  ["a string", '"hello"'],
  ["null", "null"],
])("%s answers 400", async (_name, body) => {
  const res = await post(body);
  expect(res.status).toBe(400);
  expect(((await res.json()) as { error: string }).error).toEqual(expect.any(String));
  expect(sink.messages()).toHaveLength(0);
});

test("an invalid payload answers 422 with the spec's message per field", async () => {
  const res = await post({ firstName: " ", lastName: "", email: "nope", phone: "", company: "" });
  expect(res.status).toBe(422);
  expect(await res.json()).toEqual({
    error: "Some fields are invalid",
    fields: {
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Invalid email address",
      phone: "Phone number is required",
      company: "Company name is required",
    },
  });
  expect(sink.messages()).toHaveLength(0);
});

test("a filled honeypot answers exactly like success, sends nothing, and is stored as spam", async () => {
  const requestId = "7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f";
  const res = await post({ ...valid, [HONEYPOT_FIELD]: "http://spam.example", requestId });
  expect(res.status).toBe(200);
  // The lead id the function makes from the key under its form secret (netlify/lib/core/leads/lead-address.ts).
  const lead = leadIdFor(requestId, formSecretFrom(process.env)!);
  expect(await res.json()).toEqual({ ok: true, reference: lead });
  expect(sink.messages()).toHaveLength(0);
  expect(await blobs.open("demo-requests").get(`leads/${requestId}`, { type: "json" })).toBeNull();
  expect(await blobs.open("demo-requests").get(`leads/${lead}`, { type: "json" })).toMatchObject({
    state: "spam",
    spamReason: "honeypot field filled",
    request: { email: valid.email },
  });
});

test.each([
  ["500", { status: 500 }],
  ["400", { status: 400 }],
  ["a timeout", { status: "hang" as const }],
])(
  "SendGrid answering %s, no Blobs: 502 with a generic message, only the status logged",
  async (_name, mode) => {
    const errors = silenceConsole("error");
    delete process.env.NETLIFY_BLOBS_CONTEXT; // the request cannot be stored for a later retry either
    sink.setMode(mode);
    const res = await post(valid);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: "The demo request could not be delivered. Please try again." });
    expect(sink.messages()).toHaveLength(0);
    const logged = errors.mock.calls.flat().join(" ");
    expect(logged).toMatch(/not accepted/);
    expect(logged).not.toContain(valid.email);
    expect(logged).not.toContain("123 456");
  },
);

test.each(["SENDGRID_API_KEY", "SALES_EMAIL", "MAIL_FROM"])(
  "missing %s answers 500 'Server misconfigured' and names it in the log",
  async (name) => {
    const errors = silenceConsole("error");
    delete process.env[name];
    resetConfig();
    const res = await post(valid);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: "Server misconfigured" });
    expect(errors.mock.calls.flat().join(" ")).toContain(`${name} is missing`);
    expect(sink.messages()).toHaveLength(0);
  },
);

test("the function is routed at /api/send-contact-email with a per-IP rate limit", () => {
  expect(functionConfig.path).toBe("/api/send-contact-email");
  expect(functionConfig.rateLimit).toMatchObject({ windowSize: 60, aggregateBy: ["ip", "domain"] });
  expect(Array.isArray(functionConfig.rateLimit?.aggregateBy)).toBe(true);
  expect(functionConfig.rateLimit?.windowLimit).toBeGreaterThan(0);
});

test("function answers carry their own security headers", async () => {
  const res = await post(valid);
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
});
