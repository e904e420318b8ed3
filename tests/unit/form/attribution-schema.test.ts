import fc from "fast-check";
import {
  ATTRIBUTION_KEYS,
  attributionSchema,
  cleanAttribution,
  demoRequestSchema,
  readStoredAttribution,
} from "../../../src/lib/demo-request";

const FULL = {
  landing_path: "/about",
  referrer: "https://www.linkedin.com/feed/",
  utm_source: "linkedin",
  utm_medium: "social",
  utm_campaign: "q4",
  utm_term: "ai agents mining",
  utm_content: "carousel-2",
  gclid: "EAIaIQobChMI",
};

const parse = (value: unknown) => attributionSchema().safeParse(value);
const messages = (value: unknown) => {
  const result = parse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

test("every key is optional: empty, partial and full objects pass", () => {
  expect(parse({}).success).toBe(true);
  expect(parse({ utm_source: "linkedin", utm_campaign: "q4" }).success).toBe(true);
  expect(parse(FULL)).toEqual({ success: true, data: FULL });
});

test("a demo request without attribution stays valid", () => {
  const request = {
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    phone: "+61 8 9000 0000",
    company: "Analytical Mining",
  };
  expect(demoRequestSchema().safeParse(request).success).toBe(true);
});

test.each(ATTRIBUTION_KEYS)("%s: 200 characters pass, 201 fail", (key) => {
  const of = (length: number) =>
    key === "landing_path"
      ? `/${"p".repeat(length - 1)}`
      : key === "referrer"
        ? `https://example.com/${"p".repeat(length - 20)}`
        : "x".repeat(length);
  expect(of(200)).toHaveLength(200);
  expect(parse({ [key]: of(200) }).success).toBe(true);
  expect(messages({ [key]: of(201) })).toEqual([`${key} must be at most 200 characters`]);
});

test.each([
  ["NUL", "\u0000"],
  ["line feed", "\n"],
  ["tab", "\t"],
  ["DEL", "\u007f"],
  ["C1 control", "\u0085"],
  ["zero-width space", "\u200b"],
  ["zero-width joiner", "\u200d"],
  ["right-to-left override", "\u202e"],
  ["byte order mark", "\ufeff"],
  ["soft hyphen", "\u00ad"],
  ["line separator", "\u2028"],
])("a %s is rejected in every key", (_name, character) => {
  for (const key of ATTRIBUTION_KEYS) {
    const value = key === "referrer" ? `https://example.com/a${character}b` : `/a${character}b`;
    expect(messages({ [key]: value })).toContain(`${key} contains characters that are not allowed`);
  }
});

test("unknown keys are rejected, however harmless", () => {
  expect(messages({ utm_source: "x", utm_id: "7" })).toEqual(["attribution has unknown keys"]);
  expect(messages(JSON.parse('{"__proto__": "x"}'))).toEqual(["attribution has unknown keys"]);
});

test("non-text values and a non-object are rejected", () => {
  expect(messages({ utm_source: 7 })).toEqual(["utm_source must be text"]);
  expect(parse("utm_source=x").success).toBe(false);
  expect(parse(null).success).toBe(false);
});

test("referrer is an http(s) origin and path: no query, fragment, credentials or other scheme", () => {
  expect(parse({ referrer: "https://www.google.com/" }).success).toBe(true);
  expect(parse({ referrer: "http://localhost:8917/about" }).success).toBe(true);
  for (const referrer of [
    "https://www.google.com/search?q=mining",
    "https://example.com/#top",
    "https://user:pw@example.com/",
    "javascript:alert(1)",
    "android-app://com.google.android.gm/",
    "www.google.com",
  ]) {
    expect(messages({ referrer })).toEqual(["referrer must be an origin and path"]);
  }
});

test("landing_path is a path without query or fragment", () => {
  expect(parse({ landing_path: "/" }).success).toBe(true);
  for (const landing_path of ["about", "/?utm_source=x", "/about#team", "https://example.com/"]) {
    expect(messages({ landing_path })).toEqual(["landing_path must be a path"]);
  }
});

test("values are trimmed, so none starts with white space before a formula sign", () => {
  expect(parse({ utm_source: "  linkedin ", utm_term: '\u00a0=HYPERLINK("https://evil.example")' })).toEqual({
    success: true,
    data: { utm_source: "linkedin", utm_term: '=HYPERLINK("https://evil.example")' },
  });
  expect(parse({ landing_path: " /about ", referrer: " https://www.google.com/ " })).toEqual({
    success: true,
    data: { landing_path: "/about", referrer: "https://www.google.com/" },
  });
  expect(parse({ gclid: "\u3000\u3000" })).toEqual({ success: true, data: { gclid: "" } });
  // The limits and messages stay: the length and characters as sent, the path as trimmed.
  expect(messages({ utm_source: ` ${"x".repeat(200)}` })).toEqual([
    "utm_source must be at most 200 characters",
  ]);
  expect(messages({ utm_source: "\t=1+1" })).toEqual(["utm_source contains characters that are not allowed"]);
  expect(messages({ utm_source: "=1+1\n" })).toEqual(["utm_source contains characters that are not allowed"]);
  expect(messages({ landing_path: " about" })).toEqual(["landing_path must be a path"]);
});

describe("cleanAttribution (what the form sends)", () => {
  test("trims what it keeps", () => {
    expect(cleanAttribution({ utm_source: " linkedin", utm_medium: "   " })).toEqual({
      utm_source: "linkedin",
    });
  });

  test("keeps the valid keys in order and drops unknown and invalid ones", () => {
    const cleaned = cleanAttribution({
      gclid: "abc",
      utm_source: "linkedin",
      utm_id: "dropped",
      utm_medium: "x".repeat(201),
      utm_term: "zero\u200bwidth",
      referrer: "https://example.com/?q=1",
    });
    expect(cleaned).toEqual({ utm_source: "linkedin", gclid: "abc" });
    expect(Object.keys(cleaned ?? {})).toEqual(["utm_source", "gclid"]);
  });

  test("whatever it is given, its result passes the function's schema", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom(...ATTRIBUTION_KEYS, "other", "__proto__"),
          fc.oneof(fc.string(), fc.integer()),
        ),
        (raw) => {
          const cleaned = cleanAttribution(raw);
          return cleaned === undefined || parse(cleaned).success;
        },
      ),
    );
  });

  test.each([null, undefined, "text", 3, ["utm_source"], {}, { other: "x" }])(
    "nothing usable (%p) gives undefined",
    (raw) => {
      expect(cleanAttribution(raw)).toBeUndefined();
    },
  );
});

describe("readStoredAttribution", () => {
  afterEach(() => sessionStorage.clear());

  test("reads and cleans the tab's recorded first landing", () => {
    sessionStorage.setItem(
      "attribution",
      JSON.stringify({ landing_path: "/", utm_source: "linkedin", bad: 1 }),
    );
    expect(readStoredAttribution()).toEqual({ landing_path: "/", utm_source: "linkedin" });
  });

  test("nothing recorded, broken JSON or blocked storage: undefined, no error", () => {
    expect(readStoredAttribution()).toBeUndefined();
    sessionStorage.setItem("attribution", "{not json");
    expect(readStoredAttribution()).toBeUndefined();
    const blocked = {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
    };
    expect(readStoredAttribution(blocked)).toBeUndefined();
  });
});
