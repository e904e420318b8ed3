// Under `npm start` an invalid setting is named once per start (scripts/local/site-server.mjs): the emulation
// reports the settings as it starts, and its functions, each call a cold start in a fresh worker, do not repeat
// it (netlify/lib/compose.ts `getConfig`). Needs a built public/.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startSiteWithMailSink } from "../helpers/site-server-process.mjs";

let site;
let server;

before(async () => {
  site = await startSiteWithMailSink("settings-report", {
    SALES_TEAM: "Ana Lopez ana-at-example",
    SETTINGS_REPORTED: undefined,
  });
  ({ server } = site);
});

after(() => site?.stop());

test("a malformed SALES_TEAM is named once, with its shape, over several function cold starts", async () => {
  for (let call = 0; call < 3; call++) {
    const answer = await fetch(`${server.url}/api/form-token`, { headers: { origin: server.url } });
    assert.equal(answer.status, 200, await answer.clone().text());
    await answer.body?.cancel();
  }
  const log = server.output();
  const named = log.split("\n").filter((line) => line.includes("SALES_TEAM"));
  assert.deepEqual(named, [
    '[demo-request] SETTINGS INVALID, add-on off: follow-up: SALES_TEAM is invalid: expected "Name <email>, ..." ' +
      '(distinct addresses, at most 50 members), e.g. SALES_TEAM="Ana Lopez <ana@example.com>, Ben Ng <ben@example.com>"',
  ]);
  assert.doesNotMatch(log, /ana-at-example/);
});
