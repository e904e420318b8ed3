import { demoRequestSchema, fieldErrors, type DemoRequestField } from "../../../src/lib/demo-request";

const VALID = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "+61 8 9000 0000",
  company: "Analytical Mining Pty Ltd",
  message: "Interested in the Technical Co-Pilot.",
};

/** The one message the schema gives for `field` when it holds `value` (undefined = valid). */
function messageFor(field: DemoRequestField, value: string | undefined): string | undefined {
  const result = demoRequestSchema().safeParse({ ...VALID, [field]: value });
  return result.success ? undefined : fieldErrors(result.error)[field];
}

// A well-formed address of exactly `length` characters: 64-char local part, 63-char labels.
function emailOfLength(length: number): string {
  const local = "a".repeat(64);
  const tail = ".com";
  const middle = length - local.length - 1 - tail.length - 2 * 64; // two 63-char labels + dots
  return `${local}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(middle)}${tail}`;
}

// Spec section 5, every row; limits inclusive (docs/requirements.md#the-demo-request-end-to-end).
const requiredRows: [DemoRequestField, number, string, string][] = [
  ["firstName", 100, "First name is required", "First name must be less than 100 characters"],
  ["lastName", 100, "Last name is required", "Last name must be less than 100 characters"],
  ["phone", 50, "Phone number is required", "Phone number must be less than 50 characters"],
  ["company", 200, "Company name is required", "Company name must be less than 200 characters"],
];

describe.each(requiredRows)("%s (required, max %i)", (field, limit, requiredMessage, maxMessage) => {
  test("empty fails with the required message", () => {
    expect(messageFor(field, "")).toBe(requiredMessage);
  });
  test("missing fails with the required message", () => {
    expect(messageFor(field, undefined)).toBe(requiredMessage);
  });
  test("whitespace only fails with the required message", () => {
    expect(messageFor(field, "   \t ")).toBe(requiredMessage);
  });
  test(`exactly ${limit} characters pass`, () => {
    expect(messageFor(field, "x".repeat(limit))).toBeUndefined();
  });
  test(`${limit + 1} characters fail with the max message`, () => {
    expect(messageFor(field, "x".repeat(limit + 1))).toBe(maxMessage);
  });
  test("the limit counts the trimmed text", () => {
    expect(messageFor(field, `  ${"x".repeat(limit)}  `)).toBeUndefined();
  });
});

describe("email (valid format, max 255)", () => {
  test.each([
    ["empty", ""],
    ["whitespace only", "   "],
    ["comma-separated list", "ada@example.com,bob@example.com"],
    ["semicolon-separated list", "ada@example.com;bob@example.com"],
    ["a space inside", "ada lovelace@example.com"],
    ["angle brackets", "<ada@example.com>"],
    ["a display name", "Ada Lovelace <ada@example.com>"],
    ["a quoted display name", '"Ada" <ada@example.com>'],
    ["CR/LF header injection", "ada@example.com\r\nBcc: victim@example.com"],
    ["a bare LF", "ada@example.com\nbob@example.com"],
    ["two @", "ada@@example.com"],
    ["two @ apart", "ada@mine@example.com"],
    ["a trailing dot", "ada@example.com."],
    ["no @", "ada.example.com"],
    ["no domain", "ada@"],
    ["no top-level domain", "ada@localhost"],
    ["consecutive dots", "ada..lovelace@example.com"],
  ])("%s fails with 'Invalid email address'", (_case, value) => {
    expect(messageFor("email", value)).toBe("Invalid email address");
  });

  test("missing fails with 'Invalid email address'", () => {
    expect(messageFor("email", undefined)).toBe("Invalid email address");
  });

  test.each([
    ["plain", "ada@example.com"],
    ["plus tag and sub-domain", "ada.lovelace+demo@mail.mine-site.com.au"],
    ["upper case", "Ada.Lovelace@Example.COM"],
  ])("%s passes", (_case, value) => {
    expect(messageFor("email", value)).toBeUndefined();
  });

  test("exactly 255 characters pass", () => {
    const email = emailOfLength(255);
    expect(email).toHaveLength(255);
    expect(messageFor("email", email)).toBeUndefined();
  });

  test("256 characters fail with the max message", () => {
    const email = emailOfLength(256);
    expect(email).toHaveLength(256);
    expect(messageFor("email", email)).toBe("Email must be less than 255 characters");
  });

  test("surrounding spaces are trimmed away", () => {
    const result = demoRequestSchema().parse({ ...VALID, email: "  ada@example.com \t" });
    expect(result.email).toBe("ada@example.com");
  });
});

describe("message (optional, max 1000)", () => {
  test.each([
    ["missing", undefined],
    ["empty", ""],
    ["whitespace only", "  \n\t "],
    ["exactly 1000 characters", "m".repeat(1000)],
    ["several lines", "Line one\r\nLine two\n\tindented"],
  ])("%s passes", (_case, value) => {
    expect(messageFor("message", value)).toBeUndefined();
  });

  test("1001 characters fail with the max message", () => {
    expect(messageFor("message", "m".repeat(1001))).toBe("Message must be less than 1000 characters");
  });

  test("a missing message becomes an empty string", () => {
    const { message: _omitted, ...withoutMessage } = VALID;
    expect(demoRequestSchema().parse(withoutMessage).message).toBe("");
  });
});

test("every value is trimmed before it is returned", () => {
  const padded = Object.fromEntries(Object.entries(VALID).map(([key, value]) => [key, `  ${value}\t`]));
  expect(demoRequestSchema().parse(padded)).toEqual(VALID);
});

test("all empty: one message per field, the five required ones", () => {
  const result = demoRequestSchema().safeParse({
    firstName: "",
    lastName: "",
    email: "",
    phone: "",
    company: "",
    message: "",
  });
  expect(result.success).toBe(false);
  expect(fieldErrors(result.error!)).toEqual({
    firstName: "First name is required",
    lastName: "Last name is required",
    email: "Invalid email address",
    phone: "Phone number is required",
    company: "Company name is required",
  });
});

test("the schema is built once and shared (built on first use)", () => {
  expect(demoRequestSchema()).toBe(demoRequestSchema());
});
