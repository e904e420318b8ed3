/**
 * @jest-environment node
 */
// The confirmation e-mail's bounds (docs/decisions/0010-confirmation-limits.md): at most one confirmation per
// address per 24 hours and at most CONFIRMATION_DAILY_LIMIT a day in total, with a simulated clock; addresses
// are stored only as a keyed hash.
import {
  ADDRESS_WINDOW_MS,
  confirmationAddressCounters,
  confirmationAddressKey,
  createConfirmationLimits,
  pruneConfirmationLimits,
} from "../../../../netlify/lib/add-ons/confirmation/confirmation-limits";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";

const SECRET = "a-test-secret-of-at-least-32-characters";
const START = Date.parse("2025-03-10T09:00:00.000Z");

function limitsAt(options: { dailyLimit?: number } = {}) {
  let time = START;
  const blobs = createMemoryBlobs();
  const limits = createConfirmationLimits(blobs, {
    secret: SECRET,
    dailyLimit: options.dailyLimit ?? 200,
    now: () => new Date(time),
  });
  return {
    blobs,
    limits,
    advance: (ms: number) => void (time += ms),
    setTime: (iso: string) => void (time = Date.parse(iso)),
  };
}

test("one confirmation per address per 24 hours, whatever the case and spacing of the address", async () => {
  const { limits, advance } = limitsAt();
  expect(await limits.reserve("Victim@Example.com", "r1")).toEqual({ allowed: true });
  advance(60_000);
  expect(await limits.reserve("victim@example.com", "r2")).toEqual({
    allowed: false,
    reason: "address-limit",
  });
  expect(await limits.reserve("  VICTIM@EXAMPLE.COM ", "r3")).toEqual({
    allowed: false,
    reason: "address-limit",
  });
  expect(await limits.reserve("someone.else@example.com", "r4")).toEqual({ allowed: true });
  advance(ADDRESS_WINDOW_MS - 60_001);
  expect((await limits.reserve("victim@example.com", "r5")).allowed).toBe(false);
  advance(1);
  expect(await limits.reserve("victim@example.com", "r6")).toEqual({ allowed: true });
  advance(1000);
  expect((await limits.reserve("victim@example.com", "r7")).allowed).toBe(false);
});

test("at most the daily limit per UTC day in total; the next day starts again", async () => {
  const { limits, advance, setTime } = limitsAt({ dailyLimit: 3 });
  for (const n of [1, 2, 3]) {
    // The third of three is 80 % or more of the limit: it says so (an alert goes to a person).
    const near = n === 3 ? { nearDailyLimit: { used: 3, limit: 3 } } : {};
    expect(await limits.reserve(`p${n}@example.com`, `r${n}`)).toEqual({ allowed: true, ...near });
    advance(1000);
  }
  expect(await limits.reserve("p4@example.com", "r4")).toEqual({ allowed: false, reason: "daily-limit" });
  setTime("2025-03-10T23:59:59.999Z");
  expect((await limits.reserve("p5@example.com", "r5")).allowed).toBe(false);
  setTime("2025-03-11T00:00:00.000Z");
  expect(await limits.reserve("p5@example.com", "r6")).toEqual({ allowed: true });
  // Refused earlier only by the daily bound, p4 has not had a confirmation: it may get one now.
  expect(await limits.reserve("p4@example.com", "r7")).toEqual({ allowed: true });
});

test("a request refused by the address bound does not use up the day's total", async () => {
  const { limits, advance } = limitsAt({ dailyLimit: 2 });
  expect((await limits.reserve("victim@example.com", "r1")).allowed).toBe(true);
  for (let i = 0; i < 5; i++) {
    advance(1000);
    expect((await limits.reserve("victim@example.com", `again${i}`)).allowed).toBe(false);
  }
  expect((await limits.reserve("prospect@example.com", "r2")).allowed).toBe(true);
  expect(await limits.reserve("third@example.com", "r3")).toEqual({ allowed: false, reason: "daily-limit" });
});

test("a daily limit of 0 allows none", async () => {
  const { limits } = limitsAt({ dailyLimit: 0 });
  expect(await limits.reserve("p@example.com", "r1")).toEqual({ allowed: false, reason: "daily-limit" });
});

test("ten concurrent requests naming one address reserve exactly one confirmation", async () => {
  const { limits } = limitsAt();
  const verdicts = await Promise.all(
    Array.from({ length: 10 }, (_, i) => limits.reserve("victim@example.com", `r${i}`)),
  );
  expect(verdicts.filter((v) => v.allowed)).toHaveLength(1);
});

