/**
 * @jest-environment node
 */
// The owner's personal-data commands refuse bad arguments with a clear message and exit code 2, before
// they open any store: a malformed address never starts an erasure or an export.
import { ownerCommand as command } from "../../../helpers/owner-command";

jest.setTimeout(60_000);

test.each([
  [["jane@"], '"jane@" is not a valid e-mail address.'],
  [["jane@acme.com, bob@acme.com"], "is not a valid e-mail address."],
  [[], "No e-mail address given."],
  [["a@acme.com", "b@acme.com"], "One address at a time; got 2."],
  [["--all"], "Unknown option '--all'"],
])("leads:erase %j: exit 2, the reason and the usage, nothing erased", async (args, message) => {
  const { code, stdout, stderr } = await command("leads-erase.mjs", args);
  expect(code).toBe(2);
  expect(stderr).toContain(message);
  expect(stderr).toContain("Usage: npm run leads:erase -- <email>");
  expect(stdout).toBe("");
});

test.each([
  [["--email", "not-an-address"], '"not-an-address" is not a valid e-mail address.'],
  [["--email"], "argument missing"],
  [["--emails", "a@acme.com"], "Unknown option '--emails'"],
  [["one.csv", "two.csv"], "One output file at most; got 2."],
])("leads:export %j: exit 2, the reason and the usage, nothing written", async (args, message) => {
  const { code, stdout, stderr } = await command("leads-export.mjs", args);
  expect(code).toBe(2);
  expect(stderr).toContain(message);
  expect(stderr).toContain("Usage: npm run leads:export");
  expect(stdout).toBe("");
});

test("leads:retention against a deployed site needs both limits set as the site has them", async () => {
  const site = { NETLIFY_SITE_ID: "site-id", NETLIFY_AUTH_TOKEN: "not-a-token" };
  const none = await command("leads-retention.mjs", [], site);
  expect(none.code).toBe(2);
  expect(none.stderr).toContain("set LEAD_RETENTION_DAYS and SPAM_RETENTION_DAYS as the site has them");

  const malformed = await command("leads-retention.mjs", [], {
    ...site,
    LEAD_RETENTION_DAYS: "180",
    SPAM_RETENTION_DAYS: "thirty",
  });
  expect(malformed.code).toBe(2);
  expect(malformed.stderr).toContain("SPAM_RETENTION_DAYS must be a whole number of days from 1 to 36500");
});
