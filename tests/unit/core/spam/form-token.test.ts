/**
 * @jest-environment node
 */
// The form's time token (docs/decisions/0011-spam-defence-layers.md): valid, too fast, forged, expired, and
// missing (the form without JavaScript) with a simulated clock; and the GET /api/form-token function.
import handler, { config as functionConfig } from "../../../../netlify/functions/form-token.mts";
import { resetConfig } from "../../../../netlify/lib/compose";
import {
  checkFormToken,
  issueFormToken,
  MAX_TOKEN_AGE_MS,
  MIN_FILL_MS,
} from "../../../../netlify/lib/core/spam/form-token";
import { restoreEnvAfterEach } from "../../../helpers/env";

const SECRET = "a-test-secret-of-at-least-32-characters";
const ISSUED = new Date("2025-05-01T08:00:00.000Z");
const after = (ms: number) => new Date(ISSUED.getTime() + ms);
const token = issueFormToken(SECRET, ISSUED);

test("two tokens issued in the same millisecond differ", () => {
  expect(issueFormToken(SECRET, ISSUED)).not.toBe(issueFormToken(SECRET, ISSUED));
});

test("a token sent back after a person's pace and within a day is valid", () => {
  expect(checkFormToken(token, SECRET, after(MIN_FILL_MS))).toEqual({ kind: "valid" });
  expect(checkFormToken(token, SECRET, after(5 * 60_000))).toEqual({ kind: "valid" });
  expect(checkFormToken(token, SECRET, after(MAX_TOKEN_AGE_MS))).toEqual({ kind: "valid" });
});

test("sent faster than a person fills the form in: suspect, with the time in the reason", () => {
  expect(checkFormToken(token, SECRET, after(1200))).toEqual({
    kind: "suspect",
    reason: "sent 1.2 s after the form loaded, faster than a person fills it in",
  });
  expect(checkFormToken(token, SECRET, after(MIN_FILL_MS - 1)).kind).toBe("suspect");
  expect(checkFormToken(token, SECRET, after(-30_000)).kind).toBe("suspect"); // within clock skew
});

test("an expired token is suspect", () => {
  expect(checkFormToken(token, SECRET, after(MAX_TOKEN_AGE_MS + 1))).toEqual({
    kind: "suspect",
    reason: "form token expired (issued 24 h before)",
  });
});

test.each([
  ["another secret's token", issueFormToken(`${SECRET}-other`, ISSUED)],
  ["a changed issue time", token.replace(/^\d+/, String(ISSUED.getTime() - 600_000))],
  ["a changed signature", `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`],
  ["a cut signature", token.slice(0, -2)],
  ["a changed random part", token.replace(/\.[^.]+\./, ".AAAAAAAAAAAA.")],
  ["no signature", String(ISSUED.getTime())],
  ["garbage", "not-a-token"],
  ["a far-future time", issueFormToken(SECRET, after(10 * 60_000))],
])("%s is forged", (_name, forged) => {
  const verdict = checkFormToken(forged, SECRET, after(60_000));
  expect(verdict.kind).toBe("suspect");
  expect(verdict.kind === "suspect" && verdict.reason).toMatch(/^form token forged/);
});

test("no token (the form without JavaScript) is not suspect by itself", () => {
  expect(checkFormToken(undefined, SECRET, after(1))).toEqual({ kind: "missing" });
  expect(checkFormToken("", SECRET, after(1))).toEqual({ kind: "missing" });
});

describe("GET /api/form-token", () => {
  restoreEnvAfterEach();
  beforeEach(() => {
    Object.assign(process.env, {
      SENDGRID_API_KEY: "SG.test",
      SALES_EMAIL: "sales@resources.test",
      MAIL_FROM: "no-reply@resources.test",
      FORM_TOKEN_SECRET: SECRET,
    });
    resetConfig();
  });
  afterEach(() => {
    resetConfig();
  });

  test("answers a fresh, uncacheable token the function accepts", async () => {
    const before = Date.now();
    const res = await handler(new Request("https://resources.example/api/form-token"));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const { token: fresh } = (await res.json()) as { token: string };
    const issuedAt = Number(fresh.split(".")[0]);
    expect(issuedAt).toBeGreaterThanOrEqual(before);
    expect(checkFormToken(fresh, SECRET, new Date(issuedAt + MIN_FILL_MS))).toEqual({ kind: "valid" });
  });

  test("other methods answer 405 with Allow: GET", async () => {
    const res = await handler(new Request("https://resources.example/api/form-token", { method: "POST" }));
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
  });

  test("is routed at /api/form-token", () => {
    expect(functionConfig.path).toBe("/api/form-token");
  });
});

test("only the exact signature passes: a spelling that decodes to the same bytes is forged", () => {
  // 43 base64url characters carry 258 bits for 256: the last character's two low bits are spare.
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const last = alphabet.indexOf(token.slice(-1));
  const respelled = `${token.slice(0, -1)}${alphabet[last ^ 1]}`;
  expect(Buffer.from(respelled.split(".")[2], "base64url")).toEqual(
    Buffer.from(token.split(".")[2], "base64url"),
  );
  const verdict = checkFormToken(respelled, SECRET, after(60_000));
  expect(verdict.kind === "suspect" && verdict.reason).toMatch(/^form token forged/);
});
