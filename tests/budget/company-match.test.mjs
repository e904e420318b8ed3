// The company match's read budget (docs/decisions/0050-company-match.md): with 10,000 stored leads at one company,
// a match lists at most 2 indexes and reads at most 20 leads (each with its follow-up view), counting the rest.
// The bench shows the same at 100 and 10,000 leads (scripts/bench/company-match.mjs).
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { MATCH_BUDGET, runCompanyMatchBench } from "../../scripts/bench/company-match.mjs";

const root = join(import.meta.dirname, "..", "..");

test("with 10,000 stored leads, a match reads at most 2 index entries and at most 20 leads", async () => {
  const { runs } = await runCompanyMatchBench({ root, counts: [10_000] });
  const [run] = runs;
  assert.deepEqual(MATCH_BUDGET, { indexLists: 2, leadReads: 20 });
  assert.ok(run.indexLists <= 2, `${run.indexLists} index lists`);
  assert.ok(run.leadReads <= 20, `${run.leadReads} lead reads`);
  assert.ok(run.followUpReads <= 20, `${run.followUpReads} follow-up reads`);
  // Bounded, not blind: the match still reads as many as it may, and counts the rest.
  assert.equal(run.related, 20);
  assert.equal(run.more, 10_001 - 20);
});
