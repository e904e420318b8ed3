/**
 * The dead-tap probe of `npm run bench` (issue 17): on a throttled phone, how long the header's menu
 * button is on screen before a tap on it first opens the menu. Every tap in between is a dead tap:
 * the visitor sees the button and nothing happens.
 *
 * Method, per page and network profile: Debian Chromium through Playwright with a phone screen
 * (412 x 823, touch), CPU slowed 4x and the network throttled by Chromium's own emulation (the
 * profiles below). One unmeasured load finds where the button is; then each run is a fresh browser
 * context (empty cache). From the moment the navigation commits the probe taps that spot every 25 ms,
 * without waiting for the page, as an impatient visitor would; each tap carries the time it was
 * made. A script added before the page's own records, in the page's clock:
 * - `visibleAt`: the first animation frame in which the button is visible;
 * - `openingTapAt`: the time of the tap whose click first opened the menu;
 * - `handledAt`: when the page handled that click.
 * The dead-tap figure is `openingTapAt - visibleAt` (0 when a tap made before the first frame
 * already opened it). `handledAt - openingTapAt` is reported beside it: how long a working tap
 * waited for the page's main thread while the page was still loading. Taps are made every 25 ms, so
 * a dead-tap figure under 25 ms means the first tap on the visible button worked.
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
export const TAP_INTERVAL_MS = 25;
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
 * Runs in the page before its own scripts and fills `window.__deadTap` (see the module comment).
 * The menu is a popover: its `beforetoggle` to "open" runs inside the click that opens it, so the
 * opening tap is the last click seen, however many queued taps toggle it again afterwards.
 * Serialised into the page, so it may use only browser globals.
 */
function watchMenu([buttonSelector, menuSelector]) {
  const state = { visibleAt: null, openingTapAt: null, handledAt: null, taps: 0 };
  window.__deadTap = state;
  let lastTap = null;
  addEventListener(
    "click",
    (event) => {
      // Once open, the menu stays open: the taps still queued would otherwise toggle it on and off,
      // work a real visitor would not cause.
      if (state.openingTapAt !== null) return event.preventDefault();
      state.taps += 1;
      lastTap = event.timeStamp;
    },
    true,
  );
  document.addEventListener(
    "beforetoggle",
    (event) => {
      if (state.openingTapAt !== null || event.newState !== "open" || !event.target.matches(menuSelector))
        return;
      state.openingTapAt = lastTap;
      state.handledAt = performance.now();
    },
    true,
  );
  const shown = (el) =>
    el !== null && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const frame = () => {
    if (shown(document.querySelector(buttonSelector))) state.visibleAt = performance.now();
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** `promise`, or `fallback` once `ms` have passed (a page or a protocol call that never answers). */
const within = (promise, ms, fallback = null) => Promise.race([promise, sleep(ms).then(() => fallback)]);

/** A fresh phone context with the profile's network and the slowed CPU. */
async function phonePage(browser, profile) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, ...profile });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  return { context, page, cdp };
}

/** The centre of the menu button on a loaded page, in CSS pixels. */
async function buttonCentre(browser, url) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    await page.goto(url);
    const box = await page.locator(MENU_BUTTON).boundingBox();
    if (box === null) throw new Error(`${MENU_BUTTON} is not visible on ${url}`);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  } finally {
    await context.close();
  }
}

/**
 * One run: taps from the start of the navigation until the page reports the opening tap.
 * @returns {Promise<{ visibleMs: number, deadTapMs: number, tapHandledMs: number, taps: number }>}
 *   page clock; taps: how many taps the page received until then
 * @throws when the button never shows or no tap opens the menu within `timeoutMs`
 */
async function probeOnce(browser, url, profile, { x, y }, timeoutMs) {
  const { context, page, cdp } = await phonePage(browser, profile);
  try {
    await page.addInitScript(watchMenu, [MENU_BUTTON, MENU]);
    const deadline = Date.now() + timeoutMs;
    await page.goto(url, { waitUntil: "commit" });
    let state = null;
    let polling = true;
    // Polling waits for the page's main thread; tapping must not, so the two run side by side.
    const poll = (async () => {
      while (polling && Date.now() < deadline) {
        state =
          (await within(
            page.evaluate(() => window.__deadTap).catch(() => null),
            5_000,
          )) ?? state;
        if (state?.openingTapAt != null && state.visibleAt != null) break;
        await sleep(50);
      }
      polling = false;
    })();
    // A mouse press and release, not touch events: a touch sequence this fast would be read as
    // double taps and zoom gestures. Neither waits for the page: a tap is stamped when it is made.
    const sent = [];
    const press = (type) =>
      cdp.send("Input.dispatchMouseEvent", { type, x, y, button: "left", clickCount: 1 }).catch(() => {});
    while (polling && Date.now() < deadline) {
      sent.push(press("mousePressed"), press("mouseReleased"));
      await sleep(TAP_INTERVAL_MS);
    }
    polling = false;
    await poll;
    // Closing the page with taps still unanswered can take the browser down: let them land first.
    await within(Promise.all(sent), 30_000);
    if (state?.visibleAt == null)
      throw new Error(`the menu button did not show within ${timeoutMs / 1000} s`);
    if (state.openingTapAt == null) throw new Error(`no tap opened the menu within ${timeoutMs / 1000} s`);
    return {
      visibleMs: state.visibleAt,
      deadTapMs: Math.max(0, state.openingTapAt - state.visibleAt),
      tapHandledMs: state.handledAt - state.openingTapAt,
      taps: state.taps,
    };
  } finally {
    await within(context.close(), 10_000);
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
 * @returns {Promise<({ label: string, profile: string, runs: number, visibleMs: number,
 *   deadTapMs: number, maxDeadTapMs: number, tapHandledMs: number } | { label: string,
 *   profile: string, error: string })[]>} milliseconds, medians but maxDeadTapMs
 */
export async function runDeadTapProbe({
  urls,
  runs = 5,
  chromePath = "/usr/bin/chromium",
  timeoutMs = 60_000,
}) {
  // A browser per run: a run that goes wrong cannot spoil the next.
  const withBrowser = async (task) => {
    const browser = await chromium.launch({
      executablePath: chromePath,
      args: CHROME_FLAGS.filter((flag) => flag !== "--headless"),
    });
    try {
      return await task(browser);
    } finally {
      await within(browser.close(), 10_000);
    }
  };
  const results = [];
  for (const { label, url } of urls) {
    const centre = await withBrowser((browser) => buttonCentre(browser, url)).catch((error) => error);
    for (const [profileName, profile] of Object.entries(NETWORK_PROFILES)) {
      try {
        if (centre instanceof Error) throw centre;
        const figures = [];
        for (let run = 0; run < runs; run += 1) {
          figures.push(await withBrowser((browser) => probeOnce(browser, url, profile, centre, timeoutMs)));
        }
        const pick = (key) => Math.round(median(figures.map((f) => f[key])));
        results.push({
          label,
          profile: profileName,
          runs,
          visibleMs: pick("visibleMs"),
          deadTapMs: pick("deadTapMs"),
          maxDeadTapMs: Math.round(Math.max(...figures.map((f) => f.deadTapMs))),
          tapHandledMs: pick("tapHandledMs"),
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
  return results;
}
