/**
 * @jest-environment node
 */
// The follow-up record's history and hand-over (docs/requirements.md#sales-tools,
// docs/decisions/0029-lead-follow-up.md): every change adds who did what and when; a record written
// before the history was kept tells its story from its times; a claimed lead can change hands; a closed lead
// can be reopened (docs/decisions/0041-reopening-a-lead.md).
import {
  applyAction,
  CLOSE_REASONS,
  followUpSchema,
  MAX_HISTORY,
  NEW_FOLLOW_UP,
  timelineOf,
  type FollowUp,
  type FollowUpAction,
} from "../../../../netlify/lib/add-ons/follow-up/follow-up-record";
import { firstTouchAt, keptAt } from "../../../../netlify/lib/core/follow-up-hooks";
import { dueReminders } from "../../../../netlify/lib/add-ons/follow-up/follow-up-job";
import type { StaffMember } from "../../../../netlify/lib/add-ons/follow-up/follow-up-record";

const ANA = { name: "Ana Smith", email: "ana@example.com" };
const BEN = { name: "Ben Lee", email: "ben@example.com" };
const at = (minutes: number) => new Date(Date.parse("2026-11-24T01:00:00.000Z") + minutes * 60_000);
const iso = (minutes: number) => at(minutes).toISOString();

/** `actions` applied in turn, a minute apart; fails the test on a refusal. */
function run(actions: FollowUpAction[], start: FollowUp = NEW_FOLLOW_UP): FollowUp {
  return actions.reduce((followUp, action, i) => {
    const result = applyAction(followUp, action, at(i + 1));
    if (!result.ok) throw new Error(result.reason);
    return result.followUp;
  }, start);
}

test("each change adds a line naming who did it: claim, hand-over, contact, close", () => {
  const followUp = run([
    { kind: "claim", owner: ANA },
    { kind: "hand-over", to: BEN },
    { kind: "contacted" },
    { kind: "close", reason: "demo held" },
  ]);
  expect(followUp).toMatchObject({
    state: "closed",
    owner: BEN,
    claimedAt: iso(1),
    closedReason: "demo held",
  });
  expect(followUp.history).toEqual([
    { at: iso(1), kind: "claimed", by: "Ana Smith" },
    { at: iso(2), kind: "handed-over", from: "Ana Smith", to: "Ben Lee" },
    // On the page an action is the owner's; a Slack click names its clicker.
    { at: iso(3), kind: "contacted", by: "Ben Lee" },
    { at: iso(4), kind: "closed", reason: "demo held", by: "Ben Lee" },
  ]);
  expect(
    run([
      { kind: "claim", owner: ANA },
      { kind: "contacted", by: "ben.lee" },
    ]).history?.[1],
  ).toEqual({
    at: iso(2),
    kind: "contacted",
    by: "ben.lee",
  });
});

test("bookings are lines too: booked (unconfirmed when matched by inbox), moved, confirmed, cancelled", () => {
  const followUp = run([
    { kind: "booked", booking: { uid: "a", via: "email", startTime: "2026-11-26T01:00:00.000Z" } },
    {
      kind: "booked",
      booking: { uid: "b", via: "email", startTime: "2026-11-27T01:00:00.000Z" },
      replaces: "a",
    },
    { kind: "claim", owner: ANA },
    { kind: "confirm-booking", uid: "b" },
    { kind: "booking-cancelled", uid: "b" },
  ]);
  expect(followUp.history).toEqual([
    { at: iso(1), kind: "booked", startTime: "2026-11-26T01:00:00.000Z", confirmed: false },
    { at: iso(2), kind: "booking-moved", startTime: "2026-11-27T01:00:00.000Z", confirmed: false },
    { at: iso(3), kind: "claimed", by: "Ana Smith" },
    { at: iso(4), kind: "booking-confirmed", startTime: "2026-11-27T01:00:00.000Z", by: "Ana Smith" },
    { at: iso(5), kind: "booking-cancelled", startTime: "2026-11-27T01:00:00.000Z" },
  ]);
});

test("a record written before the history was kept starts it from its times, then adds the new line", () => {
  const old: FollowUp = { state: "claimed", owner: ANA, claimedAt: iso(0) };
  expect(timelineOf(old)).toEqual([{ at: iso(0), kind: "claimed", by: "Ana Smith" }]);
  const result = applyAction(old, { kind: "contacted" }, at(9));
  expect(result.ok && result.followUp.history).toEqual([
    { at: iso(0), kind: "claimed", by: "Ana Smith" },
    { at: iso(9), kind: "contacted", by: "Ana Smith" },
  ]);
});

test("a refused action adds nothing, and the history keeps its last lines only", () => {
  const claimed = run([{ kind: "claim", owner: ANA }]);
  expect(applyAction(claimed, { kind: "claim", owner: BEN }, at(5))).toEqual({
    ok: false,
    reason: "This lead is already claimed by Ana Smith.",
  });
  let followUp = claimed;
  for (let i = 0; i < MAX_HISTORY + 5; i += 1) {
    const result = applyAction(followUp, { kind: "hand-over", to: i % 2 ? ANA : BEN }, at(10 + i));
    if (!result.ok) throw new Error(result.reason);
    followUp = result.followUp;
  }
  expect(followUp.history).toHaveLength(MAX_HISTORY);
  expect(followUp.history?.at(-1)).toMatchObject({ at: iso(10 + MAX_HISTORY + 4) });
});

