/**
 * @jest-environment node
 */
// Parse, store, deliver, respond (docs/decisions/0019-lead-path.md): parsing gives data or a typed rejection
// (never a Response), and one respond(outcome, format) writes JSON or the no-JS form's HTML from it.
import {
  ID_CONFLICT,
  parseDemoRequest,
  respond,
  THANKS_PATH,
  type Outcome,
} from "../../../../netlify/lib/core/demo-request/edge";
import { HONEYPOT_FIELD } from "../../../../src/lib/demo-request";
import { VALID } from "../../../helpers/function-harness";

const ORIGINS = { siteOrigin: "https://resources.example", isLocal: false };
const post = (body: string, contentType = "application/json", method = "POST") =>
  new Request("https://resources.example/api/send-contact-email", {
    method,
    headers: { "content-type": contentType },
    body: method === "POST" ? body : undefined,
  });

test("parsing gives the checked request, or a rejection with its status and messages", async () => {
  const { [HONEYPOT_FIELD]: _honeypot, ...request } = VALID;
  expect(await parseDemoRequest(post(JSON.stringify({ ...VALID, firstName: "  Jane " })), ORIGINS)).toEqual({
    kind: "valid",
    request,
    requestId: undefined,
    honeypot: "",
    formToken: undefined,
  });
  expect(await parseDemoRequest(post("", "application/json", "GET"), ORIGINS)).toEqual({
    kind: "rejected",
    status: 405,
    error: "Method not allowed; use POST",
    allow: "POST",
  });
  expect(await parseDemoRequest(post(JSON.stringify({ ...VALID, email: "nope" })), ORIGINS)).toEqual({
    kind: "rejected",
    status: 422,
    error: "Some fields are invalid",
    fields: { email: "Invalid email address" },
  });
});

// The lead's id, made by the server (netlify/lib/core/leads/lead-address.ts): the answer's `reference`.
const LEAD = "3f2b9c1e-8d4a-4e7f-9b6c-2a1d0e5f7c8b";

test("a requestId must be a UUID of versions 1-8 with the RFC variant (kept lower-case); the nil UUID is not one", async () => {
  const key = "9A8B7C6D-5E4F-4A3B-8C2D-1E0F9A8B7C6D";
  expect(await parseDemoRequest(post(JSON.stringify({ ...VALID, requestId: key })), ORIGINS)).toMatchObject({
    kind: "valid",
    requestId: key.toLowerCase(),
  });
  for (const requestId of ["00000000-0000-0000-0000-000000000000", "9a8b7c6d-5e4f-4a3b-7c2d-1e0f9a8b7c6d"]) {
    expect(await parseDemoRequest(post(JSON.stringify({ ...VALID, requestId })), ORIGINS)).toEqual({
      kind: "rejected",
      status: 422,
      error: "requestId must be a UUID",
    });
  }
});

const cases: [name: string, outcome: Outcome, status: number, json: unknown][] = [
  ["delivered", { kind: "received", delivered: true, leadId: LEAD }, 200, { ok: true, reference: LEAD }],
  [
    "stored, not yet delivered",
    { kind: "received", delivered: false, leadId: LEAD },
    202,
    { ok: true, status: "pending", reference: LEAD },
  ],
  [
    "rejected",
    {
      kind: "rejected",
      status: 422,
      error: "Some fields are invalid",
      fields: { phone: "Phone number is required" },
    },
    422,
    { error: "Some fields are invalid", fields: { phone: "Phone number is required" } },
  ],
  ["request id bound to another payload", { kind: "conflict" }, 409, { error: ID_CONFLICT }],
  ["misconfigured", { kind: "misconfigured" }, 500, { error: "Server misconfigured" }],
  [
    "undeliverable",
    { kind: "undeliverable" },
    502,
    { error: "The demo request could not be delivered. Please try again." },
  ],
];

test.each(cases)("%s: JSON answer", async (_name, outcome, status, body) => {
  const res = await respond(outcome, "json");
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(await res.json()).toEqual(body);
});

test.each(cases)(
  "%s: HTML answer for the form posted without JavaScript",
  async (_name, outcome, status, body) => {
    const res = await respond(outcome, "html");
    if (outcome.kind === "received") {
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe(THANKS_PATH);
      return;
    }
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await res.text();
    expect(html).toContain("<h1>Your demo request was not sent</h1>");
    if (outcome.kind === "rejected")
      expect(html).toContain("<strong>Phone Number:</strong> Phone number is required");
    else expect(html).toContain(`<p>${(body as { error: string }).error}</p>`);
  },
);

test("with a booking page the JSON answer adds the link; the HTML answer leads to the lead's thanks page with its ticket", async () => {
  const url = "https://cal.com/acme/demo?name=Jane%20Driller&email=jane%40acme-mining.com";
  const ticket = "Ab-_".repeat(10) + "xyz";
  for (const delivered of [true, false]) {
    const outcome: Outcome = { kind: "received", delivered, leadId: LEAD };
    const json = await respond(outcome, "json", { url });
    expect(await json.json()).toEqual({
      ok: true,
      ...(delivered ? {} : { status: "pending" }),
      reference: LEAD,
      bookingUrl: url,
    });
    const html = await respond(outcome, "html", { url, ticket });
    expect(html.status).toBe(303);
    expect(html.headers.get("location")).toBe(`${THANKS_PATH}/${LEAD}?ticket=${ticket}`);
    // Without a ticket (the store could not keep one) the thanks page offers the plain booking link.
    const plain = await respond(outcome, "html", { url });
    expect(plain.headers.get("location")).toBe(`${THANKS_PATH}/${LEAD}`);
  }
});

test("no answer but a received one carries a reference or a booking link", async () => {
  for (const [, outcome] of cases.filter(([, o]) => o.kind !== "received")) {
    const body = await (await respond(outcome, "json", { url: "https://cal.com/acme/demo" })).json();
    expect(body).not.toHaveProperty("reference");
    expect(body).not.toHaveProperty("bookingUrl");
  }
});

test("a 405 keeps its Allow header in both formats", async () => {
  const outcome: Outcome = {
    kind: "rejected",
    status: 405,
    error: "Method not allowed; use POST",
    allow: "POST",
  };
  expect((await respond(outcome, "json")).headers.get("allow")).toBe("POST");
  expect((await respond(outcome, "html")).headers.get("allow")).toBe("POST");
});

test("text in the HTML page is escaped", async () => {
  const res = await respond(
    { kind: "rejected", status: 400, error: "<script>alert(1)</script> & co" },
    "html",
  );
  const html = await res.text();
  expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp; co");
  expect(html).not.toContain("<script>");
});
