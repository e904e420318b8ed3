/**
 * @jest-environment node
 */
// Company match's columns of the leads export (docs/decisions/0050-company-match.md, 0045-privacy-hooks.md):
// `returning` when an earlier lead came from the same inbox, `relatedLeads` for the others sharing the inbox or
// the company's domain, computed from the exported leads; a lead held as spam neither counts nor is counted.
import { PLUGINS } from "../../../../netlify/lib/compose";
import { exportCsv } from "../../../../netlify/lib/add-ons/privacy/leads-csv";
import { newLead } from "../../../../netlify/lib/core/leads/lead-record";
import { VALID } from "../../../helpers/function-harness";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";

const at = (day: number) => new Date(Date.UTC(2026, 2, day, 1));
const lead = (id: string, email: string, day: number, held = false) => ({
  ...newLead(id, { ...VALID, email }, at(day), {
    ...(held ? { verdict: { kind: "spam", reason: "honeypot" }, honeypot: "x" } : {}),
  }),
  ...(held ? {} : { state: "sent" as const }),
});

test("returning by inbox, related by inbox or company domain; free mail groups by inbox only; held leads left out", async () => {
  const records = [
    lead("jane-1", "jane@acme-mining.com", 1),
    lead("jane-2", "Jane@Acme-Mining.com", 5),
    lead("ben", "ben@mail.acme-mining.com", 3),
    lead("bot", "bot@acme-mining.com", 4, true),
    lead("kim-1", "kim@gmail.com", 2),
    lead("kim-2", "kim@gmail.com", 6),
    lead("lee", "lee@gmail.com", 7),
  ];
  const csv = await exportCsv(records, createMemoryBlobs(), PLUGINS);
  const [header, ...lines] = csv
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(","));
  const cells = (id: string) => {
    const line = lines.find((l) => l[0] === `"${id}"`)!;
    return [line[header.indexOf('"returning"')], line[header.indexOf('"relatedLeads"')]];
  };
  expect(header.slice(-2)).toEqual(['"returning"', '"relatedLeads"']);
  expect(Object.fromEntries(records.map((r) => [r.id, cells(r.id)]))).toEqual({
    "jane-1": ['"false"', '"2"'],
    "jane-2": ['"true"', '"2"'],
    ben: ['"false"', '"2"'],
    bot: ['""', '""'],
    "kim-1": ['"false"', '"1"'],
    "kim-2": ['"true"', '"1"'],
    lee: ['"false"', '"0"'],
  });
});
