// An optional setting never stops lead capture, under `npm start` too (docs/decisions/0034-core-and-add-ons.md):
// with an invalid BUSINESS_HOURS and SLACK_USER_MAP the local server stores a demo request, e-mails
// sales and answers 200, and the log names both variables. Needs a built public/.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startSiteServerProcess, startSiteWithMailSink } from "../helpers/site-server-process.mjs";

let site;
let sink;
/** @type {Awaited<ReturnType<typeof startSiteWithMailSink>>["server"]} */
let server;

before(async () => {
  site = await startSiteWithMailSink("optional-settings", {
    SALES_TEAM: "Ana Smith <ana@example.com>",
    BUSINESS_HOURS: "weekdays, more or less",
    SLACK_SIGNING_SECRET: "optional-settings-signing-secret",
    SLACK_USER_MAP: "U024BE7LH=nobody@example.com",
  });
  ({ sink, server } = site);
});

after(() => site?.stop());

test("with an invalid BUSINESS_HOURS and SLACK_USER_MAP a demo request is stored, sent to sales and answered 200", async () => {
  const answer = await fetch(`${server.url}/api/send-contact-email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({
      firstName: "Jane",
      lastName: "Driller",
      email: "jane@acme-mining.com",
      phone: "+61 400 123 456",
      company: "Acme Mining",
      message: "",
    }),
  });
  assert.equal(answer.status, 200, await answer.clone().text());
  const { reference } = await answer.json();
  const sales = sink
    .messages()
    .find((m) => m.customArgs?.kind === "sales" && m.customArgs.requestId === reference);
  assert.ok(sales, "no sales e-mail");
  // Follow-up is off: the sales e-mail carries no claim link until the setting is mended.
  assert.doesNotMatch(sales.text + sales.html, /Claim this lead|\/leads\//);
  const log = server.output();
  assert.match(log, /follow-up: BUSINESS_HOURS is invalid/);
  // Slack's buttons need follow-up: off with it (SLACK_USER_MAP names follow-up's roster).
  assert.doesNotMatch(log, /more or less|nobody@example\.com/);
});

test("SLACK_USER_MAP alone invalid turns off only Slack's buttons, named in the log", async () => {
  const other = await startSiteServerProcess({
    ...site.core,
    SLACK_SIGNING_SECRET: "optional-settings-signing-secret",
    SLACK_USER_MAP: "U024BE7LH=nobody@example.com",
  });
  try {
    const answer = await fetch(`${other.url}/api/send-contact-email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: other.url },
      body: JSON.stringify({
        firstName: "Ben",
        lastName: "Lee",
        email: "ben@acme-mining.com",
        phone: "+61 400 123 457",
        company: "Acme Mining",
        message: "",
      }),
    });
    assert.equal(answer.status, 200);
    assert.match(other.output(), /Slack buttons: SLACK_USER_MAP is invalid/);
  } finally {
    await other.stop();
  }
});
