/**
 * @jest-environment node
 */
// The sales e-mail (docs/requirements.md#sales-tools, docs/requirements.md#spam-defence): what decides
// the call first, in the same order in HTML and text; the phone and address as links; times in the
// team's zone; the plain text cannot be forged by visitor text (every line of the message quoted);
// the subject has a length cap.
import fc from "fast-check";
import { parseBusinessHours } from "../../../../netlify/lib/kit/business-hours";
import { leadsToCsv } from "../../../helpers/leads-csv";
import { buildSalesEmail } from "../../../../netlify/lib/core/delivery/sales-email";
import { MAX_SUBJECT_LENGTH } from "../../../../netlify/lib/core/delivery/mailer";
import type { DemoRequest } from "../../../../src/lib/demo-request";
import { harness, leadIdOf, sentOfKind, TEST_CONFIG, VALID } from "../../../helpers/function-harness";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";

const meta = {
  salesEmail: TEST_CONFIG.salesEmail,
  mailFrom: TEST_CONFIG.mailFrom,
  receivedAt: new Date("2026-11-27T08:04:37.864Z"),
  requestId: "0b7e8f5c-3a51-4d6e-9f21-7c4b2a9d1e30",
};
const request = (extra: Partial<DemoRequest> = {}): DemoRequest => ({ ...VALID, ...extra });
const full = {
  ...meta,
  suspectedSpam: "form token missing",
  attribution: { utm_source: "linkedin", utm_medium: "paid", utm_campaign: "pilbara-q4", landing_path: "/" },
  claimUrl: "https://resources.example/leads/0b7e8f5c-3a51-4d6e-9f21-7c4b2a9d1e30?sig=abc",
  emailClass: { class: "free" as const, domain: "gmail.com", role: false },
  timeZone: "Australia/Perth",
};

/** The e-mail's own lines: every non-blank line outside the quoted message. */
const ownLines = (text: string) => text.split("\n").filter((line) => line !== "" && !/^>( |$)/.test(line));

/** Asserts `parts` occur in `body` in this order. */
function expectInOrder(body: string, parts: string[]) {
  const positions = parts.map((part) => body.indexOf(part));
  parts.forEach((part, i) => expect([part, positions[i]]).not.toEqual([part, -1]));
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
}

test("it leads with who, the class, the suspicion and the reply-by time; then claim, reach, message, source, reference", () => {
  const { html, text } = buildSalesEmail(request({ message: "Interested in the Co-Pilot" }), full);
  const order = [
    "Jane Driller, Acme Mining",
    "free mail",
    "Suspected spam: form token missing",
    "Reply by",
    "Claim this lead",
    "+61 400 123 456",
    VALID.email,
    "Interested in the Co-Pilot",
    "Source: Came from LinkedIn (paid), campaign pilbara-q4, landed on /",
    "Reference: 0b7e8f5c",
    `Request id: ${meta.requestId}`,
    "Received:",
  ];
  // The body, past the inbox's preview line.
  expectInOrder(html.slice(html.indexOf("<body")), order);
  expectInOrder(text, order);
  expect(text).toContain("\nJane Driller, Acme Mining\n\n[free mail]\n");
  expect(text).toContain(`\nClaim this lead [${full.claimUrl}]\n`);
  expect(html).toContain("Reply by <strong>");
  // One line for the name, none for the raw attribution keys.
  expect(text).not.toMatch(/First Name|Last Name|utm_source|landing_path/);
});

test("the phone is a tel: link of its digits, the address a mailto: link, and the text shows each once", () => {
  const { html, text } = buildSalesEmail(request({ phone: "+61 (0)400 123-456" }), meta);
  expect(html).toContain('href="tel:+610400123456"');
  expect(html).toContain(`href="mailto:${VALID.email}"`);
  expect(text).toContain(`Phone Number: +61 (0)400 123-456\nWork Email: ${VALID.email}\n`);
});

test("times are in the given zone with the zone named, else in UTC; the reply-by time is 24 hours on", () => {
  const local = buildSalesEmail(request(), { ...meta, timeZone: "Australia/Perth" }).text;
  expect(local).toContain(
    "Reply by Sat 28 Nov 2026, 16:04 GMT+8 (Australia/Perth) to keep the 24-hour promise.",
  );
  expect(local).toContain("Received: Fri 27 Nov 2026, 16:04 GMT+8 (Australia/Perth)");
  const utc = buildSalesEmail(request(), meta).text;
  expect(utc).toContain("Reply by Sat 28 Nov 2026, 08:04 UTC to keep the 24-hour promise.");
  expect(utc).toContain("Received: Fri 27 Nov 2026, 08:04 UTC");
  expect(`${local}${utc}`).not.toContain("2026-11-27T");
});

