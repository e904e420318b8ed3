/**
 * @jest-environment node
 */
// Every key and keyed hash made from the server's form secret (docs/decisions/0028-second-hostile-review.md,
// docs/decisions/0029-lead-follow-up.md, docs/decisions/0034-core-and-add-ons.md,
// docs/decisions/0040-link-lifetime-and-roster-keys.md). The expected
// values were produced by each construction as first deployed: lead ids, the hashes erasure must
// find and links already sent depend on them, so none of them may change.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import {
  bookingReference,
  leadIdFromReference,
} from "../../../netlify/lib/add-ons/booking/booking-reference";
import { confirmationAddressKey } from "../../../netlify/lib/add-ons/confirmation/confirmation-limits";
import { clientKeyOf } from "../../../netlify/lib/core/spam/spam";
import {
  checkClaimLink,
  checkReleaseLink,
  claimSignature,
  claimUrlFor,
  releaseSignature,
} from "../../../netlify/lib/add-ons/follow-up/claim-link";
import { keyedRoster } from "../../../netlify/lib/add-ons/follow-up/signed-page";
import { formSecretFrom } from "../../../netlify/lib/core/config";
import { inboxKeyOf, leadIdFor } from "../../../netlify/lib/core/leads/lead-address";
import { checkFormToken, issueFormToken } from "../../../netlify/lib/core/spam/form-token";
import * as keys from "../../../netlify/lib/kit/keys";

const SECRET = "pinned-form-secret-0123456789-abcdefghij";
const LEAD_ID = "3f2b9c1e-8d4a-4e7f-9b6c-2a1d0e5f7c8b";
const ISSUED_AT = new Date(1741597200000);
const SENDGRID_KEY = "SG.pinned-test-key.0123456789abcdef";
const sigOnly = (sig: string) => new URLSearchParams({ sig });

describe("the constructions as first deployed, through their modules", () => {
  test("a lead id from an idempotency key, in any letter case", () => {
    expect(leadIdFor(LEAD_ID.toUpperCase(), SECRET)).toBe("46907b68-22d8-4277-a3a2-37ede952cbd7");
    expect(leadIdFor(LEAD_ID, SECRET)).toBe("46907b68-22d8-4277-a3a2-37ede952cbd7");
  });

  test("the form token issued at a fixed time with a fixed random part, and accepted", () => {
    const token = issueFormToken(SECRET, ISSUED_AT, "AAAAAAAAAAAA");
    expect(token).toBe("1741597200000.AAAAAAAAAAAA.zHgClM4XFyefzLL3YUn33CENuO82OHKXJTxLM9pr_Ec");
    expect(checkFormToken(token, SECRET, new Date(ISSUED_AT.getTime() + 10_000))).toEqual({ kind: "valid" });
  });

  test("a form token issued before tokens had a random part stays valid until it expires", () => {
    const token = "1741597200000.JnLh8DimfsCgW6CiGLTK22aILQF-bp7UWNkEcFBUHTw";
    expect(checkFormToken(token, SECRET, new Date(ISSUED_AT.getTime() + 10_000))).toEqual({ kind: "valid" });
  });

  test("the confirmation bound's per-inbox key, for every spelling of one inbox", () => {
    const key = "address/6ddff448e79d041447d3cb88fb5152a60a80feed07eb6453f0c7bf16bb6bbf2b";
    expect(confirmationAddressKey(" J.Doe+news@GoogleMail.com", SECRET)).toBe(key);
    expect(confirmationAddressKey("jdoe@gmail.com", SECRET)).toBe(key);
  });

  test("the confirmation bound's per-client key, trimmed and lower-cased", () => {
    expect(clientKeyOf(" 2001:DB8::1 ", SECRET)).toBe("783c617d35f9bdca2ef79c12f3ff7f69");
    expect(clientKeyOf("203.0.113.7", SECRET)).toBe("fc55550ef724d3ced4b7bfd459ed4c00");
  });

  test("the claim link's signature, still accepted from a link without an expiry", () => {
    const sig = "HVtqFmjUNjQBYNF_uj1AUdXGvowuLwOZ8-UxoWB64XM";
    expect(claimSignature(LEAD_ID, SECRET)).toBe(sig);
    expect(checkClaimLink(LEAD_ID, sigOnly(sig), SECRET)).toEqual({ kind: "signed" });
  });

  test("the booking reference, which opens again", () => {
    const reference = "a6HiiViAfbaYBc3p2w0En_xEOxvhz5k9LzJEBhWL_hWxuQ7LBbx1pfziBuY";
    expect(bookingReference(LEAD_ID, SECRET)).toBe(reference);
    expect(leadIdFromReference(reference, SECRET)).toBe(LEAD_ID);
  });

  test("the form secret derived from the SendGrid key", () => {
    expect(formSecretFrom({ SENDGRID_API_KEY: SENDGRID_KEY })).toBe(
      "c638fbbfe3d6d5b9f8666dba5255a6e7491d1a97d338d789dfa25c9fd66b09f7",
    );
  });
});

