/**
 * @jest-environment node
 */
// docs/requirements.md#spam-defence: the plain-text sales e-mail cannot be forged by visitor text (the
// message comes last, every line quoted), and the subject has a length cap.
import fc from "fast-check";
import { buildSalesEmail, MAX_SUBJECT_LENGTH } from "../../../../netlify/lib/core/delivery/messages";
import type { DemoRequest } from "../../../../src/lib/demo-request";
import { TEST_CONFIG, VALID } from "../../../helpers/function-harness";

const meta = {
  salesEmail: TEST_CONFIG.salesEmail,
  mailFrom: TEST_CONFIG.mailFrom,
  receivedAt: new Date("2025-01-01T00:00:00.000Z"),
  requestId: "0b7e8f5c-3a51-4d6e-9f21-7c4b2a9d1e30",
};
const request = (extra: Partial<DemoRequest> = {}): DemoRequest => ({ ...VALID, ...extra });

/** The e-mail's own lines: everything outside the quoted message block. */
const ownLines = (text: string) => text.split("\n").filter((line) => !line.startsWith("> "));

test("a message posing as field lines stays inside the quoted block", () => {
  const forged = "Thanks\nWork Email: ceo@bank.example\r\nPhone Number: +1 555 0100\rRequest id: x";
  const { text } = buildSalesEmail(request({ message: forged }), meta);
  const lines = text.split("\n");
  expect(lines.filter((line) => /^Work e-?mail:/i.test(line))).toEqual([`Work Email: ${VALID.email}`]);
  expect(lines.filter((line) => line.startsWith("Request id:"))).toEqual([`Request id: ${meta.requestId}`]);
  expect(text).not.toMatch(/^Work Email: ceo@bank\.example/m);
  expect(text).toContain("> Work Email: ceo@bank.example\n> Phone Number: +1 555 0100\n> Request id: x");
  // The quoted block is the end of the e-mail: nothing of ours follows it.
  const firstQuoted = lines.findIndex((line) => line.startsWith("> "));
  expect(lines.slice(firstQuoted).every((line) => line.startsWith("> "))).toBe(true);
});

test("whatever the message holds, the e-mail's own lines are the same", () => {
  const expected = ownLines(buildSalesEmail(request({ message: "" }), meta).text);
  fc.assert(
    fc.property(fc.string({ maxLength: 1000, unit: "binary" }), (message) => {
      expect(ownLines(buildSalesEmail(request({ message }), meta).text)).toEqual(expected);
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
