/**
 * The dead-tap probe of `npm run bench` (issue 17): on a throttled phone, how long the header's menu
 * button is on screen before a tap on it first opens the menu. A tap in between is a dead tap: the
 * visitor sees the button and nothing happens.
 *
 * Method, per page and network profile, one fresh browser context per run (empty cache):
 * Debian Chromium through Playwright with a phone screen (412 x 823, touch), CPU slowed 4x and the
 * network throttled by Chromium's own emulation (the profiles below). A script added before the
 * page's own checks every animation frame whether the button and the menu are visible and records
 * the page-clock time of the first frame for each. As soon as the button is reported visible, the
 * probe taps its centre, again and again, until the menu shows. The figure is
 * `menu first shown - button first visible` in the page's clock; 0 when the first tap opened it.
 * The probe's own reaction time (polling and dispatching a tap, a few ms) is included, so the
 * figure has a small floor even when the first tap works.
 */
import { chromium } from "@playwright/test";
import { CHROME_FLAGS } from "./bench-lighthouse.mjs";

/**
 * Network profiles: slow 3G as issue 17 states it (400 ms, 500 kbit/s) and Lighthouse's mobile
 * "slow 4G" (150 ms, 1.6 Mbit/s down, 750 kbit/s up). Latency is per request, throughput in
 * bytes per second (Chromium's units).
 */
export const NETWORK_PROFILES = {
  "slow 3G": { latency: 400, downloadThroughput: 500_000 / 8, uploadThroughput: 500_000 / 8 },
  "slow 4G": { latency: 150, downloadThroughput: 1_638_400 / 8, uploadThroughput: 750_000 / 8 },
};
export const CPU_SLOWDOWN = 4;
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

/** The header's menu button and the menu it opens (src/components/layout/mobile-menu.tsx). */
export const MENU_BUTTON = 'header button[popovertarget="mobile-menu"]';
export const MENU = "#mobile-menu";

/**
 * Runs in the page before its own scripts: records, in `window.__deadTap`, the page-clock time of
 * the first animation frame where the button is visible (`visibleAt`, with its centre `x`, `y`) and
 * where the menu is (`openAt`). Serialised into the page, so it may use only browser globals.
 */
function watchMenu([buttonSelector, menuSelector]) {
  const state = { visibleAt: null, openAt: null, x: 0, y: 0 };
  window.__deadTap = state;
  const shown = (el) =>
    el !== null && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const frame = () => {
    const button = document.querySelector(buttonSelector);
    if (state.visibleAt === null && shown(button)) {
      const box = button.getBoundingClientRect();
      Object.assign(state, {
        visibleAt: performance.now(),
        x: box.x + box.width / 2,
        y: box.y + box.height / 2,
      });
    }
    if (state.visibleAt !== null && shown(document.querySelector(menuSelector)))
      state.openAt = performance.now();
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/**
 * One run: a fresh context, the page loaded under the profile, taps until the menu opens.
 * @returns {Promise<{ visibleMs: number, openMs: number, deadTapMs: number, taps: number }>} page
 *   clock (ms since navigation start); deadTapMs = openMs - visibleMs, at least 0
 * @throws when the button never shows or the menu never opens within `timeoutMs`
 */
async function probeOnce(browser, url, profile, timeoutMs) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, ...profile });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.addInitScript(watchMenu, [MENU_BUTTON, MENU]);
    await page.goto(url, { waitUntil: "commit" });
    const deadline = Date.now() + timeoutMs;
    let taps = 0;
    while (Date.now() < deadline) {
      const state = await page.evaluate(() => window.__deadTap);
      if (state?.openAt != null) {
        const deadTapMs = Math.max(0, state.openAt - state.visibleAt);
        return { visibleMs: state.visibleAt, openMs: state.openAt, deadTapMs, taps };
      }
      if (state?.visibleAt != null) {
        await page.touchscreen.tap(state.x, state.y);
        taps += 1;
      } else await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`the menu did not open within ${timeoutMs / 1000} s`);
  } finally {
    await context.close();
  }
}

/** Median of numbers (mean of the middle two for an even count); null for none. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The probe over pages and profiles.
 * @param {{ urls: { label: string, url: string }[], runs?: number, chromePath?: string,
 *   timeoutMs?: number }} options runs per page and profile (default 5), each figure the median;
 *   timeoutMs bounds one run (60 s)
 * @returns {Promise<{ label: string, profile: string, runs: number, visibleMs: number, openMs: number,
 *   deadTapMs: number, maxDeadTapMs: number } | { label: string, profile: string, error: string }>[]}
 */
export async function runDeadTapProbe({
  urls,
  runs = 5,
  chromePath = "/usr/bin/chromium",
  timeoutMs = 60_000,
}) {
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: CHROME_FLAGS.filter((f) => f !== "--headless"),
  });
  const results = [];
  try {
    for (const { label, url } of urls) {
      for (const [profileName, profile] of Object.entries(NETWORK_PROFILES)) {
        try {
          const figures = [];
          for (let run = 0; run < runs; run += 1)
            figures.push(await probeOnce(browser, url, profile, timeoutMs));
          const pick = (key) => Math.round(median(figures.map((f) => f[key])));
          results.push({
            label,
            profile: profileName,
            runs,
            visibleMs: pick("visibleMs"),
            openMs: pick("openMs"),
            deadTapMs: pick("deadTapMs"),
            maxDeadTapMs: Math.round(Math.max(...figures.map((f) => f.deadTapMs))),
          });
        } catch (error) {
          results.push({
            label,
            profile: profileName,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}
