/**
 * The claim page on a phone (docs/requirements.md#sales-tools) in a real browser against `npm start`,
 * at 375 px: every control is at least 44 px tall and axe finds nothing in the light and the dark
 * colour scheme; the prospect's phone and address are one tap away; a rep claims a lead from its
 * sales e-mail, hands it over, marks it contacted in one step, closes it with an outcome that went
 * well and reopens it, and the history says who did each, when, in local time; after each action the
 * first screen says what just happened, focused. Every refusal is an HTML page in the site's style: a
 * forged link on the shared server, and the rate limit on a server of this spec's own
 * (support/rate-limited-server.ts) with the limit on.
 */
import { request as httpRequest } from "node:http";
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import {
  alteredSignature,
  claimAs,
  claimButton,
  expectFollowUp,
  fact,
  historyLine,
  requestDemo,
  submitWith,
  withSignature,
} from "./support/claim-page";
import { E2E_SALES_TEAM } from "./support/follow-up-env";
import { exportedLead } from "./support/leads-export";
import { startRateLimitedServer } from "./support/rate-limited-server";

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 375, height: 812 } });

const [ANA, BEN] = E2E_SALES_TEAM;
const SCHEMES = ["light", "dark"] as const;
/** A time as the page shows it without BUSINESS_HOURS: in UTC, the zone named. */
const SHOWN_TIME = /^\w{3} \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC$/;
/** The line at the top of the page saying what the last action did. */
const statusLine = (page: Page) => page.getByRole("status");

/** Every control of the page (links, buttons, selects, visible inputs) lower than 44 CSS pixels. */
async function shortControls(page: Page) {
  return page.evaluate(() => {
    const controls = [...document.querySelectorAll("a[href], button, select, input:not([type=hidden])")];
    return {
      count: controls.length,
      short: controls
        .map((el) => ({
          control: `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 30)}"`,
          height: el.getBoundingClientRect().height,
        }))
        .filter(({ height }) => height < 44),
    };
  });
}

/** Asserts the page fits 375 px, its controls are tall enough, and axe finds nothing in either scheme. */
async function expectMadeForAPhone(page: Page, label: string) {
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    const { count, short } = await shortControls(page);
    expect(count, label).toBeGreaterThan(2);
    expect(short, `${label}, ${colorScheme}`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), label).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page, `${label}, ${colorScheme}`);
  }
  // In the dark, controls are dark too: not the browser's light grey on near-black.
  const select = page.locator("select").first();
  const colours = () =>
    select.evaluate((el) => {
      const style = getComputedStyle(el);
      return [style.backgroundColor, style.color];
    });
  expect(await colours()).toEqual(["rgb(15, 23, 42)", "rgb(241, 245, 249)"]);
  await page.emulateMedia({ colorScheme: "light" });
  expect(await colours()).toEqual(["rgb(255, 255, 255)", "rgb(15, 23, 42)"]);
}

test("at 375 px every control is at least 44 px tall and axe finds nothing, light and dark, before and after a claim", async ({
  page,
}) => {
  const { prospect, link } = await requestDemo(page);
  await page.goto(link.toString());
  await expectFollowUp(page, "new", "nobody yet");
  // One tap to call or write: the phone as tel:, the address as mailto:.
  await expect(page.getByRole("link", { name: `Call ${prospect["Phone Number"]}` })).toHaveAttribute(
    "href",
    "tel:+61890000001",
  );
  await expect(page.getByRole("link", { name: `E-mail ${prospect["Work Email"]}` })).toHaveAttribute(
    "href",
    `mailto:${prospect["Work Email"]}`,
  );
  await expect(page.locator("blockquote")).toHaveText(prospect["Additional Info"]);
  await expect(page.getByText("Company domain: example.com", { exact: true })).toBeVisible();
  await expect(fact(page, "Source")).toHaveText(/^(Came from|No source recorded)/);
  await expect(page.getByText(/^Reply by .+ UTC to keep the 24-hour promise\.$/)).toBeVisible();
  await expectMadeForAPhone(page, "a new lead");

  await claimAs(page).selectOption({ label: ANA.name });
  expect((await submitWith(page, claimButton(page))).status()).toBe(303);
  await expectFollowUp(page, "claimed", ANA.name);
  await expectMadeForAPhone(page, "a claimed lead");
});

