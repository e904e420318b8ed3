/**
 * @jest-environment node
 */
// The retention rule and job (docs/decisions/0018-retention-and-erasure.md) with a simulated clock: a settled
// lead goes LEAD_RETENTION_DAYS after it settled, spam SPAM_RETENTION_DAYS after it arrived, a pending lead
// never.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import {
  isPastRetention,
  runRetention,
  type RetainedRecord,
  type RetentionStore,
} from "../../../../netlify/lib/add-ons/privacy/retention";
import { DEFAULT_RETENTION } from "../../../../netlify/lib/add-ons/privacy/settings";
import { partSetting, reportLines, settingsReport } from "../../../../netlify/lib/compose";
import type { Env } from "../../../../netlify/lib/kit/settings";
import { silenceConsole } from "../../../helpers/console";

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.parse("2025-01-01T00:00:00.000Z");
const at = (days: number) => new Date(T0 + days * DAY);
const iso = (days: number) => at(days).toISOString();

const sent = (id: string, settledDay: number): RetainedRecord => ({
  id,
  state: "sent",
  receivedAt: iso(settledDay),
  deliveries: { sales: { sentAt: iso(settledDay) } },
  settledAt: iso(settledDay),
});

afterEach(() => jest.restoreAllMocks());

describe("the rule", () => {
  const expiredIds = (records: RetainedRecord[], now: Date) =>
    records.filter((record) => isPastRetention(record, now, DEFAULT_RETENTION)).map((record) => record.id);
  const limits = DEFAULT_RETENTION;

  test("a settled lead is deleted 180 days after it settled, not a moment before", () => {
    const failed: RetainedRecord = { id: "f", state: "failed", receivedAt: iso(0), settledAt: iso(1) };
    expect(isPastRetention(sent("s", 0), new Date(at(180).getTime() - 1), limits)).toBe(false);
    expect(isPastRetention(sent("s", 0), at(180), limits)).toBe(true);
    // Counted from when it settled (a day after it arrived), not from its arrival.
    expect(isPastRetention(failed, at(180.5), limits)).toBe(false);
    expect(isPastRetention(failed, at(181), limits)).toBe(true);
  });

  test("a pending lead is never deleted, however old", () => {
    const pending: RetainedRecord = {
      id: "p",
      state: "pending",
      receivedAt: iso(0),
      deliveries: { sales: { lastAttemptAt: iso(0) } },
    };
    expect(isPastRetention(pending, at(10_000), limits)).toBe(false);
    fc.assert(
      fc.property(
        fc.integer({ min: -1e6, max: 1e6 }),
        fc.integer({ min: 1, max: 36_500 }),
        fc.integer({ min: 1, max: 36_500 }),
        (day, leadDays, spamDays) =>
          !isPastRetention({ ...pending, receivedAt: iso(day) }, at(day + 40_000), { leadDays, spamDays }),
      ),
    );
  });

  test("spam goes on its own limit, counted from arrival", () => {
    const spam: RetainedRecord = { id: "x", state: "spam", receivedAt: iso(0) };
    expect(isPastRetention(spam, at(29.9), limits)).toBe(false);
    expect(isPastRetention(spam, at(30), limits)).toBe(true);
    expect(isPastRetention(sent("s", 0), at(30), limits)).toBe(false);
    expect(isPastRetention(spam, at(30), { leadDays: 180, spamDays: 60 })).toBe(false);
    expect(isPastRetention(sent("s", 0), at(10), { leadDays: 10, spamDays: 60 })).toBe(true);
  });

  test("a settled lead without settledAt (its last write failed) counts from the latest time it holds", () => {
    const sentLate: RetainedRecord = {
      id: "a",
      state: "sent",
      receivedAt: iso(0),
      deliveries: { sales: { sentAt: iso(1) }, confirmation: { sentAt: iso(2) } },
    };
    const failed: RetainedRecord = {
      id: "b",
      state: "failed",
      receivedAt: iso(0),
      deliveries: { sales: { lastAttemptAt: iso(1) } },
    };
    const alerted: RetainedRecord = {
      id: "c",
      state: "unconfirmed",
      receivedAt: iso(0),
      alert: { at: iso(3) },
    };
    expect(expiredIds([sentLate, failed, alerted], at(181))).toEqual(["b"]);
    expect(expiredIds([sentLate, failed, alerted], at(183))).toEqual(["a", "b", "c"]);
  });

  test("a record in an unknown state or without a readable time is kept", () => {
    const odd: RetainedRecord[] = [
      { id: "u", state: "archived", receivedAt: iso(0) },
      { id: "t", state: "sent", receivedAt: "not a time", settledAt: "not a time either" },
      { id: "s", state: "spam", receivedAt: "" },
    ];
    expect(expiredIds(odd, at(100_000))).toEqual([]);
  });
});

