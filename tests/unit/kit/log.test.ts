/**
 * @jest-environment node
 */
// The functions' one logger (docs/requirements.md#personal-data): a thrown value is logged by its
// name, never its message, and a visitor's address, phone number and chosen hostname only masked.
import {
  errorName,
  logError,
  logInfo,
  logInfoOnce,
  maskDomain,
  maskEmail,
} from "../../../netlify/lib/kit/log";
import { silenceConsole } from "../../helpers/console";

afterEach(() => jest.restoreAllMocks());

test("errorName gives an Error's class name and never its message", () => {
  class MalformedLeadError extends Error {
    override name = "MalformedLeadError";
  }
  expect(errorName(new TypeError("jane@acme.com is not valid"))).toBe("TypeError");
  expect(errorName(new MalformedLeadError("stored lead x"))).toBe("MalformedLeadError");
});

test("errorName says unknown for a thrown value that is not an Error", () => {
  for (const thrown of ["jane@acme.com", 42, null, undefined, { name: "Looks like one" }]) {
    expect(errorName(thrown)).toBe("unknown");
  }
});

test("logInfo and logError write one prefixed line with the fields as JSON", () => {
  const log = jest.spyOn(console, "log").mockImplementation(() => undefined);
  const error = silenceConsole("error");
  logInfo("sent", { requestId: "r1", attempts: 2 });
  logError("failed", { reason: errorName(new RangeError("x")) });
  expect(log).toHaveBeenCalledWith('[demo-request] sent {"requestId":"r1","attempts":2}');
  expect(error).toHaveBeenCalledWith('[demo-request] failed {"reason":"RangeError"}');
});

test("an event without fields is logged without an empty object after it", () => {
  const log = jest.spyOn(console, "log").mockImplementation(() => undefined);
  const error = silenceConsole("error");
  logInfo("ready");
  logError("SETTINGS INVALID, add-on off: follow-up: SALES_TEAM is invalid", { requestId: undefined });
  expect(log.mock.calls).toEqual([["[demo-request] ready"]]);
  expect(error.lines()).toEqual([
    "[demo-request] SETTINGS INVALID, add-on off: follow-up: SALES_TEAM is invalid",
  ]);
});

test("logInfoOnce logs each event the first time only, as a cold start would", () => {
  const log = jest.spyOn(console, "log").mockImplementation(() => undefined);
  for (let call = 0; call < 3; call++) {
    logInfoOnce("webhook off: every lead skips it (LEAD_WEBHOOK_URL is not set)");
    logInfoOnce("confirmation off: every lead skips it (CONFIRMATION_EMAIL=off)");
  }
  expect(log.mock.calls).toEqual([
    ["[demo-request] webhook off: every lead skips it (LEAD_WEBHOOK_URL is not set)"],
    ["[demo-request] confirmation off: every lead skips it (CONFIRMATION_EMAIL=off)"],
  ]);
});

test("the masks keep only a first letter, a top-level domain or two digits", () => {
  expect(maskEmail("jane.doe@acme.com")).toBe("j***@a***.com");
  expect(maskEmail("no-at-sign")).toBe("***");
  expect(maskDomain("promo-login-microsoft-com.mailinator.com")).toBe("p***.com");
  expect(maskDomain("localhost")).toBe("l***");
});
