/**
 * The follow-up's owner commands against the running `npm start` (docs/requirements.md#follow-up):
 * `npm run leads:follow-up` runs the scheduled check now through that server, and
 * `npm run leads:report` reads its store and counts a lead claimed from its sales e-mail's link.
 * (When reminders fall due is tested on a simulated clock: tests/unit/add-ons/follow-up/follow-up-job.test.ts.)
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { claimLinkFor, rosterKey } from "./support/claim-page";
import { sendDemoRequest } from "./support/demo-request-form";
import { E2E_SALES_TEAM } from "./support/follow-up-env";
import { uniqueProspect } from "./support/mail-sink";

const run = promisify(execFile);
test.describe.configure({ timeout: 120_000 });

/** The report's overall row, from `leads:report -- --csv`, by column name. */
async function overallReport(): Promise<Record<string, string>> {
  const { stdout } = await run(process.execPath, ["scripts/leads-report.mjs", "--csv"], { timeout: 60_000 });
  const [header, ...rows] = stdout
    .trimEnd()
    .split("\r\n")
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map(([, value]) => value.replace(/""/g, '"')));
  const overall = rows.find((cells) => cells[0] === "overall" && cells[1] === "all");
  expect(overall, stdout).toBeDefined();
  return Object.fromEntries(header.map((name, i) => [name, overall![i]]));
}

test("leads:follow-up runs the check through the running server; leads:report counts the claim", async ({
  page,
  request,
}) => {
  const before = await overallReport();
  const prospect = uniqueProspect();
  await sendDemoRequest(page, prospect);
  const link = await claimLinkFor(request, prospect["Work Email"]);

  const check = await run(process.execPath, ["scripts/leads-follow-up.mjs"], { timeout: 60_000 });
  expect(check.stdout).toMatch(/^leads:follow-up via http:\/\/localhost:\d+: 200 \{"checked":\d+,/m);
  const counts = JSON.parse(check.stdout.slice(check.stdout.indexOf("{"))) as { checked: number };
  expect(counts.checked).toBeGreaterThanOrEqual(1);

  const claimed = await request.post(link.toString(), {
    form: { action: "claim", owner: await rosterKey(request, link, E2E_SALES_TEAM[0].name) },
    headers: { origin: link.origin },
    maxRedirects: 0,
  });
  expect(claimed.status()).toBe(303);

  const after = await overallReport();
  expect(Number(after.leads)).toBe(Number(before.leads) + 1);
  expect(Number(after.claimed)).toBe(Number(before.claimed) + 1);
  expect(after.medianMinutesToClaim).toMatch(/^\d+(\.\d+)?$/);

  const table = await run(process.execPath, ["scripts/leads-report.mjs"], { timeout: 60_000 });
  expect(table.stdout).toContain("Follow-up report from the local store");
  expect(table.stdout).toMatch(/^overall\s+all\s+all\s+\d+/m);
});

test("leads:report refuses a malformed --since with exit code 2 and its usage", async () => {
  const failed = await run(process.execPath, ["scripts/leads-report.mjs", "--since", "last week"]).catch(
    (error: { code: number; stderr: string }) => error,
  );
  expect("code" in failed && failed.code).toBe(2);
  expect("stderr" in failed && failed.stderr).toContain("--since wants a day as YYYY-MM-DD");
  expect("stderr" in failed && failed.stderr).toContain("Usage: npm run leads:report");
});
