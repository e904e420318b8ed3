/**
 * @jest-environment node
 */
// The speed-to-lead variables (lead webhook, booking page), checked with the rest of the
// configuration at start.
import { randomBytes } from "node:crypto";
import { invalidParts, loadConfig } from "../../../../netlify/lib/compose";
import { namesOnly } from "../../../helpers/setting-problems";

const BASE = {
  SENDGRID_API_KEY: "SG.x",
  SALES_EMAIL: "sales@resources.test",
  MAIL_FROM: "no-reply@resources.test",
  CONTEXT: "production",
};
const LOCAL = { ...BASE, CONTEXT: "dev", NETLIFY_DEV: "true" };
const SECRET = `whsec_${randomBytes(32).toString("base64")}`;
const SLACK = "https://hooks.slack.com/services/T000/B000/XXXX";

test("without them nothing is configured: no webhook, no booking page", () => {
  const result = loadConfig(BASE);
  expect(result.ok && [result.config.leadWebhook, result.config.bookingUrl]).toEqual([undefined, undefined]);
});

test("a webhook defaults to the slack format and a 3 s timeout", () => {
  const result = loadConfig({ ...BASE, LEAD_WEBHOOK_URL: SLACK });
  expect(result.ok && result.config.leadWebhook).toEqual({
    url: SLACK,
    format: "slack",
    secret: undefined,
    timeoutMs: 3000,
    // Buttons need the Slack app's signing secret (docs/decisions/0030-slack-and-booking-loop.md).
    slackButtons: false,
  });
});

test.each([
  [{ LEAD_WEBHOOK_URL: "http://hooks.example/lead" }, "LEAD_WEBHOOK_URL is invalid"],
  [{ LEAD_WEBHOOK_URL: "not a url" }, "LEAD_WEBHOOK_URL is invalid"],
  [{ LEAD_WEBHOOK_URL: SLACK, LEAD_WEBHOOK_FORMAT: "discord" }, "LEAD_WEBHOOK_FORMAT is invalid"],
  [{ LEAD_WEBHOOK_URL: SLACK, LEAD_WEBHOOK_FORMAT: "standard" }, "LEAD_WEBHOOK_SECRET is missing"],
  [
    { LEAD_WEBHOOK_URL: SLACK, LEAD_WEBHOOK_FORMAT: "standard", LEAD_WEBHOOK_SECRET: "whsec_short" },
    "LEAD_WEBHOOK_SECRET is invalid",
  ],
  [{ BOOKING_URL: "http://cal.com/acme" }, "BOOKING_URL is invalid"],
  [{ BOOKING_URL: "javascript:alert(1)" }, "BOOKING_URL is invalid"],
  [{ BOOKING_URL: "https://user:pw@cal.com/acme" }, "BOOKING_URL is invalid"],
])("production turns the add-on off for %j: %s, naming the variable, never its value", (env, problem) => {
  const result = loadConfig({ ...BASE, ...env });
  const part = problem.startsWith("BOOKING") ? "booking link" : "lead webhook";
  expect(result.ok).toBe(true);
  expect(invalidParts(result).map(namesOnly)).toEqual([`${part}: ${problem}`]);
  expect(result.ok && (result.config.leadWebhook ?? result.config.bookingUrl)).toBeUndefined();
  expect(JSON.stringify(result)).not.toContain("hooks.example");
});

test("standard with a proper secret; http addresses only when local", () => {
  const standard = loadConfig({
    ...BASE,
    LEAD_WEBHOOK_URL: SLACK,
    LEAD_WEBHOOK_FORMAT: "standard",
    LEAD_WEBHOOK_SECRET: SECRET,
  });
  expect(standard.ok && standard.config.leadWebhook?.secret).toBe(SECRET);
  const local = loadConfig({
    ...LOCAL,
    LEAD_WEBHOOK_URL: "http://127.0.0.1:9000/webhook",
    BOOKING_URL: "http://localhost:9001/book",
  });
  expect(local.ok && [local.config.leadWebhook?.url, local.config.bookingUrl]).toEqual([
    "http://127.0.0.1:9000/webhook",
    "http://localhost:9001/book",
  ]);
});
