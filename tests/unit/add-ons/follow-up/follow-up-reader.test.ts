/**
 * @jest-environment node
 */
// The report and the weekly summary read follow-up through the core's reader (docs/decisions/0048-summary-plugin.md):
// which leads it tracks and each one's facts (the view, the close reason, live bookings' match and confirmation),
// never the owner's Slack id, a booking's uid or history; the links and hours from the configuration.
import { addOnsFor } from "../../../../netlify/lib/compose";
import type { ServerConfig } from "../../../../netlify/lib/core/config";
import { followUpReaderOf } from "../../../../netlify/lib/core/follow-up-hooks";
import { applyAction } from "../../../../netlify/lib/add-ons/follow-up/follow-up-record";
import { createFollowUpStore } from "../../../../netlify/lib/add-ons/follow-up/follow-up-store";
import { parseBusinessHours } from "../../../../netlify/lib/kit/business-hours";
import { DamagedRecordError } from "../../../../netlify/lib/kit/json-blobs";
import { keyOf } from "../../../../netlify/lib/kit/storage";
import { silenceConsole } from "../../../helpers/console";
import { memoryLimits, TEST_CONFIG } from "../../../helpers/function-harness";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";

const AT = new Date("2026-11-24T01:20:00.000Z");
const ANA = { name: "Ana Smith", email: "ana@example.com", slackUserId: "U0123" };

async function readerFor(config: ServerConfig = TEST_CONFIG) {
  const blobs = createMemoryBlobs();
  const followUps = createFollowUpStore(blobs);
  const addOns = await addOnsFor(config, { confirmationLimits: memoryLimits, followUps: () => followUps });
  return { blobs, followUps, reader: followUpReaderOf(addOns, config) };
}

test("tracks the leads with a record or marker; gives each one's facts, an old single booking as a live one", async () => {
  const { blobs, followUps, reader } = await readerFor();
  await followUps.markUnclaimed("waiting", AT.toISOString());
  await followUps.update("closed", (current) => applyAction(current, { kind: "claim", owner: ANA }, AT));
  await followUps.update("closed", (current) =>
    applyAction(current, { kind: "close", reason: "not a fit" }, AT),
  );
  await blobs.setJSON(keyOf("followUp", "old-booking"), {
    state: "booked",
    bookedAt: AT.toISOString(),
    booking: { uid: "bk-1", via: "email", startTime: "2026-11-26T01:00:00.000Z" },
  });
  expect([...(await reader!.tracked())].sort()).toEqual(["closed", "old-booking", "waiting"]);
  expect(await reader!.get("waiting")).toEqual({ state: "new" });
  expect(await reader!.get("closed")).toEqual({
    state: "closed",
    owner: { name: "Ana Smith", email: "ana@example.com" },
    claimedAt: AT.toISOString(),
    closedAt: AT.toISOString(),
    closedReason: "not a fit",
  });
  expect(await reader!.get("old-booking")).toEqual({
    state: "booked",
    bookedAt: AT.toISOString(),
    bookings: [{ via: "email", confirmedAt: AT.toISOString() }],
  });
});

test("a damaged record throws DamagedRecordError; links and hours follow the configuration; none while off", async () => {
  const hours = parseBusinessHours("Mon-Fri 08:00-17:00 Australia/Perth")!;
  const { blobs, reader } = await readerFor({
    ...TEST_CONFIG,
    followUp: { ...TEST_CONFIG.followUp, businessHours: hours },
  });
  await blobs.setJSON(keyOf("followUp", "lost"), { state: "lost" });
  const error = silenceConsole("error");
  await expect(reader!.get("lost")).rejects.toBeInstanceOf(DamagedRecordError);
  expect(error.text()).toContain("DAMAGED RECORD");
  error.mockRestore();
  expect(reader!.hours).toBe(hours);
  expect(reader!.claimUrl("lead-1", AT)).toMatch(/\/leads\/lead-1\?sig=.+&exp=\d+$/);
  expect(reader!.releaseUrl("lead-1")).toMatch(/\/leads\/lead-1\/release\?sig=/);

  const { followUp: _off, ...withoutFollowUp } = TEST_CONFIG;
  expect((await readerFor(withoutFollowUp)).reader).toBeUndefined();
});