test("claim, hand over, mark contacted in one step, close with an outcome that went well and reopen; the history says who did each, when", async ({
  page,
}) => {
  const { id, link } = await requestDemo(page);
  await page.goto(link.toString());

  await claimAs(page).selectOption({ label: ANA.name });
  expect((await submitWith(page, claimButton(page))).status()).toBe(303);
  await expectFollowUp(page, "claimed", ANA.name);

  // The roster offers everyone but the owner.
  const handOverTo = page.getByLabel("Hand over to", { exact: true });
  await expect(handOverTo.locator("option")).toHaveText(["Choose a person", BEN.name]);
  await handOverTo.selectOption({ label: BEN.name });
  expect(
    (await submitWith(page, page.getByRole("button", { name: "Hand over", exact: true }))).status(),
  ).toBe(303);
  await expectFollowUp(page, "claimed", BEN.name);
  await expect(historyLine(page, `Handed over from ${ANA.name} to ${BEN.name}`)).toHaveCount(1);

  // One click: no box to tick first.
  await expect(page.getByRole("checkbox")).toHaveCount(0);
  const contacted = page.getByRole("button", { name: "Mark as contacted", exact: true });
  expect((await submitWith(page, contacted)).status()).toBe(303);
  await expectFollowUp(page, "contacted", BEN.name);

  const outcome = page.getByLabel("Outcome", { exact: true });
  await expect(outcome.locator("optgroup")).toHaveCount(2);
  await outcome.selectOption("demo held");
  expect((await submitWith(page, page.getByRole("button", { name: "Close this lead" }))).status()).toBe(303);
  await expectFollowUp(page, "closed", BEN.name);
  await expect(fact(page, "Outcome")).toHaveText("demo held");
  // A closed lead offers one thing: to reopen it, as a named person.
  await expect(page.locator("form")).toHaveCount(1);

  // Newest first, each with its local time; no raw UTC anywhere on the page.
  const history = page.getByRole("region", { name: "History" }).getByRole("listitem");
  const said = await history.evaluateAll((items) =>
    items.map((li) => [li.querySelector("time")?.textContent ?? "", li.lastChild?.textContent ?? ""]),
  );
  expect(said.map(([, words]) => words)).toEqual([
    `Closed (demo held) by ${BEN.name}`,
    `Marked contacted by ${BEN.name}`,
    `Handed over from ${ANA.name} to ${BEN.name}`,
    `Claimed by ${ANA.name}`,
    "Request received",
  ]);
  for (const [time] of said) expect(time).toMatch(SHOWN_TIME);
  expect(await page.locator("main").innerText()).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/);

  expect(await exportedLead(id)).toMatchObject({
    followUpState: "closed",
    owner: BEN.name,
    closedReason: "demo held",
    contactedAt: expect.stringMatching(/^\d{4}-/),
  });

  // A mis-tap is not final: reopened, the lead is back where it was, and the history keeps both.
  await page.getByLabel("Reopen as", { exact: true }).selectOption({ label: ANA.name });
  const reopen = page.getByRole("button", { name: "Reopen this lead", exact: true });
  expect((await submitWith(page, reopen)).status()).toBe(303);
  await expect(statusLine(page)).toHaveText(new RegExp(`^Reopened by ${ANA.name} at \\d\\d:\\d\\d$`));
  await expectFollowUp(page, "contacted", BEN.name);
  await expect(fact(page, "Outcome")).toHaveCount(0);
  await expect(historyLine(page, `Reopened by ${ANA.name}`)).toHaveCount(1);
  await expect(historyLine(page, `Closed (demo held) by ${BEN.name}`)).toHaveCount(1);
  expect(await exportedLead(id)).toMatchObject({ followUpState: "contacted", closedReason: "" });
});

