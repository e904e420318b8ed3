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

describe("invisible characters in the one-line fields (docs/requirements.md#spam-defence)", () => {
  const ONE_LINE = ["firstName", "lastName", "phone", "company"] as const;
  const NOT_ALLOWED: Record<(typeof ONE_LINE)[number], string> = {
    firstName: "First name contains characters that are not allowed",
    lastName: "Last name contains characters that are not allowed",
    phone: "Phone number contains characters that are not allowed",
    company: "Company name contains characters that are not allowed",
  };

  // Hangul fillers are letters (Lo), not format characters, yet render as nothing: a name of
  // fillers alone looks empty and is not trimmed away.
  test.each([
    ["U+3164 HANGUL FILLER", "\u3164"],
    ["U+115F HANGUL CHOSEONG FILLER", "\u115f"],
    ["U+1160 HANGUL JUNGSEONG FILLER", "\u1160"],
    ["U+FFA0 HALFWIDTH HANGUL FILLER", "\uffa0"],
    ["U+034F COMBINING GRAPHEME JOINER", "\u034f"],
    ["U+FE0F VARIATION SELECTOR-16", "\ufe0f"],
    ["U+E0100 VARIATION SELECTOR-17", "\u{e0100}"],
    ["U+180B MONGOLIAN FREE VARIATION SELECTOR ONE", "\u180b"],
  ])("%s, alone or inside a value, gets the 'not allowed' message", (_name, ch) => {
    for (const field of ONE_LINE) {
      expect(messageFor(field, ch)).toBe(NOT_ALLOWED[field]);
      expect(messageFor(field, `Acme${ch}1`)).toBe(NOT_ALLOWED[field]);
    }
  });

  // The format characters among them (U+200B, U+2060, U+00AD...) were refused already (Cf).
  test("every Default_Ignorable_Code_Point is refused; combining marks and plain emoji still pass", () => {
    const ignorable: string[] = [];
    for (let code = 0; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const ch = String.fromCodePoint(code);
      if (/\p{Default_Ignorable_Code_Point}/u.test(ch)) ignorable.push(ch);
    }
    expect(ignorable.length).toBeGreaterThan(4000);
    for (const field of ONE_LINE) {
      const passed = ignorable.filter((ch) => messageFor(field, `Acme${ch}1`) !== NOT_ALLOWED[field]);
      const codes = passed.map((ch) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase()}`);
      expect({ field, count: codes.length, first: codes.slice(0, 10) }).toEqual({
        field,
        count: 0,
        first: [],
      });
    }
    // What people really type: accents (precomposed and combining), scripts with their own marks,
    // and emoji that need no variation selector.
    for (const name of [
      "José",
      "Jose\u0301",
      "Nguyễn",
      "Zoë",
      "\u0905\u0928\u093f\u0932 \u0936\u0930\u094d\u092e\u093e",
      "\u0645\u062d\u0645\u062f",
      "\uae40\ubbfc\uc900",
      "Acme \u{1f680} Mining",
    ]) {
      expect(messageFor("firstName", name)).toBeUndefined();
      expect(messageFor("company", name)).toBeUndefined();
    }
    // The multi-line message keeps its own rules: emoji with their selectors and joiners pass.
    expect(messageFor("message", "Thanks \u2764\ufe0f \u{1f468}\u200d\u{1f469}")).toBeUndefined();
  });
});
