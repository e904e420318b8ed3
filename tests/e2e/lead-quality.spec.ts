/**
 * Lead quality in a real browser through `npm start` (docs/requirements.md#lead-quality,
 * docs/decisions/0031-email-classification.md): a demo request typed into the form from a free-mail
 * address shows its tag in the sales e-mail's subject and its class in the export; one from a
 * throwaway inbox arrives marked suspected, with no confirmation, never refused; one from a company
 * domain arrives untagged.
 */
import { expect, test } from "@playwright/test";
import { sendDemoRequest } from "./support/demo-request-form";
import { exportedLead } from "./support/leads-export";
import { confirmationsTo, salesEmailsFor, uniqueProspect, uniqueTag } from "./support/mail-sink";

test.describe.configure({ timeout: 120_000 });

const TAGS = /\[(free mail|ISP|disposable|role address)\]/;

/** A unique prospect whose Work Email is at `domain`. */
function prospectAt(domain: string): Record<string, string> {
  return { ...uniqueProspect(), "Work Email": `grace.${uniqueTag()}@${domain}` };
}

/** The one sales e-mail about `email`, once the sink has it. */
async function salesEmail(request: Parameters<typeof salesEmailsFor>[0], email: string) {
  await expect.poll(async () => (await salesEmailsFor(request, email)).length, { timeout: 30_000 }).toBe(1);
  return (await salesEmailsFor(request, email))[0];
}

test("a free-mail address: the tag in the sales e-mail's subject, the class in the export", async ({
  page,
  request,
}) => {
  const prospect = prospectAt("gmail.com");
  const id = await sendDemoRequest(page, prospect);
  const sales = await salesEmail(request, prospect["Work Email"]);
  expect(sales.subject).toMatch(/^(\[Suspected spam\] )?Demo request \[free mail\]: Grace Hopper/);
  expect(sales.text).toContain("\n[free mail]\n");
  expect((await exportedLead(id))?.emailClass).toBe("free");
});

test("a disposable address arrives marked suspected with the reason, and gets no confirmation", async ({
  page,
  request,
}) => {
  const prospect = prospectAt("mailinator.com");
  const id = await sendDemoRequest(page, prospect);
  const sales = await salesEmail(request, prospect["Work Email"]);
  expect(sales.subject).toMatch(/^\[Suspected spam\] Demo request \[disposable\]: Grace Hopper/);
  expect(sales.text).toContain("disposable e-mail address (mailinator.com)");
  const row = await exportedLead(id);
  expect(row?.emailClass).toBe("disposable");
  expect(row?.suspectedSpam).toContain("disposable e-mail address (mailinator.com)");
  expect(row?.state).toBe("sent");
  expect(await confirmationsTo(request, prospect["Work Email"])).toEqual([]);
});

test("a company domain arrives untagged", async ({ page, request }) => {
  const prospect = prospectAt("compiler-mining.com.au");
  const id = await sendDemoRequest(page, prospect);
  const sales = await salesEmail(request, prospect["Work Email"]);
  expect(sales.subject).not.toMatch(TAGS);
  expect(sales.subject).toContain("Demo request: Grace Hopper");
  expect(sales.text).toContain("\n[company domain]\n");
  expect((await exportedLead(id))?.emailClass).toBe("company");
});
