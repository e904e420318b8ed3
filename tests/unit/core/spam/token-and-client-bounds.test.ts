/**
 * @jest-environment node
 */
// The time token cannot be skipped or replayed, and one client cannot spend the day's
// confirmations (docs/requirements.md#spam-defence, docs/decisions/0028-second-hostile-review.md).
import { issueFormToken } from "../../../../netlify/lib/core/spam/form-token";
import {
  clientKeyOf,
  NO_TOKEN_REASON,
  reasonInWords,
  REUSED_TOKEN_REASON,
} from "../../../../netlify/lib/core/spam/spam";
import {
  harness,
  leadIdOf,
  memoryLimits,
  sentOfKind,
  TEST_CONFIG,
  VALID,
} from "../../../helpers/function-harness";

const KEY_A = "6f1d2c3b-4a5e-4f6a-8b7c-9d0e1f2a3b4c";
const KEY_B = "7a2e3d4c-5b6f-4a7b-9c8d-0e1f2a3b4c5d";
const token = () => issueFormToken(TEST_CONFIG.formSecret, new Date(Date.now() - 60_000));

const formPost = (fields: Record<string, string>) =>
  new Request("https://resources.example/api/send-contact-email", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

test("a JSON request without a time token is suspected: delivered to sales marked, no confirmation", async () => {
  const { post, mailer, store } = harness();
  const res = await post({ ...VALID, requestId: KEY_A, formToken: undefined });
  expect(res.status).toBe(200);
  expect(sentOfKind(mailer, "sales")[0].subject).toMatch(/^\[Suspected spam\]/);
  expect(sentOfKind(mailer, "sales")[0].text).toContain(reasonInWords(NO_TOKEN_REASON));
  expect(sentOfKind(mailer, "confirmation")).toEqual([]);
  expect((await store!.get(leadIdOf(KEY_A)))?.suspectedSpam).toBe(NO_TOKEN_REASON);
});

test("the form posted without JavaScript needs no token: clean, confirmed", async () => {
  const { handle, mailer } = harness();
  const res = await handle(formPost({ ...VALID }));
  expect(res.status).toBe(303);
  expect(sentOfKind(mailer, "sales")[0].subject).not.toMatch(/Suspected spam/);
  expect(sentOfKind(mailer, "confirmation")).toHaveLength(1);
});

test("a token spent by one request makes another request that sends it suspected", async () => {
  const { post, mailer } = harness();
  const spent = token();
  await post({ ...VALID, requestId: KEY_A, formToken: spent });
  await post({ ...VALID, email: "other@acme-mining.com", requestId: KEY_B, formToken: spent });
  const [first, second] = sentOfKind(mailer, "sales");
  expect(first.subject).not.toMatch(/Suspected spam/);
  expect(second.subject).toMatch(/^\[Suspected spam\]/);
  expect(second.text).toContain(reasonInWords(REUSED_TOKEN_REASON));
  expect(sentOfKind(mailer, "confirmation").map((m) => m.to)).toEqual([VALID.email]);
});

test("the form's own retries are not punished: the same key, or the same fields under a fresh key after a 409", async () => {
  const { post, mailer, store } = harness();
  const spent = token();
  expect((await post({ ...VALID, requestId: KEY_A, formToken: spent })).status).toBe(200);
  expect((await post({ ...VALID, requestId: KEY_A, formToken: spent })).status).toBe(200);
  expect((await post({ ...VALID, requestId: KEY_B, formToken: spent })).status).toBe(200);
  expect((await store!.get(leadIdOf(KEY_B)))?.suspectedSpam).toBeUndefined();
  expect(sentOfKind(mailer, "sales").every((m) => !m.subject.includes("Suspected spam"))).toBe(true);
});

test("one client IP gets at most CONFIRMATION_CLIENT_DAILY_LIMIT confirmations a day; its leads still reach sales", async () => {
  // A second between requests: the day's confirmations are ranked by time, then by lead id.
  let clock = Date.parse("2026-11-24T09:00:00.000Z");
  const limits = memoryLimits({ clientDailyLimit: 2, now: () => new Date((clock += 1000)) });
  const { handle, mailer } = harness({ limits });
  // Each request with a token of its own (a spent one would make it suspected).
  const tokenBase = Date.now() - 60_000;
  const from = (ip: string, i: number) =>
    handle(
      new Request("https://resources.example/api/send-contact-email", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          ...VALID,
          email: `throwaway${i}@mail.example`,
          formToken: issueFormToken(TEST_CONFIG.formSecret, new Date(tokenBase - i)),
        }),
      }),
      { ip },
    );
  for (let i = 0; i < 4; i++) expect((await from("198.51.100.7", i)).status).toBe(200);
  expect((await from("203.0.113.9", 9)).status).toBe(200);
  expect(sentOfKind(mailer, "sales")).toHaveLength(5);
  expect(sentOfKind(mailer, "confirmation").map((m) => m.to)).toEqual([
    "throwaway0@mail.example",
    "throwaway1@mail.example",
    "throwaway9@mail.example",
  ]);
});

test("the client is the function's context.ip, as Netlify gives it; no request header is taken for it", async () => {
  const { handle, store } = harness();
  const from = (requestId: string, headers: Record<string, string>) =>
    new Request("https://resources.example/api/send-contact-email", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ ...VALID, requestId, formToken: token() }),
    });
  const spoofed = { "x-nf-client-connection-ip": "203.0.113.7", "x-forwarded-for": "203.0.113.7" };
  expect((await handle(from(KEY_A, spoofed))).status).toBe(200);
  expect((await store!.get(leadIdOf(KEY_A)))?.clientKey).toBeUndefined();
  expect((await handle(from(KEY_B, spoofed), { ip: "198.51.100.7" })).status).toBe(200);
  expect((await store!.get(leadIdOf(KEY_B)))?.clientKey).toBe(
    clientKeyOf("198.51.100.7", TEST_CONFIG.formSecret),
  );
});

test("the confirmation that reaches 80 % of the daily limit sends one alert to ALERT_EMAIL, with no visitor data", async () => {
  let clock = Date.parse("2026-11-24T09:00:00.000Z");
  const limits = memoryLimits({ dailyLimit: 5, now: () => new Date((clock += 1000)) });
  const { post, mailer } = harness({ limits });
  for (let i = 0; i < 5; i++) await post({ ...VALID, email: `p${i}@example.com` });
  const alerts = sentOfKind(mailer, "alert");
  expect(alerts).toHaveLength(1);
  expect(alerts[0].to).toBe(TEST_CONFIG.alertEmail);
  expect(alerts[0].subject).toMatch(/Confirmation e-mails nearly spent: 4 of 5/);
  for (const value of [VALID.firstName, VALID.lastName, VALID.company, "p3@example.com"])
    expect(alerts[0].text).not.toContain(value);
});
