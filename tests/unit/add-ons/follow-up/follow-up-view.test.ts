/**
 * @jest-environment node
 */
// Other add-ons read a lead's follow-up through the core (docs/decisions/0046-booking-through-the-core.md):
// the state and owner, never the owner's Slack id, bookings or history; nothing while follow-up is off.
import { addOnsFor } from "../../../../netlify/lib/compose";
import type { ServerConfig } from "../../../../netlify/lib/core/config";
import { followUpViewOf } from "../../../../netlify/lib/core/follow-up-hooks";
import { applyAction } from "../../../../netlify/lib/add-ons/follow-up/follow-up-record";
import { createFollowUpStore } from "../../../../netlify/lib/add-ons/follow-up/follow-up-store";
import { keyOf } from "../../../../netlify/lib/kit/storage";
import { silenceConsole } from "../../../helpers/console";
import { memoryLimits, TEST_CONFIG } from "../../../helpers/function-harness";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";

const ID = "5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b";
const CLAIMED_AT = new Date("2026-11-24T01:20:00.000Z");
const ANA = { name: "Ana Smith", email: "ana@example.com", slackUserId: "U0123" };

function setup() {
  const blobs = createMemoryBlobs();
  const followUps = createFollowUpStore(blobs);
  const addOns = (config: ServerConfig = TEST_CONFIG, store = followUps) =>
    addOnsFor(config, { confirmationLimits: memoryLimits, followUps: () => store });
  return { blobs, followUps, addOns };
}

test("a lead nobody has touched reads as new; a claimed, booked one shows its state, owner and times, and nothing more", async () => {
  const w = setup();
  expect(await followUpViewOf(await w.addOns(), ID)).toEqual({ state: "new" });
  await w.followUps.update(ID, (current) => applyAction(current, { kind: "claim", owner: ANA }, CLAIMED_AT));
  await w.followUps.update(ID, (current) =>
    applyAction(current, { kind: "booked", booking: { uid: "bk-1", via: "reference" } }, CLAIMED_AT),
  );
  expect(await followUpViewOf(await w.addOns(), ID)).toEqual({
    state: "booked",
    owner: { name: "Ana Smith", email: "ana@example.com" },
    claimedAt: CLAIMED_AT.toISOString(),
    bookedAt: CLAIMED_AT.toISOString(),
  });
});

test("a closed lead's view says why it was closed", async () => {
  const w = setup();
  await w.followUps.update(ID, (current) =>
    applyAction(current, { kind: "close", reason: "not a fit" }, CLAIMED_AT),
  );
  expect(await followUpViewOf(await w.addOns(), ID)).toMatchObject({
    state: "closed",
    closedAt: CLAIMED_AT.toISOString(),
    closedReason: "not a fit",
  });
});

test("with follow-up off there is no view; a damaged record has none; a store that does not answer throws", async () => {
  const w = setup();
  const { followUp: _off, ...withoutFollowUp } = TEST_CONFIG;
  expect(await followUpViewOf(await w.addOns(withoutFollowUp), ID)).toBeUndefined();

  await w.blobs.setJSON(keyOf("followUp", ID), { state: "lost" });
  const error = silenceConsole("error");
  expect(await followUpViewOf(await w.addOns(), ID)).toBeUndefined();
  expect(error.text()).toContain("DAMAGED RECORD");
  error.mockRestore();

  const down = { ...w.followUps, get: () => Promise.reject(new Error("blobs down")) };
  await expect(followUpViewOf(await w.addOns(TEST_CONFIG, down), ID)).rejects.toThrow("blobs down");
});
