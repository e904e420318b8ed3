/**
 * @jest-environment node
 */
// docs/requirements.md#spam-defence: "local" is decided positively, SENDGRID_API_BASE_URL is honoured only
// locally or when allowed, and the confirmation and form-secret variables are read and checked.
import { invalidParts, loadConfig } from "../../../../netlify/lib/compose";
import { formSecretFrom, isLocalRun, type ServerConfig } from "../../../../netlify/lib/core/config";
import { namesOnly } from "../../../helpers/setting-problems";

const BASE = {
  SENDGRID_API_KEY: "SG.production-key",
  SALES_EMAIL: "sales@resources.test",
  MAIL_FROM: "no-reply@resources.test",
};

function config(env: Record<string, string | undefined>): ServerConfig {
  const result = loadConfig({ ...BASE, ...env });
  if (!result.ok) throw new Error(result.problems.join("; "));
  return result.config;
}

describe("isLocal", () => {
  test.each([
    ["no variables at all (production's functions)", {}, undefined, false],
    ["CONTEXT=production", { CONTEXT: "production" }, undefined, false],
    ["CONTEXT unset and NETLIFY_DEV unset", { URL: "https://example.com" }, undefined, false],
    ["NETLIFY_DEV=false", { NETLIFY_DEV: "false" }, undefined, false],
    ["NETLIFY_DEV=true", { NETLIFY_DEV: "true" }, undefined, true],
    ["deploy context production", {}, { deploy: { context: "production" } }, false],
    ["deploy context empty", {}, { deploy: { context: "" } }, false],
    ["deploy context dev", {}, { deploy: { context: "dev" } }, true],
  ])("%s -> %s", (_name, env, context, expected) => {
    expect(isLocalRun(env, context)).toBe(expected);
  });

  test("the configuration is local only with NETLIFY_DEV=true", () => {
    expect(config({}).isLocal).toBe(false);
    expect(config({ CONTEXT: undefined }).isLocal).toBe(false);
    expect(config({ NETLIFY_DEV: "true" }).isLocal).toBe(true);
  });
});

describe("SENDGRID_API_BASE_URL", () => {
  const url = "http://127.0.0.1:9999";
  test("is ignored in production", () => {
    expect(config({ SENDGRID_API_BASE_URL: url }).sendgridBaseUrl).toBeUndefined();
    expect(
      config({ SENDGRID_API_BASE_URL: url, ALLOW_SENDGRID_BASE_URL: "false" }).sendgridBaseUrl,
    ).toBeUndefined();
  });
  test("is honoured locally or with ALLOW_SENDGRID_BASE_URL=true", () => {
    expect(config({ SENDGRID_API_BASE_URL: url, NETLIFY_DEV: "true" }).sendgridBaseUrl).toBe(url);
    expect(config({ SENDGRID_API_BASE_URL: url, ALLOW_SENDGRID_BASE_URL: "true" }).sendgridBaseUrl).toBe(url);
  });
});

test("confirmations: on with 200 a day by default; CONFIRMATION_EMAIL=off and a daily limit are read", () => {
  expect(config({}).confirmation).toEqual({ dailyLimit: 200, clientDailyLimit: 5 });
  expect(config({ CONFIRMATION_EMAIL: "off" }).confirmation).toBeUndefined();
  expect(config({ CONFIRMATION_DAILY_LIMIT: "25" }).confirmation).toMatchObject({ dailyLimit: 25 });
  // An invalid value turns confirmations off and is named; the demo request goes on.
  expect(config({ CONFIRMATION_EMAIL: "no" }).confirmation).toBeUndefined();
  expect(invalidParts(loadConfig({ ...BASE, CONFIRMATION_EMAIL: "no" })).map(namesOnly)).toEqual([
    "confirmation e-mail: CONFIRMATION_EMAIL is invalid",
  ]);
  expect(invalidParts(loadConfig({ ...BASE, CONFIRMATION_DAILY_LIMIT: "-1" })).map(namesOnly)).toEqual([
    "confirmation e-mail: CONFIRMATION_DAILY_LIMIT is invalid",
  ]);
});

test("the form secret: FORM_TOKEN_SECRET when set, else derived from the SendGrid key without revealing it", () => {
  const explicit = "s".repeat(40);
  expect(config({ FORM_TOKEN_SECRET: explicit }).formSecret).toBe(explicit);
  const derived = config({}).formSecret;
  expect(derived).toMatch(/^[0-9a-f]{64}$/);
  expect(derived).not.toContain(BASE.SENDGRID_API_KEY);
  expect(config({}).formSecret).toBe(derived);
  expect(config({ SENDGRID_API_KEY: "SG.another-key" }).formSecret).not.toBe(derived);
  expect(loadConfig({ ...BASE, FORM_TOKEN_SECRET: "too-short" })).toEqual({
    ok: false,
    problems: [
      "FORM_TOKEN_SECRET is invalid: expected at least 32 random characters (openssl rand -base64 32)",
    ],
  });
});

test("formSecretFrom gives the owner's commands the same secret the functions use", () => {
  expect(formSecretFrom(BASE)).toBe(config({}).formSecret);
  expect(formSecretFrom({ ...BASE, FORM_TOKEN_SECRET: "s".repeat(40) })).toBe("s".repeat(40));
  expect(formSecretFrom({})).toBeUndefined();
});

test("the timeouts fit a request inside the function's 10 s limit: SENDGRID_TIMEOUT_MS up to 4000, LEAD_WEBHOOK_TIMEOUT_MS up to 5000", () => {
  const webhook = { LEAD_WEBHOOK_URL: "https://hooks.slack.com/services/T000/B000/XXXX" };
  const fitting = config({ ...webhook, SENDGRID_TIMEOUT_MS: "4000", LEAD_WEBHOOK_TIMEOUT_MS: "5000" });
  expect([fitting.sendgridTimeoutMs, fitting.leadWebhook?.timeoutMs]).toEqual([4000, 5000]);
  const tooLong = loadConfig({
    ...BASE,
    ...webhook,
    SENDGRID_TIMEOUT_MS: "4001",
    LEAD_WEBHOOK_TIMEOUT_MS: "5001",
  });
  // The tunable falls back to its default; the webhook is off: each named, never the value.
  expect(tooLong.ok && [tooLong.config.sendgridTimeoutMs, tooLong.config.leadWebhook]).toEqual([
    3000,
    undefined,
  ]);
  expect(invalidParts(tooLong).map(namesOnly)).toEqual([
    "core: SENDGRID_TIMEOUT_MS is invalid",
    "lead webhook: LEAD_WEBHOOK_TIMEOUT_MS is invalid",
  ]);
});
