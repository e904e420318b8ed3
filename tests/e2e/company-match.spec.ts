/**
 * Know the company through `npm start` (docs/decisions/0050-company-match.md), on a server of this spec's own with a
 * roster: a colleague at the same company domain, sent after the first prospect was claimed, reaches sales with a
 * line naming the open request and who works the company; a gmail.com address is nobody's colleague.
 */
import { expect, test } from "@playwright/test";
import { claimAs, claimButton, claimLinkFor, expectFollowUp, submitWith } from "./support/claim-page";
import { fillAndSubmitDemoRequest } from "./support/demo-request-form";
import { gotoHydrated } from "./support/hydrated";
import { salesEmailsFor, uniqueProspect, uniqueTag } from "./support/mail-sink";
import { startRateLimitedServer, type RateLimitedServer } from "./support/rate-limited-server";

const ANA = { name: "Ana Smith", email: "ana@example.com" };

let server: RateLimitedServer;
test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startRateLimitedServer({ RATE_LIMIT: "off", SALES_TEAM: `${ANA.name} <${ANA.email}>` });
});
test.afterAll(async () => {
  await server?.stop();
});

test("a colleague's sales e-mail names the company's open request and the owner who works it", async ({
  page,
  request,
}) => {
  const domain = `karijini${uniqueTag()}.com.au`;
  const first = { ...uniqueProspect(), "Work Email": `ben@mail.${domain}` };
  await gotoHydrated(page, `${server.url}/contact`);
  await fillAndSubmitDemoRequest(page, first);
  await page.goto((await claimLinkFor(request, first["Work Email"], server.sinkUrl)).toString());
  await claimAs(page).selectOption({ label: ANA.name });
  expect((await submitWith(page, claimButton(page))).status()).toBe(303);
  await expectFollowUp(page, "claimed", ANA.name);

  const colleague = { ...uniqueProspect(), "Work Email": `cy@${domain}` };
  await gotoHydrated(page, `${server.url}/contact`);
  await fillAndSubmitDemoRequest(page, colleague);
  await expect
    .poll(async () => (await salesEmailsFor(request, colleague["Work Email"], server.sinkUrl)).length, {
      timeout: 30_000,
    })
    .toBe(1);
  const [sales] = await salesEmailsFor(request, colleague["Work Email"], server.sinkUrl);
  expect(sales.text).toContain(`Same e-mail domain: 1 open request at ${domain}, owner ${ANA.name}`);

  const stranger = { ...uniqueProspect(), "Work Email": `grace.${uniqueTag()}@gmail.com` };
  await gotoHydrated(page, `${server.url}/contact`);
  await fillAndSubmitDemoRequest(page, stranger);
  await expect
    .poll(async () => (await salesEmailsFor(request, stranger["Work Email"], server.sinkUrl)).length, {
      timeout: 30_000,
    })
    .toBe(1);
  const [alone] = await salesEmailsFor(request, stranger["Work Email"], server.sinkUrl);
  expect(alone.text).not.toContain("Same e-mail domain");
  expect(alone.text).not.toContain("Returning:");
});
