/**
 * @jest-environment node
 */
// A request id is bound to its payload (docs/requirements.md#spam-defence): the same id with the same payload
// is the same request (never a second e-mail); with a different payload it answers 409 with a clear message,
// sends nothing and reveals nothing about the stored request.
import { ID_CONFLICT } from "../../../netlify/lib/demo-request/respond";
import { harness, TEST_CONFIG, VALID } from "../../helpers/function-harness";

const ID = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";

afterEach(() => jest.restoreAllMocks());

test("the same id with another payload: 409, nothing sent, the stored request untouched", async () => {
  const { post, mailer, store } = harness();
  expect((await post({ ...VALID, requestId: ID })).status).toBe(200);
  const stored = await store!.get(ID);
  mailer.sent.length = 0;

  const res = await post({ ...VALID, email: "attacker@evil.example", firstName: "Mallory", requestId: ID });
  expect(res.status).toBe(409);
  const body = await res.json();
  expect(body).toEqual({ error: ID_CONFLICT });
  // The answer says nothing about what is stored under the id.
  for (const value of [VALID.email, VALID.firstName, VALID.company, "sent"]) {
    expect(JSON.stringify(body)).not.toContain(value);
  }
  expect(mailer.calls).toBe(2); // only the first request's two e-mails
  expect(await store!.get(ID)).toEqual(stored);
});

test("any single field changed is a different payload; upper-case ids are the same id", async () => {
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
  expect(mailer.sent.filter((m) => m.to === TEST_CONFIG.salesEmail)).toHaveLength(1);
});

test("the same id and payload again is the same request: 200, no second e-mail", async () => {
  const { post, mailer } = harness();
  await post({ ...VALID, requestId: ID });
  // Surrounding spaces are trimmed before comparing, as before storing.
  const again = await post({ ...VALID, firstName: "  Jane ", requestId: ID });
  expect(again.status).toBe(200);
  expect(mailer.sent.filter((m) => m.to === TEST_CONFIG.salesEmail)).toHaveLength(1);
});

test("the no-JS form, which sends no id, is never refused as a conflict", async () => {
  const { handle, mailer } = harness();
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
  expect(mailer.sent.filter((m) => m.to === TEST_CONFIG.salesEmail)).toHaveLength(2);
});
