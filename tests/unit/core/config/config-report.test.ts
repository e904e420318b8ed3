/**
 * @jest-environment node
 */
// The build's settings report, scripts/config-report.mjs (docs/decisions/0034-core-and-add-ons.md): each
// add-on is judged on its own, so an invalid one is named and fails the build even when the build cannot see
// the core's variables; a value is never printed.
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const root = join(__dirname, "..", "..", "..", "..");

/** Runs the report with only `env` (no core variable unless given): its exit code and what it printed. */
function report(env: Record<string, string>) {
  const run = spawnSync(process.execPath, [join(root, "scripts", "config-report.mjs")], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    encoding: "utf8",
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

test("without the core's variables, invalid add-ons are still named and fail the build", () => {
  const { status, output } = report({
    SALES_TEAM: `Ana Lopez <ana@example.com>, ${"(".repeat(9_000)}`,
    SLACK_USER_MAP: "U024BE7LH:ana@example.com",
    BOOKING_URL: "https://cal.example/ana",
  });
  expect(output).toContain("core: not configured (SENDGRID_API_KEY is missing: expected a SendGrid API key");
  expect(output).toContain(
    'follow-up: off, invalid (SALES_TEAM is invalid: expected "Name <email>, ..." (distinct addresses, at most 50 members), e.g. SALES_TEAM="Ana Lopez <ana@example.com>, Ben Ng <ben@example.com>")',
  );
  expect(output).toContain("Slack buttons: off, invalid (SLACK_USER_MAP is invalid: expected");
  expect(output).toContain("booking link: on");
  expect(output).not.toMatch(/\(\(|U024BE7LH|cal\.example/);
  expect(status).toBe(1);
});

test("without the core's variables and with valid add-ons the build goes on", () => {
  const { status, output } = report({ SALES_TEAM: "Ana Lopez <ana@example.com>" });
  expect(output).toContain("follow-up: on");
  expect(status).toBe(0);
});