test("after each action the first screen says what just happened, and focus is on it", async ({ page }) => {
  const { link } = await requestDemo(page);
  await page.goto(link.toString());
  await expect(statusLine(page)).toHaveCount(0);
  const firstScreen = page.viewportSize()!.height;

  /** Asserts the status line reads `said`, lies wholly within the first screen and has the focus. */
  const expectToldAtOnce = async (said: string) => {
    await expect(statusLine(page)).toHaveText(new RegExp(`^${said} at \\d\\d:\\d\\d$`));
    const box = (await statusLine(page).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(firstScreen);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("status");
  };

  await claimAs(page).selectOption({ label: ANA.name });
  expect((await submitWith(page, claimButton(page))).status()).toBe(303);
  await expectToldAtOnce(`Claimed by ${ANA.name}`);
  await expectMadeForAPhone(page, "a claimed lead, told so");

  // Far down the page, the next action still answers at the top.
  const contacted = page.getByRole("button", { name: "Mark as contacted", exact: true });
  expect((await contacted.boundingBox())!.y).toBeGreaterThan(firstScreen);
  expect((await submitWith(page, contacted)).status()).toBe(303);
  await expectToldAtOnce(`Marked contacted by ${ANA.name}`);
});

test("a forged link is refused with an HTML page in the site's style that says what to do", async ({
  page,
}) => {
  const { link } = await requestDemo(page);
  const response = await page.goto(withSignature(link, alteredSignature(link)));
  expect(response?.status()).toBe(403);
  expect(response?.headers()["content-type"]).toBe("text/html; charset=utf-8");
  await expect(page.getByRole("banner")).toHaveText("Resources AI");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link is not valid");
  await expect(page.getByText("Use the link exactly as the sales e-mail gives it.")).toBeVisible();
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page, `the forged-link page, ${colorScheme}`);
  }
});

/**
 * POSTs to `url` from Node declaring a body far over the page's limit, and resolves with the status:
 * `npm start` counts it against the rate limit, then refuses it (413) before any function runs, so
 * spending the limit this way costs no function call.
 */
function oversizedPost(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": "1000000" },
    });
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    // The server closes the connection after its answer, with the declared body unsent.
    req.on("error", reject);
    req.flushHeaders();
  });
}

test("past the rate limit the claim page answers an HTML page that says what to do, never JSON", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const server = await startRateLimitedServer();
  try {
    const id = "00000000-0000-4000-8000-000000000000";
    const forged = `${server.url}/leads/${id}?sig=${"A".repeat(43)}`;
    // The function's own limit (300 a minute), spent from this client (the browser's address too).
    const { config } = await import("../../netlify/functions/lead-follow-up-page.mts");
    const { windowLimit } = config.rateLimit!;
    const statuses: number[] = [];
    for (let sent = 0; sent < windowLimit; sent += 25) {
      const batch = Array.from({ length: Math.min(25, windowLimit - sent) }, () => oversizedPost(forged));
      statuses.push(...(await Promise.all(batch)));
    }
    expect(new Set(statuses)).toEqual(new Set([413]));

    const response = await page.goto(forged);
    expect(response?.headers()["content-type"]).toMatch(/^text\/html/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Too many requests");
    await expect(
      page.getByText(/^Wait a minute, then open the link from the sales e-mail again/),
    ).toBeVisible();
    await expect(page.getByRole("banner")).toHaveText("Resources AI");
    expect(await page.content()).not.toContain('{"error"');
    for (const colorScheme of SCHEMES) {
      await page.emulateMedia({ colorScheme });
      await expectNoAxeViolations(page, `the rate-limit page, ${colorScheme}`);
    }
    // A form sent past the limit gets the same page, and reaches no function.
    const posted = await page.request.post(forged, { form: { action: "contacted" } });
    expect(posted.headers()["content-type"]).toMatch(/^text\/html/);
    expect(await posted.text()).toContain("<h1>Too many requests</h1>");
  } finally {
    await server.stop();
  }
});
