import { defineConfig, devices } from "@playwright/test";
import { E2E_FOLLOW_UP } from "./tests/e2e/support/follow-up-env";
import { E2E_SPEED_TO_LEAD } from "./tests/e2e/support/speed-to-lead-env";

const port = Number(process.env.E2E_PORT ?? 8899);

/** Browser tests run in Debian's Chromium against the real `npm start` server (built public/ + Netlify emulation). */
export default defineConfig({
  testDir: "tests/e2e",
  // The CMS editing test needs gatsby develop + decap-server: playwright.cms.config.ts (npm run test:cms).
  testIgnore: "**/cms-editor.spec.ts",
  fullyParallel: false,
  workers: 1,
  // On CI a committed test.only fails the run, and a failed test gets one more try; a failed
  // attempt keeps its trace (test-results/, open with `npx playwright show-trace`).
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "node scripts/start.mjs",
    url: `http://localhost:${port}/`,
    // Every spec posts from this one loopback IP, far past the function's 10 a minute; the limit
    // itself is tested against a server of its own (tests/e2e/rate-limit.spec.ts).
    env: {
      PORT: String(port),
      GATSBY_TELEMETRY_DISABLED: "1",
      RATE_LIMIT: "off",
      // The specs run the scheduled jobs themselves, at the moment they choose.
      LOCAL_SCHEDULER: "off",
      ...E2E_SPEED_TO_LEAD,
      ...E2E_FOLLOW_UP,
    },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "pipe",
  },
});
