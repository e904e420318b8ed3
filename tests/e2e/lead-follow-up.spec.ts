/**
 * Lead follow-up (docs/requirements.md#follow-up, docs/decisions/0029-lead-follow-up.md) in a real
 * browser against `npm start`, with the sales team's roster configured for the shared server
 * (tests/e2e/support/follow-up-env.ts): a demo request sent through the form gets a sales e-mail
 * whose claim link opens the lead's page; opening it (twice, as a mail scanner and then a person
 * would) changes nothing; a claim without a chosen person claims nothing; a claim as a roster member
 * shows the owner on the page and in `leads:export`; a second claim, from a page opened before the
 * first, is refused and names the first owner; a forged link (an altered signature, another lead's
 * signature, none) answers 403 and changes nothing. Every answer of the page is script-free HTML
 * with its own Content-Security-Policy, `noindex` and a referrer policy that never sends its URL to
 * another site.
 */
import { expect, test, type Page, type Response } from "@playwright/test";
import { htmlPageCsp } from "../../netlify/lib/kit/html-page";
import {
  alteredSignature,
  claimAs,
  claimButton,
  claimNotice,
  expectFollowUp,
  fact,
  historyLine,
  requestDemo,
  rosterKey,
  submitWith,
  withSignature,
} from "./support/claim-page";
import { consoleErrors } from "./support/console-errors";
import { E2E_SALES_TEAM } from "./support/follow-up-env";
import { exportedLead } from "./support/leads-export";

test.describe.configure({ timeout: 120_000 });

const [ANA, BEN] = E2E_SALES_TEAM;

/**
 * Referrer policies under which the page's URL (a credential) never reaches another site. Both
 * keep it from other origins; only `same-origin` also lets the page's own form posts carry their
 * Origin (under `no-referrer` a browser sends `Origin: null`).
 */
const PRIVATE_REFERRER_POLICIES = ["no-referrer", "same-origin"];

/** The follow-up columns of a lead nobody has touched. */
const UNTOUCHED = {
  followUpState: "new",
  owner: "",
  claimedAt: "",
  contactedAt: "",
  closedReason: "",
  minutesToClaim: "",
};

/** The follow-up columns of lead `id` as `npm run leads:export` gives them. */
async function exportedFollowUp(id: string) {
  const row = await exportedLead(id);
  expect(row, `lead ${id} is not in the export`).toBeDefined();
  const { followUpState, owner, claimedAt, contactedAt, closedReason, minutesToClaim } = row!;
  return { followUpState, owner, claimedAt, contactedAt, closedReason, minutesToClaim };
}

/**
 * Sends a demo request through the /contact form as a prospect would, and resolves with its id
 * (the answer's reference), its prospect and the claim link from its sales e-mail.
 */
/**
 * Asserts `response` is the claim page's kind of answer: HTML under the pages' own policy (no
 * script source at all), not cached, not indexed, its URL never sent to another site as a referrer
 * (it is a credential), and without a single `<script>` in its body.
 */
async function expectScriptFreeClaimAnswer(response: Response | null, status: number): Promise<void> {
  expect(response, "no answer").not.toBeNull();
  expect(response!.status()).toBe(status);
  const headers = response!.headers();
  expect(headers["content-type"]).toBe("text/html; charset=utf-8");
  const csp = headers["content-security-policy"] ?? "";
  expect(csp).toBe(await htmlPageCsp());
  expect(csp).toContain("default-src 'none'");
  expect(csp).not.toContain("script-src");
  expect(headers["x-robots-tag"]).toBe("noindex");
  expect(PRIVATE_REFERRER_POLICIES).toContain(headers["referrer-policy"]);
  expect(headers["cache-control"]).toBe("no-store");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(await response!.text()).not.toMatch(/<script\b/i);
}

