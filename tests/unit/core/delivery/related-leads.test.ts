/**
 * @jest-environment node
 */
// Related leads (docs/decisions/0050-company-match.md): what the claim page names of a lead's earlier requests,
// asked through the core so that follow-up imports no add-on; the first add-on's wins, and one failing or
// slower than the lead lines' second is left out and logged.
import { relatedLeadsOf, type AddOn, type RelatedLeads } from "../../../../netlify/lib/core/add-on";
import { leadRecord, TEST_CONFIG } from "../../../helpers/function-harness";
import { silenceConsole } from "../../../helpers/console";

const NOW = new Date("2025-01-01T11:00:05.000Z");
const lead = leadRecord("3f1e2d3c-4b5a-4c6d-8e7f-9a0b1c2d3e4f", "pending");
const context = { config: TEST_CONFIG, now: () => NOW };
const found = (lines: string[]): RelatedLeads => ({ lines, leads: [], more: 0 });
const related = (name: string, answer: AddOn["relatedLeads"]): AddOn => ({ name, relatedLeads: answer });

test("the first add-on that names related leads answers, with the team's zone", async () => {
  const zones: string[] = [];
  const answer = await relatedLeadsOf(
    [
      { name: "hours", timeZone: () => "Australia/Perth" },
      related("first", async (_lead, { zone }) => (zones.push(zone), found(["first"]))),
      related("second", async () => found(["second"])),
    ],
    lead,
    context,
  );
  expect(answer?.lines).toEqual(["first"]);
  expect(zones).toEqual(["Australia/Perth"]);
  expect(await relatedLeadsOf([{ name: "none" }], lead, context)).toBeUndefined();
});

test("an add-on whose related leads fail or take too long gives none, logged", async () => {
  const errors = silenceConsole("error");
  expect(
    await relatedLeadsOf([related("failing", () => Promise.reject(new Error("down")))], lead, context),
  ).toBeUndefined();
  const never = new Promise<RelatedLeads>(() => undefined);
  expect(await relatedLeadsOf([related("slow", () => never)], lead, context)).toBeUndefined();
  expect(errors.lines().filter((line) => line.includes("related leads left out"))).toHaveLength(2);
  errors.mockRestore();
});
