/**
 * @jest-environment node
 */
// A claim or "contacted" from outside the claim page reaches the follow-up record through the core's
// leadActions hook (docs/decisions/0047-slack-plugin.md): applied once with its line, a repeat refused in
// words, "contacted" claiming an unclaimed lead first; no hook while follow-up is off.
import { addOnsFor } from "../../../../netlify/lib/compose";
import type { ServerConfig } from "../../../../netlify/lib/core/config";
import { leadActionsOf } from "../../../../netlify/lib/core/follow-up-hooks";
import { newLead } from "../../../../netlify/lib/core/leads/lead-record";
import { createFollowUpStore } from "../../../../netlify/lib/add-ons/follow-up/follow-up-store";
import { memoryLimits, TEST_CONFIG, VALID } from "../../../helpers/function-harness";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";

const ID = "5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b";
const RECEIVED = new Date("2026-11-24T01:00:00.000Z");
const AT = new Date("2026-11-24T01:04:00.000Z");
const ANA = { name: "Ana Smith", email: "ana@example.com", slackUserId: "U0123" };
const lead = { ...newLead(ID, { ...VALID }, RECEIVED), state: "sent" as const };

function setup() {
  const followUps = createFollowUpStore(createMemoryBlobs());
  const actionsFor = async (config: ServerConfig = TEST_CONFIG) =>
    leadActionsOf(await addOnsFor(config, { confirmationLimits: memoryLimits, followUps: () => followUps }));
  return { followUps, actionsFor };
}

test("a claim is applied once, with its line and the follow-up other add-ons may read; a repeat is refused", async () => {
  const w = setup();
  const actions = (await w.actionsFor())!;
  const context = { at: AT, by: ANA, logged: "lead follow-up changed from Slack" };
  const claimed = await actions.apply(lead, "claim", context);
  expect(claimed).toMatchObject({
    applied: true,
    line: "Claimed by Ana Smith, 4 min after arrival",
    view: { state: "claimed", owner: { name: "Ana Smith", email: "ana@example.com" } },
  });
  expect((await w.followUps.get(ID)).owner).toEqual(ANA);
  expect(await actions.apply(lead, "claim", context)).toEqual({
    applied: false,
    reason: "This lead is already claimed by Ana Smith.",
  });
});

test('"contacted" on an unclaimed lead claims it for the person first; follow-up off offers no hook', async () => {
  const w = setup();
  const actions = (await w.actionsFor())!;
  const contacted = await actions.apply(lead, "contacted", { at: AT, by: ANA, logged: "changed" });
  expect(contacted).toMatchObject({
    applied: true,
    line: "Marked contacted by Ana Smith, 4 min after arrival",
  });
  expect((await w.followUps.get(ID)).history?.map((line) => line.kind)).toEqual(["claimed", "contacted"]);
  const { followUp: _off, ...withoutFollowUp } = TEST_CONFIG;
  expect(await w.actionsFor(withoutFollowUp)).toBeUndefined();
});