/** Asserts the page in the browser holds no script element and no inline event handler. */
async function expectNoScriptInPage(page: Page): Promise<void> {
  await expect(page.locator("script")).toHaveCount(0);
  const handlers = await page.evaluate(
    () =>
      [...document.querySelectorAll("*")].flatMap((el) =>
        [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${el.tagName} ${a.name}`),
      ).length,
  );
  expect(handlers).toBe(0);
}

test("the claim link from the sales e-mail opens the lead's page, and opening it twice changes nothing", async ({
  page,
  request,
}) => {
  const errors = consoleErrors(page);
  const { id, prospect, link } = await requestDemo(page);
  // The link is this site's page for this very lead.
  expect(link.origin).toBe(new URL(page.url()).origin);
  expect(link.pathname).toBe(`/leads/${id}`);
  expect(link.searchParams.get("sig")).toMatch(/^[A-Za-z0-9_-]{43}$/);

  for (let open = 1; open <= 2; open += 1) {
    const response = await page.goto(link.toString());
    await expectScriptFreeClaimAnswer(response, 200);
    await expectNoScriptInPage(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Demo request follow-up");
    await expect(page.getByRole("heading", { level: 2 }).first()).toHaveText(
      `${prospect["First Name"]} ${prospect["Last Name"]}, ${prospect.Company}`,
    );
    await expect(page.getByRole("link", { name: `E-mail ${prospect["Work Email"]}` })).toHaveAttribute(
      "href",
      `mailto:${prospect["Work Email"]}`,
    );
    await expect(fact(page, "Reference")).toHaveText(id);
    await expectFollowUp(page, "new", "nobody yet");
    await expect(historyLine(page, "Claimed")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Mark as contacted" })).toHaveCount(0);

    // The roster, nobody chosen; and the close form, no reason chosen.
    await expect(claimAs(page)).toHaveValue("");
    await expect(claimAs(page).locator("option")).toHaveText([
      "Choose a person",
      ...E2E_SALES_TEAM.map((m) => m.name),
    ]);
    await expect(claimAs(page).locator("option:checked")).toHaveText("Choose a person");
    await expect(page.getByLabel("Your name")).toHaveCount(0);
    await expect(page.getByLabel("Outcome", { exact: true })).toHaveValue("");
    await expect(claimButton(page)).toBeVisible();

    expect(await exportedFollowUp(id), `after opening the link ${open} time(s)`).toEqual(UNTOUCHED);
  }

  // A mail scanner's plain GET and HEAD of the link change nothing either.
  expect((await request.head(link.toString())).status()).toBe(200);
  expect((await request.get(link.toString())).status()).toBe(200);
  expect(await exportedFollowUp(id)).toEqual(UNTOUCHED);
  // The page's one inline style is allowed by its policy: nothing refused, nothing logged.
  expect(errors).toEqual([]);
});

test("a claim without a chosen person claims nothing: the browser refuses it, and the server answers 422", async ({
  page,
}) => {
  const { id, link } = await requestDemo(page);
  const posts: string[] = [];
  page.on("request", (req) => {
    if (req.method() === "POST" && new URL(req.url()).pathname === link.pathname) posts.push(req.url());
  });
  await page.goto(link.toString());
  await expectFollowUp(page, "new", "nobody yet");

  // The roster is required: the browser's own validation keeps the form from being sent.
  await claimButton(page).click();
  expect(await claimAs(page).evaluate((el) => (el as HTMLSelectElement).validity.valueMissing)).toBe(true);
  await expect(claimAs(page)).toHaveValue("");
  await expect(page).toHaveURL(link.toString());
  await expectFollowUp(page, "new", "nobody yet");

  // Sent anyway (the requirement taken away, as a scripted client could): the server refuses it.
  await claimAs(page).evaluate((el) => el.removeAttribute("required"));
  const refused = await submitWith(page, claimButton(page));
  await expectScriptFreeClaimAnswer(refused, 422);
  await expect(claimNotice(page)).toHaveText("Choose who claims the lead.");
  await expectFollowUp(page, "new", "nobody yet");
  await expectNoScriptInPage(page);
  // The first click sent nothing: the one POST is the one sent without the requirement.
  expect(posts).toHaveLength(1);

  // Someone not on the roster, or a typed name while there is a roster: refused the same way.
  const blindClaims: Record<string, string>[] = [
    { action: "claim", owner: "eve@example.com" },
    { action: "claim", owner: ANA.email },
    { action: "claim", owner: "Ana Smith" },
    { action: "claim", ownerName: "Eve Intruder" },
  ];
  for (const form of blindClaims) {
    const answer = await page.request.post(link.toString(), { form });
    expect(answer.status(), JSON.stringify(form)).toBe(422);
    expect(await answer.text()).toContain("Choose who claims the lead.");
  }
  expect(await exportedFollowUp(id)).toEqual(UNTOUCHED);
});

test("a claim as a roster member shows the owner on the page and in the export; a second claim names the first owner and changes nothing", async ({
  page,
  context,
}) => {
  const { id, link } = await requestDemo(page);
  // A colleague opens the same link before the first claim.
  const second = await context.newPage();
  await second.goto(link.toString());
  await expectFollowUp(second, "new", "nobody yet");

  await page.goto(link.toString());
  await claimAs(page).selectOption({ label: ANA.name });
  const claimed = await submitWith(page, claimButton(page));
  expect(claimed.status()).toBe(303);
  expect(claimed.headers()["location"]).toBe(`${link.pathname}${link.search}&done=1`);
  expect(PRIVATE_REFERRER_POLICIES).toContain(claimed.headers()["referrer-policy"]);
  await expect(page).toHaveURL(`${link}&done=1`);
  await expectFollowUp(page, "claimed", ANA.name);
  await expect(page.getByRole("button", { name: "Mark as contacted", exact: true })).toBeVisible();
  await expect(claimButton(page)).toHaveCount(0);
  await expect(claimNotice(page)).toHaveCount(0);
  // The history names the claim; its machine-readable time is the record's, the shown one local.
  const claimedAt =
    (await historyLine(page, `Claimed by ${ANA.name}`).locator("time").getAttribute("datetime")) ?? "";
  expect(claimedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

  const afterClaim = await exportedFollowUp(id);
  expect(afterClaim).toMatchObject({
    followUpState: "claimed",
    owner: ANA.name,
    claimedAt,
    contactedAt: "",
    closedReason: "",
  });
  expect(afterClaim.minutesToClaim).toMatch(/^\d+(\.\d{1,2})?$/);
  expect(Number(afterClaim.minutesToClaim)).toBeGreaterThanOrEqual(0);
  const row = await exportedLead(id);
  expect(Date.parse(claimedAt)).toBeGreaterThanOrEqual(Date.parse(row!.receivedAt));

  // The second page still offers the claim; Ben Lee takes it: refused, naming Ana Smith.
  await expect(claimButton(second)).toBeVisible();
  await claimAs(second).selectOption({ label: BEN.name });
  const refused = await submitWith(second, claimButton(second));
  await expectScriptFreeClaimAnswer(refused, 409);
  await expect(claimNotice(second)).toHaveText(`This lead is already claimed by ${ANA.name}.`);
  await expectFollowUp(second, "claimed", ANA.name);
  await expect(historyLine(second, "Claimed by").locator("time")).toHaveAttribute("datetime", claimedAt);
  await expect(claimButton(second)).toHaveCount(0);
  await expectNoScriptInPage(second);

  // Sent again straight to the server: still refused.
  const owner = await rosterKey(page.request, link, BEN.name);
  const again = await page.request.post(link.toString(), { form: { action: "claim", owner } });
  expect(again.status()).toBe(409);

  expect(await exportedFollowUp(id)).toEqual(afterClaim);
  await page.reload();
  await expectFollowUp(page, "claimed", ANA.name);
  await expect(historyLine(page, "Claimed by").locator("time")).toHaveAttribute("datetime", claimedAt);
});

test("a forged link answers 403 with nothing about the lead, whatever it asks, and changes nothing", async ({
  page,
}) => {
  const victim = await requestDemo(page);
  const other = await requestDemo(page);
  expect(other.id).not.toBe(victim.id);
  const otherSig = other.link.searchParams.get("sig")!;
  const unknownId = "00000000-0000-4000-8000-000000000000";

  const forged = {
    "an altered signature": withSignature(victim.link, alteredSignature(victim.link)),
    "another lead's signature": withSignature(victim.link, otherSig),
    "no signature": withSignature(victim.link, null),
    "an empty signature": withSignature(victim.link, ""),
    "a signature for an unknown id": withSignature(
      new URL(victim.link.toString().replace(victim.id, unknownId)),
      victim.link.searchParams.get("sig"),
    ),
  };
  let firstBody: string | undefined;
  for (const [what, url] of Object.entries(forged)) {
    const response = await page.goto(url);
    await expectScriptFreeClaimAnswer(response, 403);
    await expectNoScriptInPage(page);
    await expect(page.getByRole("heading", { level: 1 }), what).toHaveText("This link is not valid");
    const body = await page.content();
    // Nothing about either lead, and no form to act with.
    for (const value of [
      victim.id,
      victim.prospect["Last Name"],
      victim.prospect["Work Email"],
      other.prospect["Last Name"],
    ]) {
      expect(body, `${what} shows ${value}`).not.toContain(value);
    }
    await expect(page.locator("form")).toHaveCount(0);
    // The same page for every forgery: it never tells whether the id exists.
    firstBody ??= body;
    expect(body, what).toBe(firstBody);

    // Acting on it is refused too.
    const actions: Record<string, string>[] = [
      { action: "claim", owner: ANA.email },
      { action: "close", reason: "spam" },
    ];
    for (const form of actions) {
      const answer = await page.request.post(url, { form });
      expect(answer.status(), `${what}: ${form.action}`).toBe(403);
      expect(await answer.text()).toContain("This link is not valid");
    }
  }

  expect(await exportedFollowUp(victim.id)).toEqual(UNTOUCHED);
  expect(await exportedFollowUp(other.id)).toEqual(UNTOUCHED);
  // The genuine link still works and the lead is untouched.
  await page.goto(victim.link.toString());
  await expectFollowUp(page, "new", "nobody yet");
});
