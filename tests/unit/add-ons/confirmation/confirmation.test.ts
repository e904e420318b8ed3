/**
 * @jest-environment node
 */
// The confirmation e-mail (docs/decisions/0010-confirmation-limits.md, docs/requirements.md#sales-tools): it
// holds no text the visitor typed (a property over every field), only the company's name, the 24-hour
// promise, the short reference, the company's contact details and its signature; the bounds hold through
// the handler; CONFIRMATION_EMAIL=off and unreachable limits mean no confirmation.
import fc from "fast-check";
import site from "../../../../content/site.json";
import type { MailMessage } from "../../../../netlify/lib/core/delivery/mailer";
import { demoRequestSchema, HONEYPOT_FIELD } from "../../../../src/lib/demo-request";
import {
  harness,
  leadIdOf,
  memoryLimits,
  scriptedMailer,
  TEST_CONFIG,
  VALID,
} from "../../../helpers/function-harness";
import { silenceConsole } from "../../../helpers/console";

afterEach(() => jest.restoreAllMocks());

// The request's idempotency key; the confirmation's reference is the lead id the server makes from it
// (netlify/lib/core/leads/lead-address.ts), never the key itself.
const ID = "5f0c2a8e-9b1d-4c3e-8a7f-6d5e4c3b2a19";
const confirmationOf = (sent: MailMessage[]) => sent.find((m) => m.customArgs?.kind === "confirmation");

/** What every confirmation must be, apart from its recipient and reference (from the lead id `leadId`). */
function template(message: MailMessage, leadId: string) {
  const strip = (text: string) => text.split(leadId.slice(0, 8)).join("<reference>");
  return {
    from: message.from,
    subject: message.subject,
    text: strip(message.text),
    html: strip(message.html),
  };
}

// Text a spammer would put in the fields, plus arbitrary printable text.
const line = (max: number) =>
  fc.oneof(
    fc.constantFrom("You won $5000! Claim at https://evil.example", "<a href=https://evil.example>Claim</a>"),
    fc.string({ minLength: 1, maxLength: max }),
  );
const demoRequest = fc
  .record({
    firstName: line(100),
    lastName: line(100),
    email: fc.emailAddress(),
    phone: line(50),
    company: line(200),
    message: fc.oneof(fc.constant(""), line(1000)),
  })
  .filter((request) => demoRequestSchema().safeParse(request).success);

test("the confirmation holds no visitor text: it is the same fixed e-mail for every request", async () => {
  const reference = harness();
  await reference.post({ ...VALID, requestId: ID });
  const expected = template(confirmationOf(reference.mailer.sent)!, leadIdOf(ID));
  expect(expected.text).toContain("<reference>");

  await fc.assert(
    fc.asyncProperty(demoRequest, fc.uuid({ version: 4 }), async (request, requestId) => {
      const { post, mailer } = harness();
      expect((await post({ ...request, [HONEYPOT_FIELD]: "", requestId })).status).toBe(200);
      const confirmation = confirmationOf(mailer.sent)!;
      const checked = demoRequestSchema().parse(request);
      expect(confirmation.to).toBe(checked.email);
      expect(confirmation.replyTo).toBeUndefined();
      expect(confirmation.customArgs?.requestId).toBe(leadIdOf(requestId));
      expect(template(confirmation, leadIdOf(requestId))).toEqual(expected);
    }),
    { numRuns: 150 },
  );
});

test("the confirmation speaks for the company: its name, the promise, a short reference, the contact details from content/, a signature", async () => {
  const { post, mailer } = harness();
  await post({ ...VALID, firstName: "You won $5000! Claim at https://evil.example", requestId: ID });
  const confirmation = confirmationOf(mailer.sent)!;
  const lead = leadIdOf(ID);
  for (const body of [confirmation.text, confirmation.html]) {
    expect(body).toContain(`Thank you for your interest in ${site.siteName}`);
    expect(body).toContain("Our team will contact you within 24 hours to schedule your demo.");
    expect(body).toContain(`The ${site.siteName} team`);
    // The reference is the start of the lead's id, the one the answer and sales see, not the key the client sent.
    expect(body).toContain(lead.slice(0, 8));
    expect(body).not.toContain(lead);
    expect(body).not.toContain(ID.slice(0, 8));
    expect(body).toContain(site.contactDetails.email);
    expect(body).toContain(site.contactDetails.phone);
    expect(body).not.toContain("evil.example");
    expect(body).not.toContain("Hello,");
  }
  expect(confirmation.text).toContain(`Your reference: ${lead.slice(0, 8)}.`);
  expect(confirmation.html).toContain(`href="mailto:${site.contactDetails.email}"`);
  expect(confirmation.html).toContain(`href="tel:${site.contactDetails.phone.replace(/[^\d+]/g, "")}"`);
  expect(confirmation.subject).toBe("We received your demo request");
});

