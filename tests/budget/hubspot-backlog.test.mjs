// The HubSpot plugin's call budget (docs/decisions/0049-hubspot-plugin.md): a backlog reaches the local HubSpot sink,
// which holds to the free tier's 100 calls per rolling 10 s, in batches of 100 leads of at most four calls each, with
// no call answered 429, each lead once with its note. The bench runs the same over 1,000 leads
// (scripts/bench/hubspot-backlog.mjs).
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { runHubspotBacklogBench } from "../../scripts/bench/hubspot-backlog.mjs";

const root = join(import.meta.dirname, "..", "..");
const LEADS = 300;

test("300 waiting leads reach HubSpot in one retry run, at most 4 calls per 100 leads, no 429", async () => {
  const run = await runHubspotBacklogBench({ root, count: LEADS });
  assert.equal(run.rateLimited, 0, "calls the sink answered 429");
  assert.ok(run.calls <= 4 * (LEADS / 100), `${run.calls} HubSpot calls for ${LEADS} leads`);
  assert.equal(run.runs, 1);
  assert.deepEqual(
    { delivered: run.delivered, contacts: run.contacts, notes: run.notes, leadsWithNote: run.leadsWithNote },
    { delivered: LEADS, contacts: LEADS, notes: LEADS, leadsWithNote: LEADS },
  );
  assert.equal(run.stillPending, 0);
  assert.equal(run.mailSent, 0, "the sales e-mails were sent already");
});