test("a hand-over needs a lead someone holds, and another person", () => {
  const refusal = (followUp: FollowUp, to: StaffMember = BEN) => {
    const result = applyAction(followUp, { kind: "hand-over", to }, at(5));
    return result.ok ? "changed" : result.reason;
  };
  expect(refusal(NEW_FOLLOW_UP)).toBe("Claim this lead before handing it over.");
  const booked = run([{ kind: "booked", booking: { uid: "a", via: "reference" } }]);
  expect(refusal(booked)).toBe("Claim this lead before handing it over.");
  const claimed = run([{ kind: "claim", owner: ANA }]);
  expect(refusal(claimed, { name: "Ana S.", email: "ANA@example.com" })).toBe(
    "This lead is already held by Ana Smith.",
  );
  expect(refusal({ state: "claimed", owner: { name: "Ana Smith" } }, { name: "Ana Smith" })).toBe(
    "This lead is already held by Ana Smith.",
  );
  expect(refusal(run([{ kind: "close", reason: "duplicate" }], claimed))).toBe(
    "This lead is closed (duplicate).",
  );
  // Contacted and booked leads change hands too; the state stays.
  const contacted = run([{ kind: "contacted" }], claimed);
  const handed = applyAction(contacted, { kind: "hand-over", to: BEN }, at(9));
  expect(handed.ok && handed.followUp).toMatchObject({ state: "contacted", owner: BEN });
});

test("the timeline adds the reminders the follow-up job sent, in time order", () => {
  const followUp: FollowUp = {
    ...run([{ kind: "claim", owner: ANA }]),
    reminders: { nudge: iso(0.5), "promise-at-risk": iso(20 * 60) },
  };
  expect(timelineOf(followUp).map((entry) => [entry.kind, entry.at])).toEqual([
    ["reminder", iso(0.5)],
    ["claimed", iso(1)],
    ["reminder", iso(20 * 60)],
  ]);
});

test("a stranger rescheduling a booking again and again cannot push what the team did out of the history", () => {
  let followUp = run([{ kind: "claim", owner: ANA }]);
  for (let i = 0; i < MAX_HISTORY + 5; i += 1) {
    const booking = { uid: `u${i}`, via: "reference" as const, startTime: iso(1000 + i) };
    const result = applyAction(
      followUp,
      { kind: "booked", booking, replaces: i ? `u${i - 1}` : undefined },
      at(10 + i),
    );
    if (!result.ok) throw new Error(result.reason);
    followUp = result.followUp;
  }
  expect(followUp.history).toHaveLength(MAX_HISTORY);
  expect(followUp.history?.[0]).toMatchObject({ kind: "claimed", by: "Ana Smith" });
  expect(followUp.history?.at(-1)).toMatchObject({ kind: "booking-moved", at: iso(10 + MAX_HISTORY + 4) });
});

test("a closed lead reopens to the state its record tells, whatever the reason it was closed for", () => {
  const claimed = run([{ kind: "claim", owner: ANA }]);
  const contacted = run([{ kind: "contacted" }], claimed);
  const booked = run([{ kind: "booked", booking: { uid: "a", via: "reference" } }], contacted);
  const unconfirmed = run([{ kind: "booked", booking: { uid: "b", via: "email" } }], claimed);
  const cases: [FollowUp, FollowUp["state"]][] = [
    [NEW_FOLLOW_UP, "new"],
    [claimed, "claimed"],
    [contacted, "contacted"],
    [booked, "booked"],
    // A booking matched by inbox only and never confirmed books nothing.
    [unconfirmed, "claimed"],
  ];
  for (const [before, state] of cases) {
    for (const reason of CLOSE_REASONS) {
      const closed = run([{ kind: "close", reason }], before);
      const result = applyAction(closed, { kind: "reopen", by: BEN }, at(60));
      if (!result.ok) throw new Error(result.reason);
      expect([reason, result.followUp.state]).toEqual([reason, state]);
      expect(result.followUp).not.toHaveProperty("closedAt");
      expect(result.followUp).not.toHaveProperty("closedReason");
      // Who held it and when it was claimed, contacted or booked stay; the nudge clock restarts.
      const { closedAt: _at, closedReason: _reason, history: _history, ...kept } = closed;
      expect(result.followUp).toMatchObject({ ...kept, state, clockFrom: iso(60) });
    }
  }
});

