/**
 * Every e-mail reads on a phone (docs/requirements.md#sales-tools, docs/decisions/0037-email-layout.md): each kind,
 * built by its own builder from a lead with every field at its limit (support/longest-emails.ts), rendered in
 * Chromium at 375 x 812, needs no sideways scrolling, and its primary actions (the claim button, the prospect's
 * phone and address, the booking button) are at least 44 px tall. An everyday long address breaks only after "@"
 * or "." in the sales e-mail and on the claim page's e-mail button.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { CLAIM_BUTTON_TEXT, CLAIM_LINK_TEXT } from "../../netlify/lib/core/delivery/mailer";
import {
  everydayClaimPage,
  everydaySalesEmail,
  LONG_EVERYDAY_EMAIL,
  longestEmails,
} from "./support/longest-emails";

test.use({ viewport: { width: 375, height: 812 } });

const claimButton = (page: Page) => [page.getByRole("link", { name: CLAIM_LINK_TEXT })];

/** The primary actions of each kind of e-mail; the rest have none. */
const PRIMARY: Record<string, (page: Page) => Locator[]> = {
  sales: (page) => [
    page.getByRole("link", { name: CLAIM_BUTTON_TEXT }),
    page.locator('a[href^="tel:"]'),
    page.locator('a[href^="mailto:"]'),
  ],
  confirmation: (page) => [page.getByRole("link", { name: "Book a time now" })],
  nudge: claimButton,
  escalation: claimButton,
  "promise at risk": claimButton,
  "hand-over": claimButton,
  booking: claimButton,
};

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

type LaidOutText = { text: string; tops: number[] };

/** Each text node of `root` with the top of each of its characters as the browser laid it out (NaN when unseen). */
function layoutOf(root: Locator): Promise<LaidOutText[]> {
  return root.evaluate((element) => {
    const nodes: LaidOutText[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      const tops = [...text].map((_, i) => {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        return range.getClientRects()[0]?.top ?? Number.NaN;
      });
      nodes.push({ text, tops });
    }
    return nodes;
  });
}

/** `text` cut where a visible character starts a new line, e.g. ["E-mail ana@", "acme.com"]. */
function linesOf({ text, tops }: LaidOutText): string[] {
  const lines = [""];
  let top = Number.NaN;
  [...text].forEach((char, i) => {
    if (!/\s/.test(char) && tops[i] - top > 2) lines.push("");
    if (!/\s/.test(char) && !Number.isNaN(tops[i])) top = tops[i];
    lines[lines.length - 1] += char;
  });
  return lines.filter((line, i) => i > 0 || line !== "");
}

/** A word no longer than this fits a line at 375 px and is never cut; a longer one may break anywhere. */
const LINE_LENGTH = 30;

/** Words of `root` of up to LINE_LENGTH characters cut at a line's end other than after "@", ".", "-" or "/". */
async function cutWords(root: Locator): Promise<string[]> {
  return (await layoutOf(root)).flatMap(({ text, tops }) => {
    const words = [...text.matchAll(/\S+/g)];
    return words.flatMap(({ 0: word, index: start }) => {
      const cuts = [...word].flatMap((char, i) =>
        i > 0 && tops[start + i] - tops[start + i - 1] > 2 && !/[@./-]/.test(word[i - 1]) ? [i] : [],
      );
      return word.length <= LINE_LENGTH && cuts.length > 0
        ? [`${word.slice(0, cuts[0])}|${word.slice(cuts[0])}`]
        : [];
    });
  });
}

/** Asserts LONG_EVERYDAY_EMAIL in `root` takes more than one line, each ending at a space or after "@" or ".". */
async function expectAddressBreaks(root: Locator, label: string) {
  const nodes = await layoutOf(root);
  const lines = linesOf({
    text: nodes.map((node) => node.text).join(""),
    tops: nodes.flatMap((node) => node.tops),
  });
  expect(lines.join(""), label).toContain(LONG_EVERYDAY_EMAIL);
  expect(lines.length, `${label}: the address takes more than one line`).toBeGreaterThan(1);
  for (const line of lines.slice(0, -1))
    expect(line, `${label}: ${JSON.stringify(lines)}`).toMatch(/[\s@.]$/);
}

test("every kind of e-mail fits 375 px at maximum lengths, and its primary actions are at least 44 px tall", async ({
  page,
}) => {
  const emails = await longestEmails();
  expect(Object.keys(emails)).toHaveLength(13);
  for (const [kind, email] of Object.entries(emails)) {
    await page.setContent(email.html);
    expect.soft(await scrollWidth(page), `the ${kind} e-mail's width`).toBeLessThanOrEqual(375);
    expect.soft(await cutWords(page.locator("body")), `words cut in the ${kind} e-mail`).toEqual([]);
    for (const action of PRIMARY[kind]?.(page) ?? []) {
      await expect(action, `an action of the ${kind} e-mail`).toHaveCount(1);
      const box = await action.boundingBox();
      expect
        .soft(box!.height, `${await action.textContent()} in the ${kind} e-mail`)
        .toBeGreaterThanOrEqual(44);
    }
  }
});

test("a long everyday address breaks only after '@' or '.' in the sales e-mail", async ({ page }) => {
  await page.setContent(everydaySalesEmail().html);
  await expectAddressBreaks(page.locator('a[href^="mailto:"]'), "the sales e-mail");
});

test("a long everyday address breaks only after '@' or '.' on the claim page's e-mail button", async ({
  page,
}) => {
  await page.setContent(await everydayClaimPage());
  const button = page.locator('a.button[href^="mailto:"]');
  await expectAddressBreaks(button, "the claim page's e-mail button");
  expect(await scrollWidth(page), "the claim page's width").toBeLessThanOrEqual(375);
});
