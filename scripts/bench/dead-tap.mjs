/**
 * The dead-tap probe of `npm run bench` (docs/requirements.md#interactive-at-first-paint): on a throttled
 * phone, how long the header's menu button is on screen before a tap on it first opens the menu. Every tap in
 * between is a dead tap: the visitor sees the button and nothing happens.
 *
 * Method, per page and network profile: Debian Chromium through Playwright with a phone screen
 * (412 x 823, touch), CPU slowed 4x and the network throttled by Chromium's own emulation (the
 * profiles below). One unmeasured load finds where the button is; then each run is a fresh browser
 * context (empty cache). From the moment the navigation commits the probe taps that spot, without
 * waiting for the page to load, as an impatient visitor would, but with never more than one tap in
 * flight: the next tap is made `TAP_INTERVAL_MS` after the browser has taken the previous one. A
 * flood of unanswered taps would keep a slowed main thread busy with input, delaying the very paint
 * and handling being measured. A script added before the page's own records, in the page's clock:
 * - `visibleAt`: the first animation frame in which the button is visible;
 * - `openingTapAt`: the time of the tap whose click first opened the menu;
 * - `handledAt`: when the page handled that click.
 * The page reports these through a binding once both are known; the probe does not poll the page,
 * so no reading of its own waits behind the taps. The dead-tap figure is
 * `openingTapAt - visibleAt` (0 when a tap made before the first frame already opened it).
 * `handledAt - openingTapAt` is reported beside it: how long a working tap waited for the page's
 * main thread while the page was still loading. A run is bounded by `runBoundMs` of its profile.
 */
import { chromium } from "@playwright/test";
import { CHROME_FLAGS } from "./lighthouse.mjs";
import { median } from "./stats.mjs";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Network profiles: slow 3G as the dead-tap target was set for it (400 ms, 500 kbit/s) and Lighthouse's
 * mobile "slow 4G" (150 ms, 1.6 Mbit/s down, 750 kbit/s up). Latency is per request, throughput in bytes per
 * second (Chromium's units).
 */
export const NETWORK_PROFILES = {
  "slow 3G": { latency: 400, downloadThroughput: 500_000 / 8, uploadThroughput: 500_000 / 8 },
  "slow 4G": { latency: 150, downloadThroughput: 1_638_400 / 8, uploadThroughput: 750_000 / 8 },
};
export const CPU_SLOWDOWN = 4;
export const TAP_INTERVAL_MS = 25;

/**
 * The longest one run may take on `profile` (milliseconds): 30 s plus, at the slowed CPU, the time to
 * fetch 1 MB at the profile's download throughput over 20 round trips. Slow 3G gets a longer bound
 * than slow 4G instead of one fixed bound too short for the slower profile on a loaded host.
 * @param {{ latency: number, downloadThroughput: number }} profile ms, bytes per second
 */
export function runBoundMs({ latency, downloadThroughput }, cpuSlowdown = CPU_SLOWDOWN) {
  const transferMs = (1_000_000 / downloadThroughput) * 1000 + 20 * latency;
  return Math.round(30_000 + cpuSlowdown * transferMs);
}

/**
 * Taps until `done()` or `deadline` (epoch ms), one tap at a time: each `tap()` is awaited (until the
 * deadline at most) and `intervalMs` passes before the next, so a tap is never made while the
 * previous one is unanswered.
 * @param {{ tap: () => Promise<unknown>, done: () => boolean, deadline: number, intervalMs?: number,
 *   now?: () => number }} options
 * @returns {Promise<number>} taps made
 */
export async function tapOneAtATime({ tap, done, deadline, intervalMs = TAP_INTERVAL_MS, now = Date.now }) {
  let taps = 0;
  while (!done() && now() < deadline) {
    const pending = tap();
    taps += 1;
    await Promise.race([pending, sleep(Math.max(0, deadline - now()))]);
    if (done() || now() >= deadline) break;
    await sleep(intervalMs);
  }
  return taps;
}
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
function watchMenu([buttonSelector, menuSelector, bindingName]) {
  const state = { visibleAt: null, openingTapAt: null, handledAt: null, taps: 0 };
  window.__deadTap = state;
  let reported = false;
  const report = () => {
    if (reported || state.visibleAt === null || state.openingTapAt === null) return;
    reported = true;
    window[bindingName]({ ...state });
  };
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
      report();
    },
    true,
  );
  const shown = (el) =>
    el !== null && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const frame = () => {
    if (shown(document.querySelector(buttonSelector))) {
      state.visibleAt = performance.now();
      report();
    } else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

const REPORT_BINDING = "__deadTapReport";
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
 * @throws when the page reports nothing within `timeoutMs` (saying whether the button showed)
 */
async function probeOnce(browser, url, profile, { x, y }, timeoutMs) {
  const { context, page, cdp } = await phonePage(browser, profile);
  try {
    let state = null;
    await page.exposeBinding(REPORT_BINDING, (_source, reported) => {
      state ??= reported;
    });
    await page.addInitScript(watchMenu, [MENU_BUTTON, MENU, REPORT_BINDING]);
    const deadline = Date.now() + timeoutMs;
    await page.goto(url, { waitUntil: "commit", timeout: timeoutMs });
    // A mouse press and release, not touch events: a touch sequence this fast would be read as
    // double taps and zoom gestures. The tap is stamped by the page when its click arrives.
    const press = (type) =>
      cdp.send("Input.dispatchMouseEvent", { type, x, y, button: "left", clickCount: 1 }).catch(() => {});
    let last = Promise.resolve();
    await tapOneAtATime({
      tap: () => (last = press("mousePressed").then(() => press("mouseReleased"))),
      done: () => state !== null,
      deadline,
    });
    // Closing the page with a tap still unanswered can take the browser down: let it land first.
    await within(last, 30_000);
    if (state === null) {
      // Only now, with no tap in flight, ask the page how far it got.
      const seen = await within(
        page.evaluate(() => window.__deadTap).catch(() => null),
        10_000,
      );
      const bound = `${Math.round(timeoutMs / 1000)} s`;
      if (seen == null) throw new Error(`the page gave no reading within ${bound}`);
      if (seen.visibleAt == null) throw new Error(`the menu button did not show within ${bound}`);
      throw new Error(`no tap opened the menu within ${bound} (${seen.taps} taps)`);
    }
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

/**
 * The probe over pages and profiles.
 * @param {{ urls: { label: string, url: string }[], runs?: number, chromePath?: string,
 *   timeoutMs?: number }} options runs per page and profile (default 5), each figure the median;
 *   timeoutMs bounds one run (default: `runBoundMs` of the profile)
 * @returns {Promise<({ label: string, profile: string, runs: number, visibleMs: number,
 *   deadTapMs: number, maxDeadTapMs: number, tapHandledMs: number } | { label: string,
 *   profile: string, error: string })[]>} milliseconds, medians but maxDeadTapMs
 */
export async function runDeadTapProbe({ urls, runs = 5, chromePath = "/usr/bin/chromium", timeoutMs }) {
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
          figures.push(
            await withBrowser((browser) =>
              probeOnce(browser, url, profile, centre, timeoutMs ?? runBoundMs(profile)),
            ),
          );
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