describe("the limits, the privacy plugin's settings part", () => {
  const limits = (env: Env) => partSetting("retention", env);

  test("default to 180 and 30 days; unset or empty means the default", () => {
    expect(limits({})).toEqual({ state: "on", value: { leadDays: 180, spamDays: 30 } });
    expect(limits({ LEAD_RETENTION_DAYS: " ", SPAM_RETENTION_DAYS: "" })).toEqual({
      state: "on",
      value: { leadDays: 180, spamDays: 30 },
    });
    expect(limits({ LEAD_RETENTION_DAYS: "365", SPAM_RETENTION_DAYS: " 7 " })).toEqual({
      state: "on",
      value: { leadDays: 365, spamDays: 7 },
    });
  });

  test("a value that is not a whole number of days is refused, by name, not guessed", () => {
    for (const bad of ["0", "-5", "1.5", "six months", "1e9"]) {
      expect(limits({ LEAD_RETENTION_DAYS: bad })).toEqual({
        state: "invalid",
        problems: ["LEAD_RETENTION_DAYS must be a whole number of days from 1 to 36500"],
      });
    }
    expect(limits({ SPAM_RETENTION_DAYS: "30d" })).toEqual({
      state: "invalid",
      problems: ["SPAM_RETENTION_DAYS must be a whole number of days from 1 to 36500"],
    });
  });

  test("the build's report names the part, and an invalid one by its variable only", () => {
    expect(reportLines(settingsReport({}))).toContain("lead retention: on");
    expect(reportLines(settingsReport({ SPAM_RETENTION_DAYS: "30d" }))).toContain(
      "lead retention: off, invalid (SPAM_RETENTION_DAYS must be a whole number of days from 1 to 36500)",
    );
  });
});

/**
 * A store of `records` that records what was removed; reads of `unreadable` ids throw; `pending`
 * ids have a pending marker.
 */
function fakeStore(
  records: RetainedRecord[],
  faults: { unreadable?: string[]; undeletable?: string[]; pending?: string[] } = {},
) {
  const stored = new Map(records.map((r) => [r.id, r]));
  const store: RetentionStore & { stored: typeof stored; pending: Set<string> } = {
    stored,
    pending: new Set(faults.pending),
    ids: async () => [...stored.keys()],
    pendingIds: async () => [...store.pending],
    get: async (id) => {
      if (faults.unreadable?.includes(id)) throw new Error("unreadable");
      return stored.get(id) ?? null;
    },
    remove: async (id) => {
      if (faults.undeletable?.includes(id)) throw new Error("delete failed");
      stored.delete(id);
    },
  };
  return store;
}