test("with BUSINESS_HOURS the follow-up add-on gives the sales e-mail its zone; without, it shows UTC", async () => {
  const at = new Date("2026-11-27T08:04:37.864Z");
  const businessHours = parseBusinessHours("Mon-Fri 08:00-17:00 Australia/Perth")!;
  const zoned = harness({ config: { followUp: { ...TEST_CONFIG.followUp, businessHours } }, now: () => at });
  await zoned.post(VALID);
  expect(sentOfKind(zoned.mailer, "sales")[0].text).toContain(
    "Received: Fri 27 Nov 2026, 16:04 GMT+8 (Australia/Perth)",
  );
  const plain = harness({ now: () => at });
  await plain.post(VALID);
  expect(sentOfKind(plain.mailer, "sales")[0].text).toContain("Received: Fri 27 Nov 2026, 08:04 UTC");
});

test("the short reference the prospect is given stands beside the full id in the sales e-mail and starts the export's id", async () => {
  const requestId = "5f0c2a8e-9b1d-4c3e-8a7f-6d5e4c3b2a19";
  const store = createMemoryLeadStore();
  const { post, mailer } = harness({ store });
  await post({ ...VALID, requestId });
  const id = leadIdOf(requestId);
  const short = id.slice(0, 8);
  expect(sentOfKind(mailer, "confirmation")[0].text).toContain(`Your reference: ${short}.`);
  expect(sentOfKind(mailer, "sales")[0].text).toContain(`Reference: ${short}\nRequest id: ${id}\n`);
  const [header, row] = leadsToCsv([(await store.get(id))!]).split("\r\n");
  expect(header.startsWith('"id"')).toBe(true);
  expect(row.startsWith(`"${short}`)).toBe(true);
});

test("a company address is tagged short; an empty message says so", () => {
  const { text } = buildSalesEmail(request({ message: "" }), {
    ...meta,
    emailClass: { class: "company", domain: "acme-mining.com", role: true },
  });
  expect(text).toContain("\n[company domain] [role address]\n");
  expect(text).toContain("\nAdditional Info: none\n");
  expect(text).not.toContain("verified employer");
});

test("a message posing as field lines stays inside the quoted block", () => {
  const forged = "Thanks\nWork Email: ceo@bank.example\r\nPhone Number: +1 555 0100\rRequest id: x";
  const { text, html } = buildSalesEmail(request({ message: forged }), full);
  const lines = text.split("\n");
  expect(lines.filter((line) => /^Work e-?mail:/i.test(line))).toEqual([`Work Email: ${VALID.email}`]);
  expect(lines.filter((line) => line.startsWith("Request id:"))).toEqual([`Request id: ${meta.requestId}`]);
  expect(text).not.toMatch(/^Work Email: ceo@bank\.example/m);
  expect(text).toContain("> Work Email: ceo@bank.example\n> Phone Number: +1 555 0100\n> Request id: x");
  // The quoted block is one run of lines, right after its label.
  const quoted = lines.flatMap((line, i) => (line.startsWith(">") ? [i] : []));
  expect(lines[quoted[0] - 2]).toBe("Additional Info:");
  expect(quoted).toEqual(quoted.map((_, k) => quoted[0] + k));
  expect(html).not.toContain('href="mailto:ceo@bank.example"');
});

test("whatever the message holds, the e-mail's own lines are the same", () => {
  const expected = ownLines(buildSalesEmail(request({ message: "x" }), full).text);
  expect(expected).toContain("Additional Info:");
  fc.assert(
    fc.property(fc.string({ minLength: 1, maxLength: 1000, unit: "binary" }), (message) => {
      expect(ownLines(buildSalesEmail(request({ message }), full).text)).toEqual(expected);
    }),
    { numRuns: 300 },
  );
});

test("the subject is capped at MAX_SUBJECT_LENGTH characters", () => {
  const long = request({ firstName: "F".repeat(100), lastName: "L".repeat(100), company: "C".repeat(200) });
  const plain = buildSalesEmail(long, meta).subject;
  expect(plain.length).toBeLessThanOrEqual(MAX_SUBJECT_LENGTH);
  expect(plain.startsWith("Demo request: FFF")).toBe(true);
  expect(plain.endsWith("\u2026")).toBe(true);
  expect(buildSalesEmail(request(), meta).subject).toBe("Demo request: Jane Driller (Acme Mining)");
  expect(buildSalesEmail(request(), full).subject).toBe(
    "[Suspected spam] Demo request [free mail]: Jane Driller (Acme Mining)",
  );
});

test("the capped subject never cuts an emoji in half (no lone surrogate for SendGrid to mangle)", () => {
  for (let pad = 0; pad < 4; pad++) {
    const { subject } = buildSalesEmail(
      request({ firstName: "A".repeat(pad + 1), lastName: "B", company: "\u{1F6E2}\uFE0F".repeat(90) }),
      meta,
    );
    expect(subject.length).toBeLessThanOrEqual(MAX_SUBJECT_LENGTH);
    expect(subject).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  }
});

test("a name or company cannot pose as one of the e-mail's links in the plain text; the HTML shows it as typed", () => {
  const company = "Acme Claim this lead [https://evil.example/claim]";
  const message = buildSalesEmail(request({ company }), meta);
  expect(message.text).not.toContain("[https://evil.example/claim]");
  expect(message.text).toContain("Acme Claim this lead (https://evil.example/claim)");
  expect(message.html).toContain(company);
});
