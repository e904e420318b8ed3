import { defineConfig, devices } from "@playwright/test";
import { cmsProjectCopy } from "./tests/e2e/support/cms-project-copy";

// gatsby develop on a shared 2-core machine takes minutes to start; it runs on its own port
// so it does not collide with `npm start` (E2E_PORT) or an editor's own `npm run cms` (8000).
const port = Number(process.env.CMS_SITE_PORT ?? 8005);

/**
 * The local editing test (docs/requirements.md#content-editing): `npm run cms` (decap-server +
 * gatsby develop) in a scratch copy of the project (tests/e2e/support/cms-copy-server.mjs, so a
 * test run leaves no trace, docs/requirements.md#lead-path-and-alerts: gatsby develop would
 * otherwise write into the build's public/ and the editor into content/), then
 * tests/e2e/cms-editor.spec.ts edits content through /admin/ in Debian's Chromium.
 * Run with `npm run test:cms`, which also checks that public/ and content/ are left untouched.
 */
export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "cms-editor.spec.ts",
  fullyParallel: false,
  workers: 1,
  // On CI a committed test.only fails the run, and a failed test gets one more try; a failed
  // attempt keeps its trace (test-results/, open with `npx playwright show-trace`).
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  timeout: 300_000,
  expect: { timeout: 30_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
    },
  },
  projects: [{ name: "cms", use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } } }],
  webServer: {
    command: "node tests/e2e/support/cms-copy-server.mjs",
    url: `http://localhost:${port}/admin/`,
    env: {
      CMS_SITE_PORT: String(port),
      CMS_PROJECT_COPY: cmsProjectCopy(),
      GATSBY_TELEMETRY_DISABLED: "1",
    },
    reuseExistingServer: false,
    timeout: 600_000,
    // SIGTERM lets the server stop gatsby develop and decap-server and remove the copy.
    gracefulShutdown: { signal: "SIGTERM", timeout: 30_000 },
    stdout: "pipe",
  },
});
