/**
 * @jest-environment node
 */
// The prunes of the daily retention run (netlify/lib/add-ons/privacy/retention.ts,
// docs/decisions/0018-retention-and-erasure.md, docs/decisions/0034-core-and-add-ons.md): each
// deletes what the rule of the entries it covers (netlify/lib/kit/storage.ts) says is over and
// keeps the rest; one that fails does not stop the others; the scheduled function runs them all.
import handler from "../../../../netlify/functions/lead-retention.mts";
import { retentionPrunes, runPrunes } from "../../../../netlify/lib/add-ons/privacy/retention";
import type { Prune, PruneTargets } from "../../../../netlify/lib/core/plugin";
import { PLUGINS } from "../../../../netlify/lib/compose";
import { silenceConsole } from "../../../helpers/console";
import {
  LEAD_STORE_NAME,
  LIMITS_STORE_NAME,
  STORAGE,
  type StorageEntry,
} from "../../../../netlify/lib/kit/storage";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";
import { startBlobsServer } from "../../../helpers/blobs-server";
import { restoreEnvAfterEach } from "../../../helpers/env";

/** A key of `entry` for lead `id` on `day`, its other parts filled in from the id. */
const sampleKey = (entry: StorageEntry, id: string, day: string) =>
  entry.prefix +
  entry.key
    .replaceAll("<lead id>", id)
    .replace("<YYYY-MM-DD>", day)
    .replace(/<[^>]+>/g, `part-${id}`);

/** A value over by every rule at `now` (an erased lead's, two days old, expired), and one that is not. */
function values(now: Date) {
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
  return {
    over: {
      since: hoursAgo(48),
      at: hoursAgo(48),
      reservedAt: hoursAgo(48),
      expiresAt: hoursAgo(1),
      leadId: "gone",
    },
    kept: {
      since: hoursAgo(0),
      at: hoursAgo(0),
      reservedAt: hoursAgo(0),
      expiresAt: hoursAgo(-1),
      leadId: "live",
    },
  };
}

const covered = (prunes: readonly Prune[]) =>
  prunes.flatMap((prune) => prune.covers.map((name) => ({ name, entry: STORAGE[name] })));

test("each prune deletes what its entries' rule says is over and keeps the rest", async () => {
  const now = new Date("2025-06-02T12:00:00.000Z");
  const { over, kept } = values(now);
  const stores = { [LEAD_STORE_NAME]: createMemoryBlobs(), [LIMITS_STORE_NAME]: createMemoryBlobs() };
  const samples = [];
  const prunes = await retentionPrunes(PLUGINS);
  for (const { name, entry } of covered(prunes)) {
    const sample = {
      name,
      gone: sampleKey(entry, "gone", "2025-06-01"),
      stays: sampleKey(entry, "live", "2025-06-02"),
    };
    await stores[entry.store].setJSON(sample.gone, over);
    await stores[entry.store].setJSON(sample.stays, kept);
    samples.push({ ...sample, store: stores[entry.store] });
  }
  const counts = await runPrunes(
    {
      leads: stores[LEAD_STORE_NAME],
      limits: stores[LIMITS_STORE_NAME],
      leadIds: async () => new Set(["live"]),
      now,
    },
    prunes,
  );
  expect(Object.keys(counts)).toEqual(prunes.map((prune) => prune.what));
  for (const { name, gone, stays, store } of samples) {
    const left = [...store.entries.keys()].filter((key) => key === gone || key === stays);
    expect({ name, left }).toEqual({ name, left: [stays] });
  }
});

test("a prune that fails is logged by what it prunes and the next one still runs", async () => {
  const error = silenceConsole("error");
  try {
    const prunes: Prune[] = [
      { what: "broken things", covers: [], run: async () => Promise.reject(new TypeError("store down")) },
      { what: "fine things", covers: [], run: async () => 3 },
    ];
    const targets: PruneTargets = {
      leads: createMemoryBlobs(),
      limits: createMemoryBlobs(),
      leadIds: async () => new Set(),
      now: new Date(),
    };
    expect(await runPrunes(targets, prunes)).toEqual({ "broken things": "failed", "fine things": 3 });
    expect(error.mock.calls.join("\n")).toBe(
      '[demo-request] broken things not pruned; the next run tries again {"reason":"TypeError"}',
    );
  } finally {
    error.mockRestore();
  }
});

describe("the scheduled function lead-retention", () => {
  restoreEnvAfterEach();

  test("runs every prune of the plan, also a plugin's that is off: stored data outlives its setting", async () => {
    const server = await startBlobsServer();
    const log = jest.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      process.env.NETLIFY_BLOBS_CONTEXT = server.context;
      // Confirmation off, follow-up not set up: their limits and records left from before still go.
      process.env.CONFIRMATION_EMAIL = "off";
      delete process.env.SALES_TEAM;
      const { over } = values(new Date());
      const gone = covered(await retentionPrunes(PLUGINS)).map(({ entry }) => ({
        store: entry.store,
        key: sampleKey(entry, "gone", new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10)),
      }));
      for (const { store, key } of gone) await server.open(store).setJSON(key, over);
      expect((await handler()).status).toBe(200);
      const left = [];
      for (const name of [LEAD_STORE_NAME, LIMITS_STORE_NAME]) {
        left.push(...(await server.open(name).list()).blobs.map((blob) => blob.key));
      }
      expect(left).toEqual([]);
    } finally {
      log.mockRestore();
      server.close();
    }
  });
});
