/**
 * @jest-environment node
 */
// The Blobs-backed stores against @netlify/blobs' own local server (the one `@netlify/dev` runs):
// the lead store (docs/decisions/0019-lead-path.md; key layout `leads/<id>` + `pending/<id>`, create's three
// answers, the operations the retry job, the export and retention use), and the confirmation
// limits (docs/decisions/0010-confirmation-limits.md) on the real store's conditional writes and listing.
import { getStore } from "@netlify/blobs";
import { createConfirmationLimits } from "../../../../netlify/lib/add-ons/confirmation/confirmation-limits";
import { createBlobLeadStore } from "../../../../netlify/lib/core/leads/lead-store";
import { startBlobsServer, type TestBlobsServer } from "../../../helpers/blobs-server";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";
import { leadRecord, VALID } from "../../../helpers/function-harness";
import { newLead } from "../../../../netlify/lib/core/leads/lead-record";
import { applyAction } from "../../../../netlify/lib/add-ons/follow-up/follow-up-record";
import { createFollowUpStore } from "../../../../netlify/lib/add-ons/follow-up/follow-up-store";
import { jsonBlobsOver } from "../../../../netlify/lib/kit/json-blobs";
import { LIMITS_STORE_NAME } from "../../../../netlify/lib/kit/storage";
import { erasureStore } from "../../../../netlify/lib/add-ons/privacy/lead-erasure";
import { PLUGINS } from "../../../../netlify/lib/compose";

let server: TestBlobsServer;
let open: TestBlobsServer["open"];

beforeAll(async () => {
  server = await startBlobsServer();
  open = server.open;
});
afterAll(() => server.close());

const keysOf = async (blobs: ReturnType<typeof getStore>) =>
  (await blobs.list()).blobs.map((blob) => blob.key).sort();

// The add-ons' markers (here follow-up's) are written with the lead, before it.
const unclaimed = (id: string) => [`unclaimed/${id}`];

test("create writes the pending marker, the add-ons' markers and the lead under their prefixes; a repeated id is 'exists'", async () => {
  const blobs = open("layout");
  const leads = createBlobLeadStore(blobs);
  expect(await leads.create(leadRecord("a", "pending"), unclaimed("a"))).toBe("created");
  expect(await leads.create(leadRecord("b", "pending"), unclaimed("b"))).toBe("created");
  expect(await leads.create({ ...leadRecord("a", "pending"), receivedAt: "2025-02-01T00:00:00.000Z" })).toBe(
    "exists",
  );
  expect(await keysOf(blobs)).toEqual([
    "leads/a",
    "leads/b",
    "pending/a",
    "pending/b",
    "unclaimed/a",
    "unclaimed/b",
  ]);
  expect(await leads.get("a")).toEqual(leadRecord("a", "pending"));
  expect((await leads.ids()).sort()).toEqual(["a", "b"]);
  expect((await leads.pendingIds()).sort()).toEqual(["a", "b"]);
});

test("a honeypot (spam) lead gets the same markers as any lead, so its writes tell nothing", async () => {
  const blobs = open("spam-layout");
  const leads = createBlobLeadStore(blobs);
  const spam = newLead("s", { ...VALID }, new Date("2025-01-01T11:00:00.000Z"), {
    verdict: { kind: "spam", reason: "honeypot field filled" },
  });
  expect(await leads.create(spam, unclaimed("s"))).toBe("created");
  expect(await keysOf(blobs)).toEqual(["leads/s", "pending/s", "unclaimed/s"]);
});

test("settle removes only the marker; remove deletes the lead, its marker and its follow-up record and markers", async () => {
  const blobs = open("settle");
  const leads = createBlobLeadStore(blobs);
  await leads.create(leadRecord("a", "pending"), unclaimed("a"));
  await leads.create(leadRecord("b", "pending"), unclaimed("b"));
  await blobs.setJSON("followup/b", { state: "claimed" });
  await blobs.setJSON("claimed/b", { since: "2025-01-01T11:00:00.000Z" });
  expect(await leads.pendingSince("a")).toBe("2025-01-01T11:00:00.000Z");
  await leads.update({ ...leadRecord("a", "sent") });
  await leads.settle("a");
  expect(await leads.pendingSince("a")).toBeNull();
  expect(await leads.pendingIds()).toEqual(["b"]);
  expect((await leads.get("a"))?.state).toBe("sent");
  await leads.remove("b");
  expect(await keysOf(blobs)).toEqual(["leads/a", "unclaimed/a"]);
  expect(await leads.get("b")).toBeNull();
});

