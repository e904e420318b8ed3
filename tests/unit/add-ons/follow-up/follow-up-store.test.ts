/**
 * @jest-environment node
 */
// The follow-up record under its own key (docs/decisions/0029-lead-follow-up.md), on @netlify/blobs'
// own server: the first of two simultaneous claims wins, and the lead's own writes (the request, the
// retry job) never overwrite a claim.
import { getStore } from "@netlify/blobs";
import { jsonBlobsOver } from "../../../../netlify/lib/kit/json-blobs";
import { applyAction } from "../../../../netlify/lib/add-ons/follow-up/follow-up-record";
import {
  createFollowUpStore,
  pruneOrphanFollowUps,
} from "../../../../netlify/lib/add-ons/follow-up/follow-up-store";
import { silenceConsole } from "../../../helpers/console";
import { createBlobLeadStore, pruneOrphanInboxEntries } from "../../../../netlify/lib/core/leads/lead-store";
import { startBlobsServer, type TestBlobsServer } from "../../../helpers/blobs-server";
import { DOWN, leadRecord, runRetryJobNow, scriptedMailer } from "../../../helpers/function-harness";

let server: TestBlobsServer;
beforeAll(async () => {
  server = await startBlobsServer();
});
afterAll(() => server.close());

const ANA = { name: "Ana Smith", email: "ana@example.com" };
const BEN = { name: "Ben Lee", email: "ben@example.com" };
const claim = (owner: typeof ANA, at: Date) => (current: Parameters<typeof applyAction>[0]) =>
  applyAction(current, { kind: "claim", owner }, at);

function stores(name: string) {
  const blobs: ReturnType<typeof getStore> = server.open(name);
  return { blobs, leads: createBlobLeadStore(blobs), followUps: createFollowUpStore(jsonBlobsOver(blobs)) };
}

test("of two simultaneous claims exactly one wins; the other learns who holds the lead", async () => {
  for (let round = 0; round < 5; round += 1) {
    const { leads, followUps } = stores(`race-${round}`);
    await leads.create(leadRecord("a", "sent"), ["unclaimed/a"]);
    const at = new Date("2025-01-01T11:05:00.000Z");
    const [first, second] = await Promise.all([
      followUps.update("a", claim(ANA, at)),
      followUps.update("a", claim(BEN, at)),
    ]);
    expect([first.changed, second.changed].sort()).toEqual([false, true]);
    const winner = first.changed ? ANA : BEN;
    const loser = first.changed ? second : first;
    expect(loser.reason).toBe(`This lead is already claimed by ${winner.name}.`);
    expect((await followUps.get("a")).owner).toEqual(winner);
  }
});

test("a claim made while the lead is still being delivered survives every write of the lead", async () => {
  const consoleErrors = silenceConsole("error");
  const { leads, followUps } = stores("claim-then-deliver");
  await leads.create(leadRecord("a", "pending"));
  const at = new Date("2025-01-01T11:02:00.000Z");
  expect((await followUps.update("a", claim(ANA, at))).changed).toBe(true);
  await followUps.syncMarkers("a", await followUps.get("a"), "2025-01-01T11:00:00.000Z");
  // The retry job rewrites the lead record as it delivers it (a failure, then a success).
  await runRetryJobNow(leads, scriptedMailer([DOWN, DOWN, DOWN]), {
    now: () => new Date("2025-01-01T11:10:00Z"),
  });
  await runRetryJobNow(leads, scriptedMailer(), { now: () => new Date("2025-01-01T11:20:00Z") });
  await leads.update({ ...(await leads.get("a"))!, state: "sent" });
  expect((await leads.get("a"))?.state).toBe("sent");
  expect(await followUps.get("a")).toEqual({
    state: "claimed",
    owner: ANA,
    claimedAt: at.toISOString(),
    history: [{ at: at.toISOString(), kind: "claimed", by: ANA.name }],
  });
  // A repeated request for the same id writes the unclaimed marker again; the record stays the truth.
  expect(await leads.create(leadRecord("a", "pending"))).toBe("exists");
  expect((await followUps.get("a")).state).toBe("claimed");
  expect(consoleErrors.text()).toContain("[demo-request] sales e-mail not accepted");
});

