/**
 * The week at a glance (docs/requirements.md#sales-tools, docs/decisions/0038-weekly-summary.md) against
 * `npm start`: `npm run leads:summary` puts an e-mail in the local mail sink with the week's figures, a
 * chart drawn as a table, the row of a test lead with its link, the week's CSV attached and a release
 * link for a lead held as spam; following that link and pressing Release delivers the held lead to
 * sales, whose e-mail says who released it, and opens the lead's page; a forged link is refused; axe
 * finds nothing on the release page in light or dark.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { HONEYPOT_FIELD } from "../../src/lib/demo-request";
import { expectNoAxeViolations } from "./support/a11y";
import { alteredSignature, withSignature } from "./support/claim-page";
import { E2E_SALES_TEAM } from "./support/follow-up-env";
import { salesEmailsFor, sinkMessages, uniqueTag, type SinkMessage } from "./support/mail-sink";

const run = promisify(execFile);
test.describe.configure({ timeout: 180_000 });

/** What the sink also records of a message: its HTML and its attachments. */
type FullMessage = SinkMessage & {
  html: string;
  attachments: { content: string; filename: string; type: string; disposition: string }[];
};

/** Sends a demo request as the form without JavaScript does; `honeypot` fills the hidden field. */
async function sendRequest(request: APIRequestContext, who: Record<string, string>, honeypot = "") {
  const answer = await request.post("/api/send-contact-email", {
    form: { ...who, message: "Two sites in the Bowen Basin.", [HONEYPOT_FIELD]: honeypot },
    maxRedirects: 0,
  });
  // A held request is answered like any other.
  expect(answer.status()).toBe(303);
}

const prospect = (first: string, tag: string) => ({
  firstName: first,
  lastName: `Summary${tag}`,
  email: `${first.toLowerCase()}.${tag}@example.com`,
  phone: "+61 8 9000 0003",
  company: `${first} Mining ${tag}`,
});

test("leads:summary mails the week at a glance; its release link delivers the held lead to sales", async ({
  page,
  request,
}) => {
  const tag = uniqueTag();
  const kept = prospect("Grace", tag);
  const held = prospect("Hedy", tag);
  await sendRequest(request, kept);
  await sendRequest(request, held, "autofilled by a password manager");
  await expect.poll(async () => (await salesEmailsFor(request, kept.email)).length).toBe(1);

  const sent = await run(process.execPath, ["scripts/leads-summary.mjs"], { timeout: 90_000 });
  expect(sent.stdout).toMatch(/^Sent the summary of \d{4}-W\d{2} to s\*\*\*@e\*\*\*\.com with leads-/m);
  const summaries = (await sinkMessages(request)) as FullMessage[];
  const summary = summaries.find((m) => m.customArgs.kind === "summary" && m.text?.includes(held.lastName));
  expect(summary, "a summary naming the held lead").toBeDefined();
  const text = summary!.text ?? "";

  // The figures, a chart as a table (and its words), and each listed lead as a block with its link.
  expect(text).toMatch(/^Leads received +\d+ +\d+$/m);
  expect(summary!.html).toMatch(/<table data-text-table="true"[^>]*>.*Leads received per week/s);
  expect(text).toMatch(/^Leads by time to claim: within 5 min \d+/m);
  const block = (name: string, company: string, rest: string) =>
    new RegExp(
      `^${name} \\[http://localhost:\\d+/leads/[0-9a-f-]{36}\\?sig=\\S+\\]\\nCompany: ${company}\\n` +
        `Received: \\S+ \\d+ \\S+, \\d\\d:\\d\\d\\n${rest}$`,
      "gm",
    );
  const anyRest = "E-mail class: .+\\nSource: .+\\nState: .+\\nOwner: .+\\nTime to claim: .+";
  expect(text.match(block(".+", ".+", anyRest))?.length).toBeGreaterThan(0);
  // The other browser tests' leads come first in a full run, so the test lead may be past the list's bound.
  const ownRest =
    "E-mail class: \\S+\\nSource: direct\\nState: new\\nOwner: nobody yet\\nTime to claim: not yet";
  if (text.includes(`Grace ${kept.lastName} [`)) {
    expect(text).toMatch(block(`Grace ${kept.lastName}`, kept.company, ownRest));
  } else expect(text).toMatch(/^…and \d+ more/m);

  // The week's CSV, with the export's columns, the held lead too.
  const [csv] = summary!.attachments;
  expect(csv).toMatchObject({ type: "text/csv", disposition: "attachment" });
  expect(csv.filename).toMatch(/^leads-\d{4}-W\d{2}\.csv$/);
  const rows = Buffer.from(csv.content, "base64").toString("utf8");
  expect(rows.split("\r\n")[0]).toMatch(/^"id","receivedAt","state","firstName","lastName","email"/);
  expect(rows).toContain(`"${kept.email}"`);
  expect(rows).toContain(`"${held.email}"`);

  const line = new RegExp(`Hedy ${held.lastName} .*Not spam\\? Release this lead \\[(\\S+)\\]`);
  const link = new URL(text.match(line)?.[1] ?? "");
  expect(link.pathname).toMatch(/^\/leads\/[0-9a-f-]{36}\/release$/);

  // A forged link is refused, and opening the real one changes nothing.
  const forged = await page.goto(withSignature(link, alteredSignature(link)));
  expect(forged?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link is not valid");
  await page.goto(link.toString());
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Release a lead held as spam");
  await expect(page.getByText(`Hedy ${held.lastName} (${held.company})`)).toBeVisible();
  expect(await salesEmailsFor(request, held.email)).toEqual([]);
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page, `the release page, ${colorScheme}`);
  }

  await page.getByLabel("Released by").selectOption({ label: E2E_SALES_TEAM[0].name });
  await page.getByRole("button", { name: "Release", exact: true }).click();
  // On to the lead's page, through a fresh claim link: claim, call or write.
  await expect(page).toHaveURL(/\/leads\/[0-9a-f-]{36}\?sig=[\w-]+&exp=\d+$/);
  await expect(page.getByRole("button", { name: "Claim this lead" })).toBeVisible();
  await expect(page.getByRole("link", { name: `Call ${held.phone}` })).toBeVisible();
  await expect(page.getByRole("link", { name: `E-mail ${held.email}` })).toBeVisible();
  // The release link, opened again, says who released it and shows nothing of the prospect.
  await page.goto(link.toString());
  await expect(page.getByRole("status")).toContainText(`Released by ${E2E_SALES_TEAM[0].name}`);
  await expect(page.getByRole("button", { name: "Release", exact: true })).toHaveCount(0);
  await expect(page.getByText(held.email)).toHaveCount(0);
  await expect.poll(async () => (await salesEmailsFor(request, held.email)).length).toBe(1);
  const [story] = await salesEmailsFor(request, held.email);
  expect(story.text).toContain(`Released by ${E2E_SALES_TEAM[0].name}, `);
  const confirmations = (await sinkMessages(request)).filter(
    (m) => m.customArgs.kind === "confirmation" && m.to.includes(held.email),
  );
  expect(confirmations).toEqual([]);
});