describe("the job", () => {
  const records = (): RetainedRecord[] => [
    sent("old-sent", 0),
    { id: "old-failed", state: "failed", receivedAt: iso(0), settledAt: iso(1) },
    sent("recent-sent", 100),
    { id: "old-pending", state: "pending", receivedAt: iso(0) },
    { id: "old-spam", state: "spam", receivedAt: iso(150) },
    { id: "new-spam", state: "spam", receivedAt: iso(190) },
  ];

  test("deletes what is past its period and keeps the rest, on a simulated clock", async () => {
    const store = fakeStore(records());
    const run = await runRetention({ store, limits: DEFAULT_RETENTION, now: at(200) });
    expect(run).toEqual({ deleted: 3, kept: 3, unreadable: 0, undeleted: 0, malformed: 0 });
    expect([...store.stored.keys()].sort()).toEqual(["new-spam", "old-pending", "recent-sent"]);

    // 81 days on, the recent lead and the newer spam have passed their periods too.
    const later = await runRetention({ store, limits: DEFAULT_RETENTION, now: at(281) });
    expect(later).toEqual({ deleted: 2, kept: 1, unreadable: 0, undeleted: 0, malformed: 0 });
    expect([...store.stored.keys()]).toEqual(["old-pending"]);
  });

  test("a lead that still has a pending marker is kept, whatever its record says", async () => {
    // The sales e-mail went out 199 days ago, but the marker says the lead is not settled (its
    // alert or its last write may still be due): deleting it now could lose the lead.
    const store = fakeStore(records(), { pending: ["old-sent", "old-spam"] });
    const run = await runRetention({ store, limits: DEFAULT_RETENTION, now: at(200) });
    expect(run).toEqual({ deleted: 1, kept: 5, unreadable: 0, undeleted: 0, malformed: 0 });
    expect([...store.stored.keys()].sort()).toEqual([
      "new-spam",
      "old-pending",
      "old-sent",
      "old-spam",
      "recent-sent",
    ]);

    // Once the retry job has settled it and removed the marker, the next run deletes it.
    store.pending.clear();
    const next = await runRetention({ store, limits: DEFAULT_RETENTION, now: at(200) });
    expect(next).toEqual({ deleted: 2, kept: 3, unreadable: 0, undeleted: 0, malformed: 0 });
  });

  test("the limits it is given decide", async () => {
    const store = fakeStore(records());
    await runRetention({ store, limits: { leadDays: 365, spamDays: 45 }, now: at(200) });
    expect([...store.stored.keys()].sort()).toEqual([
      "new-spam",
      "old-failed",
      "old-pending",
      "old-sent",
      "recent-sent",
    ]);
  });

  test("a record it cannot read or delete is counted and logged by id; the rest are handled", async () => {
    const error = silenceConsole("error");
    const store = fakeStore(records(), { unreadable: ["old-sent"], undeletable: ["old-spam"] });
    const run = await runRetention({ store, limits: DEFAULT_RETENTION, now: at(200) });
    expect(run).toEqual({ deleted: 1, kept: 3, unreadable: 1, undeleted: 1, malformed: 0 });
    expect([...store.stored.keys()].sort()).toEqual([
      "new-spam",
      "old-pending",
      "old-sent",
      "old-spam",
      "recent-sent",
    ]);
    expect(error.mock.calls.join("\n")).toMatch(/"unreadable":"old-sent","undeleted":"old-spam"/);
  });

  test("reads at most 50 records at once", async () => {
    const many = Array.from({ length: 120 }, (_, i) => sent(`lead-${i}`, i % 2 === 0 ? 0 : 100));
    const store = fakeStore(many);
    let inFlight = 0;
    let most = 0;
    const get = store.get.bind(store);
    store.get = async (id) => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight -= 1;
      return get(id);
    };
    expect(await runRetention({ store, limits: DEFAULT_RETENTION, now: at(200) })).toMatchObject({
      deleted: 60,
    });
    expect(most).toBe(50);
  });
});

test("the privacy page states the default retention periods", () => {
  const page = readFileSync(join(__dirname, "..", "..", "..", "..", "content", "privacy.md"), "utf8");
  expect(page).toContain(`**${DEFAULT_RETENTION.leadDays} days** after it has been passed to our sales team`);
  expect(page).toContain(`**${DEFAULT_RETENTION.spamDays} days** after it arrived`);
});
