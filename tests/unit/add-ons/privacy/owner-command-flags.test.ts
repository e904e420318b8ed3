/**
 * @jest-environment node
 */
// The owner's personal-data commands take `--dry-run` and `--exact` (docs/decisions/0018-retention-and-erasure.md),
// name them in their usage, and still refuse a bad address with exit code 2 before they open any store.
import { ownerCommand as command } from "../../../helpers/owner-command";

jest.setTimeout(60_000);

test.each([
  [["--dry-run", "jane@"], '"jane@" is not a valid e-mail address.'],
  [["jane@", "--exact"], '"jane@" is not a valid e-mail address.'],
  [["--dry-run", "--exact"], "No e-mail address given."],
  [["--exact", "--dry-run", "a@acme.com", "b@acme.com"], "One address at a time; got 2."],
])("leads:erase %j: the flags are known, the address still checked first (exit 2)", async (args, message) => {
  const { code, stdout, stderr } = await command("leads-erase.mjs", args);
  expect(code).toBe(2);
  expect(stderr).toContain(message);
  expect(stderr).toContain("Usage: npm run leads:erase -- <email> [--dry-run] [--exact]");
  expect(stderr).toMatch(/--dry-run .*erase nothing/);
  expect(stderr).toMatch(/--exact .*as typed/);
  expect(stdout).toBe("");
});

test.each([
  [["--id", "not-an-id"], '"not-an-id" is not a request id.'],
  [
    ["--id", "2b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d", "jane@acme.com"],
    "--id takes no address and no --exact.",
  ],
  [["--id", "2b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d", "--exact"], "--id takes no address and no --exact."],
])("leads:erase %j: erasure by id takes a request id alone (exit 2)", async (args, message) => {
  const { code, stdout, stderr } = await command("leads-erase.mjs", args);
  expect(code).toBe(2);
  expect(stderr).toContain(message);
  expect(stderr).toContain("or: npm run leads:erase -- --id <request id> [--dry-run]");
  expect(stdout).toBe("");
});

const NO_TERMINAL =
  "--crm asks on the terminal before a CRM deletes anything, and there is no terminal here.";

test.each([
  [
    ["jane@acme.com", "--crm", "--dry-run"],
    "--crm takes no --dry-run: a dry run names each CRM copy without it.",
  ],
  [["--id", "2b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d", "--dry-run", "--crm"], "--crm takes no --dry-run"],
  [["jane@acme.com", "--yes"], "--yes answers --crm's question; it goes with --crm only."],
  [["jane@acme.com", "--crm"], NO_TERMINAL],
  [["--id", "2b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d", "--crm"], NO_TERMINAL],
])(
  "leads:erase %j: --crm asks on a terminal, never in a dry run; else exit 2, nothing done",
  async (args, message) => {
    const { code, stdout, stderr } = await command("leads-erase.mjs", args);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(stderr).toContain("Usage: npm run leads:erase -- <email> [--dry-run] [--exact] [--crm [--yes]]");
    expect(stderr).toMatch(/--crm .*by the id stored with the request/);
    expect(stdout).toBe("");
  },
);

test.each([
  [["--exact", "--email", "not-an-address"], '"not-an-address" is not a valid e-mail address.'],
  [["--exact"], "--exact needs --email <address>."],
  [["--exact", "out.csv"], "--exact needs --email <address>."],
])("leads:export %j: exit 2, the reason and the usage naming --exact", async (args, message) => {
  const { code, stdout, stderr } = await command("leads-export.mjs", args);
  expect(code).toBe(2);
  expect(stderr).toContain(message);
  expect(stderr).toContain("Usage: npm run leads:export [-- [--email <address> [--exact]] [file.csv]]");
  expect(stdout).toBe("");
});

test("leads:report and leads:export refuse a day that does not exist or malformed business hours (exit 2)", async () => {
  const since = await command("leads-report.mjs", ["--since", "2026-02-30"]);
  expect(since.code).toBe(2);
  expect(since.stderr).toContain('--since wants a day as YYYY-MM-DD; got "2026-02-30".');
  for (const script of ["leads-report.mjs", "leads-export.mjs"]) {
    const hours = await command(script, [], { BUSINESS_HOURS: "weekdays 9 to 5" });
    expect([script, hours.code]).toEqual([script, 2]);
    expect(hours.stderr).toContain("BUSINESS_HOURS is invalid");
    expect(hours.stdout).toBe("");
  }
});