test("the confirmation names nobody: not even the visitor's name or company reaches it", async () => {
  const { post, mailer } = harness();
  await post({ ...VALID, firstName: "Wilhelmina", lastName: "Quarry", company: "Zircon Holdings" });
  const confirmation = confirmationOf(mailer.sent)!;
  for (const typed of ["Wilhelmina", "Quarry", "Zircon Holdings", VALID.phone]) {
    expect(`${confirmation.subject}\n${confirmation.text}\n${confirmation.html}`).not.toContain(typed);
  }
});

test("ten requests naming one victim: ten leads for sales, one confirmation", async () => {
  const { post, mailer } = harness();
  for (let i = 0; i < 10; i++) {
    const res = await post({ ...VALID, email: "victim@example.com", firstName: `Spam ${i}` });
    expect(res.status).toBe(200);
  }
  expect(mailer.sent.filter((m) => m.customArgs?.kind === "sales")).toHaveLength(10);
  expect(mailer.sent.filter((m) => m.to === "victim@example.com")).toHaveLength(1);
  const skipped = (console.log as jest.Mock).mock.calls.flat().join("\n");
  expect(skipped).toMatch(/confirmation skipped .*already got a confirmation in the last 24 hours/);
  expect(skipped).not.toContain("victim@example.com");
});

test("past the daily limit the lead is still stored and sent; only the confirmation is skipped", async () => {
  // A second between requests: the day's confirmations are ranked by time, then by lead id, and the
  // lead ids (made from the keys) fall in no particular order.
  let clock = Date.parse("2025-03-01T09:00:00.000Z");
  const limits = memoryLimits({ dailyLimit: 2, now: () => new Date((clock += 1000)) });
  const { post, mailer, store } = harness({ limits });
  for (let i = 0; i < 3; i++) {
    expect(
      (await post({ ...VALID, email: `p${i}@example.com`, requestId: `${ID.slice(0, -1)}${i}` })).status,
    ).toBe(200);
  }
  expect(mailer.sent.filter((m) => m.customArgs?.kind === "sales")).toHaveLength(3);
  expect(mailer.sent.filter((m) => m.customArgs?.kind === "confirmation").map((m) => m.to)).toEqual([
    "p0@example.com",
    "p1@example.com",
  ]);
  const third = await store!.get(leadIdOf(`${ID.slice(0, -1)}2`));
  expect(third).toMatchObject({ state: "sent", deliveries: { confirmation: { state: "skipped" } } });
  expect((console.log as jest.Mock).mock.calls.flat().join("\n")).toMatch(
    /daily confirmation limit is reached/,
  );
});

test("CONFIRMATION_EMAIL=off: sales gets the lead, nobody gets a confirmation, and the lead settles", async () => {
  const { post, mailer, store } = harness({ config: { confirmation: undefined } });
  const res = await post(VALID);
  expect(res.status).toBe(200);
  expect(mailer.sent.map((m) => m.to)).toEqual([TEST_CONFIG.salesEmail]);
  const { reference } = (await res.json()) as { reference: string };
  expect(Object.keys((await store!.get(reference))!.deliveries)).toEqual(["sales"]);
  expect(await store!.pendingIds()).toEqual([]);
});

test("limits that cannot be checked mean no confirmation, and the request still succeeds", async () => {
  const errors = silenceConsole("error");
  const limits = { reserve: () => Promise.reject(new Error("blobs down")) };
  const { post, mailer } = harness({ limits, mailer: scriptedMailer() });
  expect((await post(VALID)).status).toBe(200);
  expect(mailer.sent.map((m) => m.to)).toEqual([TEST_CONFIG.salesEmail]);
  expect(errors.mock.calls.flat().join(" ")).toMatch(/confirmation skipped: its limits could not be checked/);
});