describe("the lead inbox index, a new use, keys under its own derived key", () => {
  test("the same key for every spelling of one inbox", () => {
    const key = "fdf8f5b99f1a3940c5a1a003e04485e4ed60d281334bfa49be6c54e1dfc4ae42";
    expect(inboxKeyOf(" J.Doe+news@GoogleMail.com", SECRET)).toBe(key);
    expect(inboxKeyOf("jdoe@googlemail.com", SECRET)).toBe(key);
  });
});

describe("the release link, a new use, signs under its own derived key", () => {
  test("its signature, which no claim signature matches", () => {
    const sig = "OZXR3nr0zEJrjiK4J0J88LUh6rnrvwQ55hK02zAu6O8";
    expect(keys.releaseSignatureBytes(SECRET, LEAD_ID).toString("base64url")).toBe(sig);
    expect(releaseSignature(LEAD_ID, SECRET)).toBe(sig);
    expect(checkReleaseLink(LEAD_ID, sigOnly(sig), SECRET)).toEqual({ kind: "signed" });
    expect(checkReleaseLink(LEAD_ID, sigOnly(claimSignature(LEAD_ID, SECRET)), SECRET)).toEqual({
      kind: "forged",
    });
    expect(checkClaimLink(LEAD_ID, sigOnly(sig), SECRET)).toEqual({ kind: "forged" });
  });
});

describe("the expiring claim link, a new use, signs the lead id and its expiry under its own derived key", () => {
  test("a link made at a fixed time expires 30 days later, and its signature covers that time", () => {
    const sig = "TuV8z1kBE2Pf4vRRT8sGGj3Mp-_5cQwh9K_CSiJVGUg";
    expect(keys.expiringClaimSignatureBytes(SECRET, LEAD_ID, "1744189200").toString("base64url")).toBe(sig);
    const link = new URL(
      claimUrlFor(
        { siteOrigin: "https://site.example", formSecret: SECRET, followUp: {} },
        LEAD_ID,
        ISSUED_AT,
      )!,
    );
    expect(link.search).toBe(`?sig=${sig}&exp=1744189200`);
    expect(checkClaimLink(LEAD_ID, link.searchParams, SECRET)).toEqual({
      kind: "signed",
      expires: 1744189200,
    });
    expect(checkReleaseLink(LEAD_ID, link.searchParams, SECRET)).toEqual({ kind: "forged" });
  });
});

describe("the roster member key, a new use, keys a lower-cased address under its own derived key", () => {
  test("a member's key, for any letter case of their address", () => {
    expect(keys.rosterMemberKey(SECRET, "ana@example.com")).toBe("b715066dafbd23ff");
    const [ana] = keyedRoster([{ name: "Ana Smith", email: "Ana@Example.com" }], SECRET)!;
    expect(ana.key).toBe("b715066dafbd23ff");
  });
});