test("reopening is a line of the history, and the close it undoes stays there", () => {
  const followUp = run([
    { kind: "claim", owner: ANA },
    { kind: "close", reason: "spam" },
    { kind: "reopen", by: BEN },
    { kind: "contacted" },
  ]);
  expect(followUp.history).toEqual([
    { at: iso(1), kind: "claimed", by: "Ana Smith" },
    { at: iso(2), kind: "closed", reason: "spam", by: "Ana Smith" },
    { at: iso(3), kind: "reopened", by: "Ben Lee" },
    { at: iso(4), kind: "contacted", by: "Ana Smith" },
  ]);
  expect(followUp).toMatchObject({ state: "contacted", owner: ANA });
  // A record written before the history was kept keeps its close too.
  const old: FollowUp = { state: "closed", closedAt: iso(0), closedReason: "duplicate" };
  const result = applyAction(old, { kind: "reopen", by: ANA }, at(9));
  expect(result.ok && result.followUp.history).toEqual([
    { at: iso(0), kind: "closed", reason: "duplicate" },
    { at: iso(9), kind: "reopened", by: "Ana Smith" },
  ]);
});

test("only a closed lead reopens, and reminders already sent are not sent again", () => {
  for (const open of [NEW_FOLLOW_UP, run([{ kind: "claim", owner: ANA }])]) {
    expect(applyAction(open, { kind: "reopen", by: BEN }, at(5))).toEqual({
      ok: false,
      reason: "This lead is not closed.",
    });
  }
  const reminded: FollowUp = { ...NEW_FOLLOW_UP, reminders: { nudge: iso(0.5) } };
  const followUp = run(
    [
      { kind: "close", reason: "not a fit" },
      { kind: "reopen", by: ANA },
    ],
    reminded,
  );
  expect(followUp.reminders).toEqual({ nudge: iso(0.5) });
});

test("closing and reopening cannot keep the promise nor count as a first touch; a later close counts when it happens", () => {
  // Closed a minute after arrival by mistake, reopened, then nothing for two days.
  const reopened = run([
    { kind: "close", reason: "spam" },
    { kind: "reopen", by: ANA },
  ]);
  expect(keptAt(reopened)).toBeUndefined();
  expect(firstTouchAt(reopened)).toBeUndefined();
  const closedLate = applyAction(reopened, { kind: "close", reason: "not a fit" }, at(48 * 60));
  expect(closedLate.ok && keptAt(closedLate.followUp)).toBe(iso(48 * 60));
  // A real contact before the close still keeps the promise when it was kept.
  const contacted = run([
    { kind: "claim", owner: ANA },
    { kind: "contacted" },
    { kind: "close", reason: "demo held" },
    { kind: "reopen", by: BEN },
  ]);
  expect([firstTouchAt(contacted), keptAt(contacted)]).toEqual([iso(1), iso(2)]);
});

test("after a reopen the nudge and escalation count from the reopen, the 24-hour promise from arrival", () => {
  const lead = { receivedAt: iso(0), state: "sent" as const };
  const settings = { nudgeMinutes: 15, escalateMinutes: 60 };
  const reopened = run([
    { kind: "close", reason: "spam" },
    { kind: "reopen", by: ANA },
  ]);
  // Closed a minute after arrival, reopened a minute later: nothing for 15 minutes, then the nudge, then the escalation.
  const due = (minutes: number, followUp = reopened) => dueReminders(lead, followUp, at(minutes), settings);
  expect(due(2 + 14)).toEqual([]);
  expect(due(2 + 15)).toEqual(["nudge"]);
  expect(due(2 + 60)).toEqual(["nudge", "escalation"]);
  expect(due(20 * 60)).toEqual(["nudge", "escalation", "promise-at-risk"]);
  // A closed lead needs nothing.
  expect(due(20 * 60, run([{ kind: "close", reason: "spam" }]))).toEqual([]);
});

test("every follow-up record today's code writes parses unchanged, an old single booking too", () => {
  const at = (minutes: number) => new Date(Date.parse("2026-11-24T10:00:00.000Z") + minutes * 60_000);
  const ana: StaffMember = { name: "Ana Smith", email: "ana@example.com", slackUserId: "U1" };
  const booking = { uid: "b1", startTime: "2026-11-30T09:00:00.000Z", via: "email" as const };
  const actions: FollowUpAction[] = [
    { kind: "claim", owner: ana },
    { kind: "hand-over", to: { name: "Ben Lee" } },
    { kind: "booked", booking },
    { kind: "confirm-booking", uid: "b1" },
    { kind: "booking-cancelled", uid: "b1" },
    { kind: "contacted", by: "Ben Lee" },
    { kind: "close", reason: "pilot agreed" },
    { kind: "reopen", by: ana },
  ];
  let followUp: FollowUp = { ...NEW_FOLLOW_UP, reminders: { nudge: at(0).toISOString() } };
  const written: FollowUp[] = [];
  actions.forEach((action, i) => {
    const result = applyAction(followUp, action, at(i + 1));
    if (!result.ok) throw new Error(result.reason);
    written.push((followUp = result.followUp));
  });
  const legacy = {
    state: "booked",
    bookedAt: at(0).toISOString(),
    booking: { ...booking, via: "reference" },
  };
  for (const record of [NEW_FOLLOW_UP, ...written, legacy])
    expect(followUpSchema.parse(record)).toEqual(record);
});

test("a record that is not a follow-up record fails its schema", () => {
  for (const record of [{ state: "claimd" }, { state: "claimed", owner: "Ana" }, "new", null]) {
    expect(followUpSchema.safeParse(record).success).toBe(false);
  }
});
