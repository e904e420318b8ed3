/**
 * @jest-environment node
 */
// Record-then-send for a message that goes out once (docs/decisions/0034-core-and-add-ons.md):
// nothing is sent unless recorded first, and only a send that failed for a while is undone.
import { recordThenSend } from "../../../netlify/lib/kit/jobs";

function steps(record: unknown, status: string) {
  const calls: string[] = [];
  return {
    calls,
    record: async () => {
      calls.push("record");
      return record as string | false | undefined;
    },
    send: async (recorded: string) => {
      calls.push(`send ${recorded}`);
      return { status };
    },
    undo: async (recorded: string) => {
      calls.push(`undo ${recorded}`);
    },
  };
}

test("records, then sends what was recorded, and keeps the record after a success", async () => {
  const s = steps("r1", "sent");
  expect(await recordThenSend(s)).toEqual({ status: "sent" });
  expect(s.calls).toEqual(["record", "send r1"]);
});

test("sends nothing when nothing was recorded (already recorded, no longer due, write failed)", async () => {
  for (const nothing of [undefined, false]) {
    const s = steps(nothing, "sent");
    expect(await recordThenSend(s)).toBeUndefined();
    expect(s.calls).toEqual(["record"]);
  }
});

test("a send that failed for a while is undone, so a later run sends it", async () => {
  const s = steps("r1", "retryable");
  expect(await recordThenSend(s)).toEqual({ status: "retryable" });
  expect(s.calls).toEqual(["record", "send r1", "undo r1"]);
});

test("a send refused for good stays recorded, and without undo a failed one does too", async () => {
  const refused = steps("r1", "permanent");
  await recordThenSend(refused);
  expect(refused.calls).toEqual(["record", "send r1"]);
  const noUndo = steps("r2", "retryable");
  expect(await recordThenSend({ record: noUndo.record, send: noUndo.send })).toEqual({ status: "retryable" });
  expect(noUndo.calls).toEqual(["record", "send r2"]);
});

test("a failed record write throws and sends nothing", async () => {
  const send = jest.fn();
  await expect(
    recordThenSend({ record: () => Promise.reject(new Error("store down")), send }),
  ).rejects.toThrow("store down");
  expect(send).not.toHaveBeenCalled();
});