describe("kit/keys.ts, one function per use", () => {
  test("each gives the bytes its construction as first deployed gave", () => {
    expect(keys.leadIdBytes(SECRET, LEAD_ID).toString("hex")).toBe(
      "46907b6822d8527723a237ede952cbd7feef06411e21af64b5ba852116768811",
    );
    expect(keys.formTokenMac(SECRET, String(ISSUED_AT.getTime())).toString("hex")).toBe(
      "2672e1f038a67ec0a05ba0a218b4cadb66882d017e6e9ed458d9047050541d3c",
    );
    expect(keys.confirmationAddressHash(SECRET, "jdoe@gmail.com")).toBe(
      "6ddff448e79d041447d3cb88fb5152a60a80feed07eb6453f0c7bf16bb6bbf2b",
    );
    expect(keys.confirmationClientHash(SECRET, "2001:db8::1")).toBe(
      "783c617d35f9bdca2ef79c12f3ff7f693c5b6e4a1e1dc1aa7cfb4452d44688ef",
    );
    expect(keys.claimSignatureBytes(SECRET, LEAD_ID).toString("base64url")).toBe(
      "HVtqFmjUNjQBYNF_uj1AUdXGvowuLwOZ8-UxoWB64XM",
    );
    expect(keys.bookingReferenceKey(SECRET).toString("hex")).toBe(
      "5e48ae9ef3caf86ed45869dc63b8ef7e3097851f4008645e8bbfd999897b0538",
    );
    expect(keys.bookingReferenceIv(SECRET, LEAD_ID).toString("hex")).toBe("6ba1e28958807db69805cde9");
    expect(keys.derivedFormSecret(SENDGRID_KEY)).toBe(
      "c638fbbfe3d6d5b9f8666dba5255a6e7491d1a97d338d789dfa25c9fd66b09f7",
    );
  });

  test("the inbox index key is a keyed hash of the inbox under its own derived key", () => {
    expect(keys.inboxIndexKey(SECRET, "jdoe@gmail.com")).toBe(
      "fdf8f5b99f1a3940c5a1a003e04485e4ed60d281334bfa49be6c54e1dfc4ae42",
    );
  });

  test("one input under every label gives as many different values", () => {
    const text = "same input";
    const values = [
      keys.leadIdBytes(SECRET, text).toString("hex"),
      keys.formTokenMac(SECRET, text).toString("hex"),
      keys.confirmationAddressHash(SECRET, text),
      keys.confirmationClientHash(SECRET, text),
      keys.claimSignatureBytes(SECRET, text).toString("hex"),
      keys.releaseSignatureBytes(SECRET, text).toString("hex"),
      keys.bookingReferenceKey(SECRET).toString("hex"),
      keys.bookingReferenceIv(SECRET, text).toString("hex"),
      keys.inboxIndexKey(SECRET, text),
      keys.rosterMemberKey(SECRET, text),
      keys.derivedFormSecret(SECRET),
    ];
    expect(new Set(values).size).toBe(values.length);
  });
});

describe("no other module keys with the form secret", () => {
  const netlify = join(__dirname, "..", "..", "..", "netlify");
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? sources(join(dir, entry.name))
        : /\.m?ts$/.test(entry.name)
          ? [relative(netlify, join(dir, entry.name)).split(sep).join("/")]
          : [],
    );

  /**
   * Besides kit/keys.ts, only the checks of Slack's and Cal.com's signatures, keyed with those
   * services' secrets: this list may only shrink.
   */
  const MAY_USE_HMAC = [
    "lib/add-ons/booking/cal-signature.ts",
    "lib/add-ons/slack/slack-signature.ts",
    "lib/kit/keys.ts",
  ];

  test("only kit/keys.ts and the third-party signature checks use createHmac", () => {
    const files = sources(netlify);
    expect(files.length).toBeGreaterThan(30);
    const users = files.filter((file) => readFileSync(join(netlify, file), "utf8").includes("createHmac"));
    expect(users.sort()).toEqual(MAY_USE_HMAC);
  });

  test("only kit/keys.ts compares signatures (in constant time)", () => {
    const users = sources(netlify).filter((file) =>
      readFileSync(join(netlify, file), "utf8").includes("timingSafeEqual"),
    );
    expect(users).toEqual(["lib/kit/keys.ts"]);
  });
});
