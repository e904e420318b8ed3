/**
 * @jest-environment node
 */
// The Blobs-backed stores of issue 4 against @netlify/blobs' own local server (the one
// `@netlify/dev` runs): lead ids are listed without the job's settled-ids blob, and the
// settled ids round-trip, with anything unexpected in that blob read as "none saved"; the
// confirmation limits of issue 13 work on the real store's conditional writes and listing.
import {
  blobLimitsStore,
  createConfirmationLimits,
  LIMITS_STORE_NAME,
} from "../../../netlify/lib/confirmation-limits";
import { createBlobLeadStore, LEAD_STORE_NAME, type LeadRecord } from "../../../netlify/lib/lead-store";
import { createBlobSettledLeadIds, SETTLED_STORE_NAME } from "../../../netlify/lib/settled-leads";
import { startBlobsServer, type TestBlobsServer } from "../../helpers/blobs-server";
import { VALID } from "../../helpers/function-harness";

let server: TestBlobsServer;
let open: TestBlobsServer["open"];

beforeAll(async () => {
  server = await startBlobsServer();
  open = server.open;
});
afterAll(() => server.close());

const record = (id: string): LeadRecord => ({
  id,
  request: { ...VALID },
  receivedAt: "2025-01-01T00:00:00.000Z",
  state: "sent",
  attempts: 1,
  confirmationSent: true,
});

test("lead ids are listed, and the settled ids (another store) are not among them", async () => {
  const leads = createBlobLeadStore(open(LEAD_STORE_NAME));
  const settled = createBlobSettledLeadIds(open(SETTLED_STORE_NAME));
  expect(await leads.create(record("a"))).toBe(true);
  expect(await leads.create(record("b"))).toBe(true);
  expect(await leads.create(record("a"))).toBe(false);
  await settled.save(new Set(["a"]));
  expect((await leads.ids()).sort()).toEqual(["a", "b"]);
  expect(await leads.get("b")).toEqual(record("b"));
});

test("settled ids round-trip; a missing or malformed blob reads as none saved", async () => {
  const blobs = open(`${SETTLED_STORE_NAME}-roundtrip`);
  const settled = createBlobSettledLeadIds(blobs);
  expect(await settled.load()).toEqual(new Set());
  await settled.save(new Set(["x", "y"]));
  expect(await settled.load()).toEqual(new Set(["x", "y"]));
  await blobs.setJSON("settled-ids", { not: "an array" });
  expect(await settled.load()).toEqual(new Set());
  await blobs.setJSON("settled-ids", ["ok", 7, null]);
  expect(await settled.load()).toEqual(new Set(["ok"]));
});

test("confirmation limits on Blobs: one per address a day, the daily bound, no address in clear", async () => {
  const blobs = open(LIMITS_STORE_NAME);
  let time = Date.parse("2025-01-01T10:00:00.000Z");
  const limits = createConfirmationLimits(blobLimitsStore(blobs), {
    secret: "a-test-secret-of-at-least-32-characters",
    dailyLimit: 2,
    now: () => new Date(time),
  });
  expect(await limits.reserve("Victim@Example.com", "r1")).toEqual({ allowed: true });
  expect(await limits.reserve("victim@example.com", "r2")).toEqual({
    allowed: false,
    reason: "address-limit",
  });
  expect(await limits.reserve("other@example.com", "r3")).toEqual({ allowed: true });
  expect(await limits.reserve("third@example.com", "r4")).toEqual({ allowed: false, reason: "daily-limit" });
  time += 24 * 60 * 60 * 1000;
  // An expired address entry is replaced through its etag (a conditional write).
  expect(await limits.reserve("victim@example.com", "r5")).toEqual({ allowed: true });
  const { blobs: stored } = await blobs.list();
  expect(stored.map((b) => b.key).join(" ")).not.toMatch(/@|victim|example/i);
  expect(stored.filter((b) => b.key.startsWith("address/"))).toHaveLength(2);
  expect(stored.filter((b) => b.key.startsWith("daily/2025-01-01/"))).toHaveLength(2);
});