test.each([
  ["Blobs", () => createBlobLeadStore(open("requeue"))],
  ["memory", () => createMemoryLeadStore()],
])(
  "requeue on the %s store marks the lead pending and replaces it only while its etag holds",
  async (_, make) => {
    const leads = make();
    await leads.create(leadRecord("a", "sent"));
    await leads.settle("a");
    const read = (await leads.getWithEtag("a"))!;
    // A write between the read and the requeue: the requeue loses.
    await leads.update({ ...read.lead, request: { ...read.lead.request, message: "changed meanwhile" } });
    const since = "2025-01-03T09:00:00.000Z";
    const by = (name: string) => ({ ...leadRecord("a", "pending"), released: { at: since, by: name } });
    expect(await leads.requeue(by("Ana"), read.etag!, since)).toBe("changed");
    expect(await leads.get("a")).toMatchObject({ state: "sent", request: { message: "changed meanwhile" } });
    // Two callers with the same etag: one wins.
    const fresh = (await leads.getWithEtag("a"))!;
    const [ana, ben] = await Promise.all([
      leads.requeue(by("Ana"), fresh.etag!, since),
      leads.requeue(by("Ben"), fresh.etag!, since),
    ]);
    expect([ana, ben].sort()).toEqual(["changed", "replaced"]);
    expect(await leads.get("a")).toEqual(by(ana === "replaced" ? "Ana" : "Ben"));
    expect(await leads.pendingSince("a")).toBe(since);
  },
);

test("the inbox index: a lead with an inboxKey is listed under it; erasure deletes the entry and the lead's booking uid entries", async () => {
  const blobs = open("inbox-index");
  const leads = createBlobLeadStore(blobs);
  await leads.create({ ...leadRecord("a", "pending"), inboxKey: "k1" });
  await leads.create({ ...leadRecord("b", "pending"), inboxKey: "k1" });
  await leads.create({ ...leadRecord("c", "pending"), inboxKey: "k2" });
  expect((await leads.idsFromInbox("k1")).sort()).toEqual(["a", "b"]);
  expect(await leads.idsFromInbox("k3")).toEqual([]);
  const followUps = createFollowUpStore(jsonBlobsOver(blobs));
  await followUps.indexBooking("bk-1", "a");
  await followUps.update("a", (c) =>
    applyAction(c, { kind: "booked", booking: { uid: "bk-1", via: "reference" } }, new Date()),
  );
  expect(await followUps.leadOfBooking("bk-1")).toBe("a");
  await erasureStore(leads, jsonBlobsOver(blobs), PLUGINS).remove("a");
  expect(await leads.idsFromInbox("k1")).toEqual(["b"]);
  expect(await followUps.leadOfBooking("bk-1")).toBeUndefined();
  expect((await keysOf(blobs)).filter((key) => key.includes("/a"))).toEqual([]);
});

test("a store that cannot be reached: create answers 'unavailable' and never throws", async () => {
  const unreachable = getStore({
    name: "down",
    siteID: "test",
    token: "t",
    edgeURL: "http://127.0.0.1:9",
    uncachedEdgeURL: "http://127.0.0.1:9",
  });
  expect(await createBlobLeadStore(unreachable).create(leadRecord("a", "pending"))).toBe("unavailable");
});

test("confirmation limits on Blobs: one per address a day, the daily bound, no address in clear", async () => {
  const blobs = open(LIMITS_STORE_NAME);
  let time = Date.parse("2025-01-01T10:00:00.000Z");
  const limits = createConfirmationLimits(jsonBlobsOver(blobs), {
    secret: "a-test-secret-of-at-least-32-characters",
    dailyLimit: 2,
    now: () => new Date(time),
  });
  expect(await limits.reserve("Victim@Example.com", "r1")).toEqual({ allowed: true });
  expect(await limits.reserve("victim@example.com", "r2")).toEqual({
    allowed: false,
    reason: "address-limit",
  });
  expect(await limits.reserve("other@example.com", "r3")).toEqual({
    allowed: true,
    nearDailyLimit: { used: 2, limit: 2 },
  });
  expect(await limits.reserve("third@example.com", "r4")).toEqual({ allowed: false, reason: "daily-limit" });
  time += 24 * 60 * 60 * 1000;
  // An expired address entry is replaced through its etag (a conditional write).
  expect(await limits.reserve("victim@example.com", "r5")).toEqual({ allowed: true });
  const { blobs: stored } = await blobs.list();
  expect(stored.map((b) => b.key).join(" ")).not.toMatch(/@|victim|example/i);
  expect(stored.filter((b) => b.key.startsWith("address/"))).toHaveLength(2);
  expect(stored.filter((b) => b.key.startsWith("daily/2025-01-01/"))).toHaveLength(2);
});
