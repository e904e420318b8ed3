/**
 * @jest-environment node
 */
// The owner's commands read the local settings `npm start` reads (scripts/local/local-settings.mjs): `.env` in the
// folder they run from, the shell's variables winning; they say which zone they count in, and name an invalid
// setting once, with its shape and an example, never its value.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ownerCommand } from "../../helpers/owner-command";

jest.setTimeout(60_000);

let dir: string;
/** Runs `script` from a folder whose `.env` holds `dotEnv`, with its own local data. */
const runWith = (dotEnv: string, script: string, args: string[], env: Record<string, string> = {}) => {
  writeFileSync(join(dir, ".env"), dotEnv);
  return ownerCommand(script, args, { LOCAL_DATA_DIR: join(dir, "data"), ...env }, dir);
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "local-settings-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// A past week: what the summary shows does not depend on today.
const SUMMARY = ["--dry-run", "--week", "2026-W10"];

test("leads:summary counts in the zone of BUSINESS_HOURS set only in .env, and says so", async () => {
  const { code, stdout, stderr } = await runWith(
    'BUSINESS_HOURS="Mon-Fri 08:00-17:00 Australia/Perth"\n',
    "leads-summary.mjs",
    SUMMARY,
  );
  expect([code, stderr]).toEqual([
    0,
    expect.stringContaining("Counting in Australia/Perth (the team's business hours)"),
  ]);
  expect(stdout).toContain("Mon 2 Mar 2026 to Sun 8 Mar 2026 (Australia/Perth)");
});

test("a variable set in the shell wins over .env; without business hours the command counts in UTC", async () => {
  const shell = await runWith(
    "BUSINESS_HOURS=Mon-Fri 08:00-17:00 Australia/Perth\n",
    "leads-summary.mjs",
    SUMMARY,
    {
      BUSINESS_HOURS: "Mon-Fri 09:00-17:00 Europe/London",
    },
  );
  expect(shell.stderr).toContain("Counting in Europe/London (the team's business hours)");
  const none = await runWith("", "leads-summary.mjs", SUMMARY);
  expect(none.stderr).toContain("Counting in UTC (no business hours set)");
  expect(none.stdout).toContain("(UTC)");
});

test("a malformed SALES_TEAM in .env is named once, with its shape and an example, never its value (exit 2)", async () => {
  for (const [script, args] of [
    ["leads-report.mjs", []],
    ["leads-summary.mjs", ["--dry-run"]],
  ] as const) {
    const { code, stdout, stderr } = await runWith("SALES_TEAM=Ana Lopez ana-at-example\n", script, [
      ...args,
    ]);
    expect([script, code, stdout]).toEqual([script, 2, ""]);
    const named = stderr.split("\n").filter((line) => line.includes("SALES_TEAM is invalid"));
    expect(named).toEqual([
      'SETTINGS INVALID, add-on off: follow-up: SALES_TEAM is invalid: expected "Name <email>, ..." (distinct ' +
        'addresses, at most 50 members), e.g. SALES_TEAM="Ana Lopez <ana@example.com>, Ben Ng <ben@example.com>"',
    ]);
    expect(stderr).not.toContain("ana-at-example");
  }
});
