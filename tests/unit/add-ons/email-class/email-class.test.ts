/**
 * @jest-environment node
 */
// The class of a lead's e-mail address (docs/requirements.md#lead-quality,
// docs/decisions/0031-email-classification.md): each class, the role flag, the overrides, case,
// subdomains and punycode; a disposable address makes the request suspected, never refused.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { withEmailClass } from "../../../../netlify/lib/add-ons/email-class/email-class";
import {
  asciiDomain,
  classifyEmail,
  defaultEmailLists,
  emailClassOf,
  type EmailLists,
} from "../../../../netlify/lib/kit/email-lists";
import { EMAIL_CLASSES } from "../../../../netlify/lib/kit/email-class";
import {
  emailClassCell,
  emailClassLabels,
  emailClassLine,
  emailClassTag,
} from "../../../../netlify/lib/core/leads/lead-record";

test.each([
  ["ops.manager@bhp.com", "company", "bhp.com"],
  ["jane@acme-mining.com", "company", "acme-mining.com"],
  ["someone@gmail.com", "free", "gmail.com"],
  ["someone@outlook.com", "free", "outlook.com"],
  ["driller@bigpond.com", "isp", "bigpond.com"],
  ["driller@iinet.net.au", "isp", "iinet.net.au"],
  ["driller@optusnet.com.au", "isp", "optusnet.com.au"],
  ["throwaway@mailinator.com", "disposable", "mailinator.com"],
  ["throwaway@yopmail.com", "disposable", "yopmail.com"],
])("%s is %s", (email, cls, domain) => {
  expect(classifyEmail(email)).toEqual({ class: cls, domain, role: false });
});

test("case does not matter, and a subdomain of a listed domain is listed", () => {
  expect(classifyEmail("Someone@GMAIL.Com")).toEqual({ class: "free", domain: "gmail.com", role: false });
  expect(classifyEmail("x@mail.bigpond.com").class).toBe("isp");
  expect(classifyEmail("x@a.b.mailinator.com").class).toBe("disposable");
  // A domain that merely ends in a listed name's letters is not its subdomain.
  expect(classifyEmail("x@notgmail.com").class).toBe("company");
});

test("an internationalised domain is compared in its punycode form", () => {
  const lists: EmailLists = {
    ...defaultEmailLists(),
    free: new Set(["xn--mller-kva.de"]),
  };
  expect(classifyEmail("hans@müller.de", lists)).toEqual({
    class: "free",
    domain: "xn--mller-kva.de",
    role: false,
  });
  expect(classifyEmail("hans@MÜLLER.DE", lists).class).toBe("free");
  expect(classifyEmail("hans@xn--mller-kva.de", lists).class).toBe("free");
});

test("role addresses are flagged, whatever the class; a +tag does not hide one", () => {
  expect(classifyEmail("info@bhp.com")).toEqual({ class: "company", domain: "bhp.com", role: true });
  expect(classifyEmail("Sales+web@gmail.com")).toEqual({ class: "free", domain: "gmail.com", role: true });
  expect(classifyEmail("information@bhp.com").role).toBe(false);
});

test("a lead's stored class wins; a lead stored without one is classified now", () => {
  const stored = { class: "isp", domain: "gmail.com", role: true } as const;
  expect(emailClassOf({ emailClass: stored, request: { email: "someone@gmail.com" } })).toBe(stored);
  expect(emailClassOf({ request: { email: "someone@gmail.com" } })).toEqual(
    classifyEmail("someone@gmail.com"),
  );
});

test("an override wins over every list, for the domain and its subdomains", () => {
  const lists: EmailLists = {
    ...defaultEmailLists(),
    overrides: new Map([
      ["mailinator.com", "company"],
      ["bhp.com", "free"],
    ]),
  };
  expect(classifyEmail("x@mailinator.com", lists).class).toBe("company");
  expect(classifyEmail("x@sub.mailinator.com", lists).class).toBe("company");
  expect(classifyEmail("x@bhp.com", lists).class).toBe("free");
  // The repository's own file: a reserved documentation domain a list names as a provider, free
  // subdomain registries the disposable list names whole, a company the free-mail list names.
  expect(classifyEmail("x@example.com").class).toBe("company");
  expect(classifyEmail("jane@acme.co.cc").class).toBe("company");
  expect(classifyEmail("ops@team.telstra.com").class).toBe("company");
});

test("the tags, the labels, the body line and the CSV cell", () => {
  expect(emailClassTag(classifyEmail("a@gmail.com"))).toBe("[free mail]");
  expect(emailClassTag(classifyEmail("a@bigpond.com"))).toBe("[ISP]");
  expect(emailClassTag(classifyEmail("a@mailinator.com"))).toBe("[disposable]");
  expect(emailClassTag(classifyEmail("a@bhp.com"))).toBe("");
  expect(emailClassTag(classifyEmail("info@gmail.com"))).toBe("[free mail] [role address]");
  expect(emailClassTag(classifyEmail("info@bhp.com"))).toBe("[role address]");
  expect(emailClassTag(undefined)).toBe("");
  expect(emailClassLabels(classifyEmail("info@bhp.com"))).toEqual(["company domain", "role address"]);
  expect(emailClassLabels(classifyEmail("a@bigpond.com"))).toEqual(["ISP"]);
  expect(emailClassLine(classifyEmail("a@gmail.com"))).toBe("Free mail: gmail.com");
  expect(emailClassLine(classifyEmail("info@bhp.com"))).toBe("Company domain: bhp.com; a role address");
  expect(emailClassCell(classifyEmail("info@bhp.com"))).toBe("company, role");
  expect(emailClassCell(classifyEmail("a@gmail.com"))).toBe("free");
});

test("a disposable address makes a clean request suspected and adds to a suspected one; spam stays spam; others change nothing", () => {
  const disposable = classifyEmail("x@mailinator.com");
  expect(withEmailClass({ kind: "clean" }, disposable)).toEqual({
    kind: "suspected",
    reason: "disposable e-mail address (mailinator.com)",
  });
  expect(withEmailClass({ kind: "suspected", reason: "form token expired" }, disposable)).toEqual({
    kind: "suspected",
    reason: "form token expired; disposable e-mail address (mailinator.com)",
  });
  expect(withEmailClass({ kind: "spam", reason: "honeypot field filled" }, disposable)).toEqual({
    kind: "spam",
    reason: "honeypot field filled",
  });
  for (const email of ["a@gmail.com", "a@bigpond.com", "info@bhp.com"]) {
    expect(withEmailClass({ kind: "clean" }, classifyEmail(email))).toEqual({ kind: "clean" });
  }
});

test("the repository's own list is well formed: every override names a class, every entry a lower-case ASCII domain", () => {
  const file = JSON.parse(
    readFileSync(join(__dirname, "..", "..", "..", "..", "netlify", "data", "email-domains.json"), "utf8"),
  ) as { isp: string[]; roleLocalParts: string[]; overrides: Record<string, string> };
  for (const [domain, cls] of Object.entries(file.overrides)) {
    expect([domain, EMAIL_CLASSES.includes(cls as never)]).toEqual([domain, true]);
  }
  for (const domain of [...file.isp, ...Object.keys(file.overrides)]) {
    expect(asciiDomain(domain)).toBe(domain);
    expect(domain).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
  }
  for (const part of file.roleLocalParts) expect(part).toBe(part.toLowerCase());
});
