/**
 * @jest-environment node
 */
// Slack's v0 request signature (docs/decisions/0030-slack-and-booking-loop.md), checked against the
// worked example in Slack's "Verifying requests from Slack".
import { slackSignature, verifySlackRequest } from "../../../../netlify/lib/add-ons/slack/slack-signature";

const SECRET = "8f742231b10e8888abcd99yyyzzz85a5";
const TIMESTAMP = "1531420618";
const BODY =
  "token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c";
const SIGNATURE = "v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503";
const AT = new Date(Number(TIMESTAMP) * 1000);
const check = (over: Partial<Parameters<typeof verifySlackRequest>[0]> = {}) =>
  verifySlackRequest({
    secret: SECRET,
    timestamp: TIMESTAMP,
    signature: SIGNATURE,
    body: BODY,
    now: AT,
    ...over,
  });

test("Slack's published example verifies", () => {
  expect(slackSignature(SECRET, TIMESTAMP, BODY)).toBe(SIGNATURE);
  expect(check()).toEqual({ ok: true });
  expect(check({ now: new Date(AT.getTime() + 299_000) })).toEqual({ ok: true });
});

test("a wrong secret or a tampered body is forged", () => {
  expect(check({ secret: "8f742231b10e8888abcd99yyyzzz85a6" })).toEqual({ ok: false, reason: "forged" });
  expect(check({ body: BODY.replace("roadrunner", "coyote") })).toEqual({ ok: false, reason: "forged" });
  expect(check({ signature: SIGNATURE.toUpperCase() })).toEqual({ ok: false, reason: "forged" });
  expect(check({ signature: `${SIGNATURE}0` })).toEqual({ ok: false, reason: "forged" });
});

test("a timestamp more than 5 minutes away is stale, before or after; a missing header is unsigned", () => {
  expect(check({ now: new Date(AT.getTime() + 301_000) })).toEqual({ ok: false, reason: "stale" });
  expect(check({ now: new Date(AT.getTime() - 301_000) })).toEqual({ ok: false, reason: "stale" });
  expect(check({ timestamp: null })).toEqual({ ok: false, reason: "unsigned" });
  expect(check({ signature: null })).toEqual({ ok: false, reason: "unsigned" });
  expect(check({ timestamp: "1531420618.5" })).toEqual({ ok: false, reason: "unsigned" });
});
