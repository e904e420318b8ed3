/**
 * @jest-environment node
 */
// The one batch loop (docs/decisions/0034-core-and-add-ons.md): a store action over many ids runs
// a batch at a time, and one id's failure never stops the others.
import { inBatches, mapInBatches } from "../../../netlify/lib/kit/jobs";

const ids = (n: number) => Array.from({ length: n }, (_, i) => `id${i}`);

test("never runs more than `size` actions at once, and runs each id once", async () => {
  let running = 0;
  let most = 0;
  const seen: string[] = [];
  await inBatches(
    ids(7),
    async (id) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 1));
      seen.push(id);
      running -= 1;
    },
    3,
  );
  expect(most).toBe(3);
  expect(seen.sort()).toEqual(ids(7).sort());
});

test("inBatches returns the ids whose action failed, in order, even one that threw at once", async () => {
  const failed = await inBatches(
    ids(5),
    (id) => {
      if (id === "id1") throw new Error("thrown before any promise");
      return id === "id3" ? Promise.reject(new Error("rejected")) : Promise.resolve();
    },
    2,
  );
  expect(failed).toEqual(["id1", "id3"]);
});

test("mapInBatches gives the values in the items' order and each failure with what it threw", async () => {
  const boom = new Error("store down");
  const { results, failed } = await mapInBatches(
    [1, 2, 3, 4, 5],
    async (n) => {
      if (n === 4) throw boom;
      await new Promise((resolve) => setTimeout(resolve, 6 - n));
      return n * 10;
    },
    2,
  );
  expect(results).toEqual([10, 20, 30, 50]);
  expect(failed).toEqual([{ item: 4, error: boom }]);
});
