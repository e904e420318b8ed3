/**
 * @jest-environment node
 */
// Parse, store, deliver, respond (docs/decisions/0019-lead-path.md): parsing gives data or a typed rejection
// (never a Response), and one respond(outcome, format) writes JSON or the no-JS form's HTML from it.
import { parseDemoRequest } from "../../../netlify/lib/demo-request/parse-request";
import { ID_CONFLICT, respond, type Outcome } from "../../../netlify/lib/demo-request/respond";
import { THANKS_PATH } from "../../../netlify/lib/pages/thanks-page";
import { HONEYPOT_FIELD } from "../../../src/lib/demo-request";
import { VALID } from "../../helpers/function-harness";

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

const cases: [name: string, outcome: Outcome, status: number, json: unknown][] = [
  ["delivered", { kind: "received", delivered: true }, 200, { ok: true }],
  ["stored, not yet delivered", { kind: "received", delivered: false }, 202, { ok: true, status: "pending" }],
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