test("markers follow the record: unclaimed while new, claimed while claimed, none once contacted", async () => {
  const { blobs, leads, followUps } = stores("markers");
  await leads.create(leadRecord("a", "sent"), ["unclaimed/a"]);
  const keys = async () =>
    (await blobs.list()).blobs
      .map((b) => b.key)
      .filter((k) => !k.startsWith("leads/") && !k.startsWith("pending/"));
  expect(await keys()).toEqual(["unclaimed/a"]);
  const since = "2025-01-01T11:00:00.000Z";
  const claimed = await followUps.update("a", claim(ANA, new Date("2025-01-01T11:05:00Z")));
  await followUps.syncMarkers("a", claimed.followUp, since);
  expect((await keys()).sort()).toEqual(["claimed/a", "followup/a"]);
  expect(await followUps.markerIds("claimed")).toEqual(["a"]);
  expect(await followUps.markerSince("claimed", "a")).toBe(since);
  const contacted = await followUps.update("a", (c) =>
    applyAction(c, { kind: "contacted" }, new Date("2025-01-01T12:00:00Z")),
  );
  await followUps.syncMarkers("a", contacted.followUp, since);
  expect(await keys()).toEqual(["followup/a"]);
  await leads.remove("a");
  expect(await keys()).toEqual([]);
});

test("what a claim or a reminder wrote while its lead was being erased is pruned by the retention job", async () => {
  const { blobs, leads, followUps } = stores("orphans");
  await leads.create(leadRecord("kept", "sent"), ["unclaimed/kept"]);
  await leads.create(leadRecord("erased", "sent"), ["unclaimed/erased"]);
  await leads.remove("erased");
  // A claim that read the lead just before the erasure writes after it.
  await followUps.update("erased", claim(ANA, new Date("2025-01-01T11:05:00Z")));
  await followUps.syncMarkers("erased", await followUps.get("erased"), "2025-01-01T11:00:00.000Z");
  // A lead on its way: its marker is written a moment before the lead.
  const now = new Date("2025-01-02T00:00:00.000Z");
  await followUps.markUnclaimed("arriving", new Date(now.getTime() - 1000).toISOString());
  const jsonBlobs = jsonBlobsOver(blobs);
  expect(await pruneOrphanFollowUps(jsonBlobs, new Set(await leads.ids()), now)).toBe(2);
  const left = (await blobs.list()).blobs
    .map((b) => b.key)
    .filter((k) => !k.startsWith("leads/") && !k.startsWith("pending/"));
  expect(left.sort()).toEqual(["unclaimed/arriving", "unclaimed/kept"]);
});

test("booking uid and inbox index entries left without their lead are pruned by the retention job", async () => {
  const { blobs, leads, followUps } = stores("index-orphans");
  await leads.create({ ...leadRecord("kept", "sent"), inboxKey: "k" });
  await followUps.indexBooking("bk-kept", "kept");
  // Written for a lead whose own write then failed, or whose erasure raced a booking.
  await followUps.indexBooking("bk-gone", "gone");
  const now = new Date("2025-01-02T00:00:00.000Z");
  const jsonBlobs = jsonBlobsOver(blobs);
  await jsonBlobs.setJSON("inboxes/k/gone", { since: "2025-01-01T00:00:00.000Z" });
  await jsonBlobs.setJSON("inboxes/k/arriving", { since: new Date(now.getTime() - 1000).toISOString() });
  const ids = new Set(await leads.ids());
  expect(await pruneOrphanFollowUps(jsonBlobs, ids, now)).toBe(1);
  expect(await pruneOrphanInboxEntries(jsonBlobs, ids, now)).toBe(1);
  expect(await followUps.leadOfBooking("bk-kept")).toBe("kept");
  expect(await followUps.leadOfBooking("bk-gone")).toBeUndefined();
  expect((await jsonBlobs.keys("inboxes/")).sort()).toEqual(["inboxes/k/arriving", "inboxes/k/kept"]);
});