test("concurrent requests at the daily boundary never exceed the limit", async () => {
  const { limits } = limitsAt({ dailyLimit: 5 });
  const verdicts = await Promise.all(
    Array.from({ length: 12 }, (_, i) => limits.reserve(`p${i}@example.com`, `r${i}`)),
  );
  expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
});

test("a listing that never holds the request's own key fails like an unreachable store, leaving no slot", async () => {
  const { blobs, limits } = limitsAt({ dailyLimit: 1_000_000 });
  blobs.keys = () => Promise.resolve([]);
  await expect(limits.reserve("p@example.com", "r1")).rejects.toThrow(/left out this request/);
  expect([...blobs.entries.keys()].filter((key) => key.startsWith("daily/"))).toEqual([]);
});

test("the store holds a keyed hash of the address, never the address", async () => {
  const { limits, blobs } = limitsAt();
  await limits.reserve("Jane.Doe@Acme-Mining.com", "r1");
  const keys = [...blobs.entries.keys()];
  const stored = JSON.stringify([...blobs.entries]);
  expect(stored.toLowerCase()).not.toContain("jane");
  expect(stored.toLowerCase()).not.toContain("acme");
  expect(keys).toContain(confirmationAddressKey("jane.doe@acme-mining.com", SECRET));
});

test("confirmationAddressKey: lower-cased, trimmed, keyed by the secret", () => {
  const key = confirmationAddressKey("Jane@Example.com", SECRET);
  expect(key).toMatch(/^address\/[0-9a-f]{64}$/);
  expect(confirmationAddressKey(" jane@example.COM ", SECRET)).toBe(key);
  expect(confirmationAddressKey("jane@example.com", `${SECRET}-other`)).not.toBe(key);
  expect(confirmationAddressKey("john@example.com", SECRET)).not.toBe(key);
});

test("erasure removes an address's entry, found through the secret, and nothing else", async () => {
  const { limits, blobs } = limitsAt();
  await limits.reserve("jane@example.com", "r1");
  await limits.reserve("john@example.com", "r2");
  const counters = confirmationAddressCounters(blobs, SECRET);
  expect(await counters.remove("JANE@example.com")).toBe(1);
  expect(await counters.remove("jane@example.com")).toBe(0);
  expect(blobs.entries.has(confirmationAddressKey("john@example.com", SECRET))).toBe(true);
  // The erased address may get a confirmation again; the other is still bounded.
  expect((await limits.reserve("jane@example.com", "r3")).allowed).toBe(true);
  expect((await limits.reserve("john@example.com", "r4")).allowed).toBe(false);
  await expect(confirmationAddressCounters(blobs, undefined).remove("jane@example.com")).rejects.toThrow(
    /form secret/,
  );
});

test("pruning keeps only what the bounds still need: today's keys and addresses of the last 24 hours", async () => {
  const { limits, blobs, setTime } = limitsAt();
  setTime("2025-03-09T10:00:00.000Z");
  await limits.reserve("old@example.com", "r1");
  setTime("2025-03-10T08:00:00.000Z");
  await limits.reserve("recent@example.com", "r2");
  const now = new Date("2025-03-10T12:00:00.000Z");
  expect(await pruneConfirmationLimits(blobs, now)).toBe(2); // yesterday's day key, old's address
  expect([...blobs.entries.keys()].sort()).toEqual(
    [
      confirmationAddressKey("recent@example.com", SECRET),
      "daily/2025-03-10/2025-03-10T08:00:00.000Z-r2",
    ].sort(),
  );
  setTime(now.toISOString());
  expect((await limits.reserve("recent@example.com", "r3")).allowed).toBe(false);
  expect((await limits.reserve("old@example.com", "r4")).allowed).toBe(true);
});

test("one inbox is one address: sub-addresses (+tag) and Gmail's dots and googlemail.com share the bound", async () => {
  const { limits, advance } = limitsAt();
  expect(await limits.reserve("victim@gmail.com", "r1")).toEqual({ allowed: true });
  for (const alias of [
    "victim+you-won-5000@gmail.com",
    "v.i.c.t.i.m@gmail.com",
    "Vic.Tim+x@GoogleMail.com",
  ]) {
    advance(1000);
    expect(await limits.reserve(alias, alias)).toEqual({ allowed: false, reason: "address-limit" });
  }
  expect(await limits.reserve("jane+sales@acme.example", "r2")).toEqual({ allowed: true });
  expect((await limits.reserve("jane@acme.example", "r3")).allowed).toBe(false);
  // Dots matter outside Gmail: another person.
  expect((await limits.reserve("j.ane@acme.example", "r4")).allowed).toBe(true);
  expect(confirmationAddressKey("v.ictim+a@gmail.com", SECRET)).toBe(
    confirmationAddressKey("victim@gmail.com", SECRET),
  );
});
