/**
 * @jest-environment node
 */
// Anyone could spend the day's confirmations with throwaway addresses: a bound per client (a keyed
// hash of its IP) stops one client at CONFIRMATION_CLIENT_DAILY_LIMIT, never a bound per e-mail
// domain; and the confirmation that reaches 80 % of the daily limit says so, once a day
// (docs/requirements.md#spam-defence, docs/decisions/0010-confirmation-limits.md).
import { createConfirmationLimits } from "../../../../netlify/lib/add-ons/confirmation/confirmation-limits";
import { clientKeyOf } from "../../../../netlify/lib/core/spam/spam";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";

const SECRET = "s".repeat(32);
let clock = new Date("2026-11-24T10:00:00.000Z");
const tick = () => (clock = new Date(clock.getTime() + 1000));

function limits(dailyLimit = 100, clientDailyLimit = 3) {
  const blobs = createMemoryBlobs();
  return {
    blobs,
    limits: createConfirmationLimits(blobs, { secret: SECRET, dailyLimit, clientDailyLimit, now: tick }),
  };
}

test("one client gets at most its daily number of confirmations, whatever the addresses; another client is not stopped", async () => {
  const { limits: bound } = limits();
  const alice = clientKeyOf("198.51.100.7", SECRET);
  const verdicts = [];
  for (let i = 0; i < 5; i++)
    verdicts.push(await bound.reserve(`throwaway${i}@mailinator.example`, `r${i}`, alice));
  expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false, false]);
  expect(verdicts[3]).toEqual({ allowed: false, reason: "client-limit" });
  expect(await bound.reserve("ops@bigmine.example", "r9", clientKeyOf("203.0.113.9", SECRET))).toEqual({
    allowed: true,
  });
});

test("a refused client's request does not count toward the day, and many people at one domain are never stopped by it", async () => {
  const { limits: bound, blobs } = limits(100, 1);
  const key = clientKeyOf("198.51.100.7", SECRET);
  await bound.reserve("a@corp.example", "r1", key);
  await bound.reserve("b@corp.example", "r2", key);
  expect([...blobs.entries.keys()].filter((k) => k.startsWith("daily/"))).toHaveLength(1);
  for (let i = 0; i < 10; i++) {
    const person = clientKeyOf(`192.0.2.${i}`, SECRET);
    expect((await bound.reserve(`person${i}@gmail.com`, `p${i}`, person)).allowed).toBe(true);
  }
});

test("the client key is a keyed hash: no IP is stored", async () => {
  const { limits: bound, blobs } = limits();
  await bound.reserve("a@corp.example", "r1", clientKeyOf("198.51.100.7", SECRET));
  expect(JSON.stringify([...blobs.entries.keys()])).not.toContain("198.51.100.7");
  expect(clientKeyOf("198.51.100.7", SECRET)).toMatch(/^[0-9a-f]{32}$/);
  expect(clientKeyOf("198.51.100.7", SECRET)).not.toBe(clientKeyOf("198.51.100.7", "t".repeat(32)));
});

test("the confirmation that reaches 80 % of the daily limit says so, once", async () => {
  const { limits: bound } = limits(10, 100);
  const verdicts = [];
  for (let i = 0; i < 10; i++) verdicts.push(await bound.reserve(`p${i}@example.com`, `r${i}`));
  const notes = verdicts.flatMap((v, i) => (v.allowed && v.nearDailyLimit ? [[i, v.nearDailyLimit]] : []));
  expect(notes).toEqual([[7, { used: 8, limit: 10 }]]);
});
