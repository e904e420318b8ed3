/**
 * The dead-tap probe of `npm run bench` (docs/requirements.md#interactive-at-first-paint): on a throttled phone,
 * how long the menu button is visible before a tap first opens the menu.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { chromium } from "@playwright/test";
import { CHROME_FLAGS } from "./lighthouse.mjs";
import { median, missedDeadTap } from "./report.mjs";

/** Slow 3G (the target's profile) and Lighthouse's slow 4G, in Chromium's units (ms, bytes per second). */
export const NETWORK_PROFILES = {
  "slow 3G": { latency: 400, downloadThroughput: 500_000 / 8, uploadThroughput: 500_000 / 8 },
  "slow 4G": { latency: 150, downloadThroughput: 1_638_400 / 8, uploadThroughput: 750_000 / 8 },
};
const CPU_SLOWDOWN = 4;

/** The longest one run may take on `profile`, in ms: 30 s plus 1 MB at its throughput over 20 round trips. */
export function runBoundMs({ latency, downloadThroughput }, cpuSlowdown = CPU_SLOWDOWN) {
  const transferMs = (1_000_000 / downloadThroughput) * 1000 + 20 * latency;
  return Math.round(30_000 + cpuSlowdown * transferMs);
}

/** Taps until `done()` or `deadline`, never while the previous tap is unanswered; resolves with the taps made. */
export async function tapOneAtATime({ tap, done, deadline, intervalMs = 25 }) {
  let taps = 0;
  while (!done() && Date.now() < deadline) {
    const pending = tap();
    taps += 1;
    await Promise.race([pending, sleep(Math.max(0, deadline - Date.now()))]);
    if (done() || Date.now() >= deadline) break;
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

// The header's menu button and the menu it opens (src/components/layout/mobile-menu.tsx).
const MENU_BUTTON = 'header button[popovertarget="mobile-menu"]';
const MENU = "#mobile-menu";

/**
 * Runs in the page and fills `window.__deadTap`. The popover's `beforetoggle` runs inside the opening click,
 * so the opening tap is the last click seen. Browser globals only: it is serialised into the page.
 */
function watchMenu([buttonSelector, menuSelector, bindingName]) {
  const state = { visibleAt: null, openingTapAt: null, handledAt: null, taps: 0 };
  window.__deadTap = state;
  // Reported once both are known; the Node side keeps the first report.
  const report = () => {
    if (state.visibleAt !== null && state.openingTapAt !== null) window[bindingName]({ ...state });
  };
  let lastTap = null;
  addEventListener(
    "click",
    (event) => {
      // Once open, the menu stays open: queued taps would toggle it, work a real visitor would not cause.
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
const within = (promise, ms, fallback = null) => Promise.race([promise, sleep(ms).then(() => fallback)]);

/** Runs `task(context, page)` on a phone in a browser of its own: a run that goes wrong cannot spoil the next. */
async function onPhone(task) {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: CHROME_FLAGS.filter((flag) => flag !== "--headless"),
  });
  try {
    const context = await browser.newContext(PHONE);
    try {
      return await task(context, await context.newPage());
    } finally {
      await within(context.close(), 10_000);
    }
  } finally {
    await within(browser.close(), 10_000);
  }
}

async function buttonCentre(url) {
  return onPhone(async (_context, page) => {
    await page.goto(url);
    const box = await page.locator(MENU_BUTTON).boundingBox();
    if (box === null) throw new Error(`${MENU_BUTTON} is not visible on ${url}`);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  });
}

/** One run, in the page's clock; throws when the page reports nothing within `timeoutMs`. */
async function probeOnce(url, profile, { x, y }, timeoutMs) {
  return onPhone(async (context, page) => {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, ...profile });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    let state = null;
    await page.exposeBinding(REPORT_BINDING, (_source, reported) => {
      state ??= reported;
    });
    await page.addInitScript(watchMenu, [MENU_BUTTON, MENU, REPORT_BINDING]);
    const deadline = Date.now() + timeoutMs;
    await page.goto(url, { waitUntil: "commit", timeout: timeoutMs });
    // A mouse press, not touch: touch events this fast would read as double taps and zooms.
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
    };
  });
}

/** The probe over pages and profiles: medians of `runs` (default 5) per page and profile, in ms, and misses. */
export async function runDeadTapProbe({ urls, runs = 5 }) {
  const results = [];
  for (const { label, url } of urls) {
    const centre = await buttonCentre(url).catch((error) => error);
    for (const [profileName, profile] of Object.entries(NETWORK_PROFILES)) {
      try {
        if (centre instanceof Error) throw centre;
        const figures = [];
        for (let run = 0; run < runs; run += 1) {
          figures.push(await probeOnce(url, profile, centre, runBoundMs(profile)));
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
  return results.map((r) => ({ ...r, missed: missedDeadTap(r) }));
}
