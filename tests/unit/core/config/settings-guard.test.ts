/**
 * @jest-environment node
 */
// Reading an add-on's settings never throws out of the composition (docs/decisions/0034-core-and-add-ons.md):
// whatever a reader throws turns only that add-on off, named by its variables (never a value), logged once
// per cold start, and the core and the other add-ons stand.
import {
  getConfig,
  invalidParts,
  loadConfig,
  resetConfig,
  settingsReport,
} from "../../../../netlify/lib/compose";
import { silenceConsole } from "../../../helpers/console";
import { withEnv } from "../../../helpers/env";

// A parser that overflows the stack, as the address-list parser once did on nested comments.
jest.mock("../../../../netlify/lib/kit/business-hours", () => ({
  ...jest.requireActual<object>("../../../../netlify/lib/kit/business-hours"),
  parseBusinessHours: () => {
    throw new RangeError("Maximum call stack size exceeded");
  },
}));

const CORE = {
  SENDGRID_API_KEY: "SG.guard-test",
  SALES_EMAIL: "sales@example.com",
  MAIL_FROM: "no-reply@example.com",
};
const ENV = {
  SALES_TEAM: "Ana Lopez <ana@example.com>",
  BUSINESS_HOURS: "secret-looking hours",
  LEAD_WEBHOOK_URL: "https://hooks.example/lead",
};
const PROBLEM = "follow-up: SALES_TEAM, BUSINESS_HOURS could not be read (RangeError)";

test("a reader that throws turns only its add-on off, naming the variables set", () => {
  const result = loadConfig({ ...CORE, ...ENV });
  expect(result.ok && result.config.followUp).toBeUndefined();
  expect(result.ok && result.config.leadWebhook?.url).toBe(ENV.LEAD_WEBHOOK_URL);
  expect(invalidParts(result)).toEqual([PROBLEM]);
  expect(JSON.stringify(result.ok && result.report)).not.toContain("secret-looking");
});

test("the build's report names it too when it cannot see the core's variables", () => {
  expect(invalidParts(settingsReport(ENV))).toEqual([PROBLEM]);
});

test("a function's configuration logs it once per cold start", () => {
  const errors = silenceConsole("error");
  withEnv({ ...CORE, ...ENV }, () => {
    resetConfig();
    expect(getConfig().ok).toBe(true);
    expect(getConfig().ok).toBe(true);
  });
  resetConfig();
  expect(errors.lines()).toEqual([`[demo-request] SETTINGS INVALID, add-on off: ${PROBLEM}`]);
});
