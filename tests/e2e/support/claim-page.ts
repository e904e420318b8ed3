/**
 * The lead's claim page (docs/requirements.md#follow-up; netlify/lib/add-ons/follow-up/claim-handler.ts) as the
 * sales team reaches and reads it: the link in the lead's sales e-mail, and the page's facts,
 * history, forms and notice, found by role and label.
 */
import { expect, type APIRequestContext, type Locator, type Page, type Response } from "@playwright/test";
import { sendDemoRequest } from "./demo-request-form";
import { salesEmailsFor, uniqueProspect } from "./mail-sink";
import { toasts } from "./toasts";

/** The line of the sales e-mail's text that carries the link (its button, CLAIM_BUTTON_TEXT in mailer.ts). */
const CLAIM_LINE = /^Claim this lead \[(\S+)\]$/m;

/**
 * The claim link in the one sales e-mail about `email`, once the local mail sink has it (the shared
 * server's unless `sink` names another). Asserts there is exactly one such e-mail and that it carries a link.
 */
export async function claimLinkFor(request: APIRequestContext, email: string, sink?: string): Promise<URL> {
  await expect
    .poll(() => salesEmailsFor(request, email, sink).then((m) => m.length), {
      message: `a sales e-mail about ${email}`,
      timeout: 30_000,
    })
    .toBe(1);
  const [sales] = await salesEmailsFor(request, email, sink);
  const match = (sales.text ?? "").match(CLAIM_LINE);
  expect(match, `the sales e-mail has no claim link:\n${sales.text}`).not.toBeNull();
  return new URL(match![1]);
}

/** Sends a demo request through /contact; resolves with its id, the prospect and the claim link from its sales e-mail. */
export async function requestDemo(page: Page) {
  const prospect = uniqueProspect();
  const id = await sendDemoRequest(page, prospect);
  await expect(toasts(page)).toContainText("Request Submitted Successfully", { timeout: 30_000 });
  const link = await claimLinkFor(page.request, prospect["Work Email"]);
  return { id, prospect, link };
}

/** The value of the page's fact `label` (a term and its description), e.g. fact(page, "Owner"). */
export const fact = (page: Page, label: string) =>
  page
    .getByRole("term")
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]");

/** The line of the lead's history that says `text`, e.g. historyLine(page, "Claimed by Ana Smith"). */
export const historyLine = (page: Page, text: string) =>
  page.getByRole("region", { name: "History" }).getByRole("listitem").filter({ hasText: text });

/** Asserts the page shows the follow-up `state` and `owner` ("nobody yet" before a claim). */
export async function expectFollowUp(page: Page, state: string, owner: string): Promise<void> {
  await expect(fact(page, "State")).toHaveText(state);
  await expect(fact(page, "Owner")).toHaveText(owner);
}

/** The roster's select, labelled "Claim as". */
export const claimAs = (page: Page) => page.getByLabel("Claim as", { exact: true });

/** The claim form's button. */
export const claimButton = (page: Page) => page.getByRole("button", { name: "Claim this lead", exact: true });

/** The notice the page shows when an action was refused or invalid (role="alert"). */
export const claimNotice = (page: Page) => page.getByRole("alert");

/**
 * Clicks `button` (a submit button of the claim page) and resolves with the answer to the POST
 * it sends (a 303 before the browser follows it, or the 409/422 page itself).
 */
export async function submitWith(page: Page, button: Locator): Promise<Response> {
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/leads/"),
  );
  await button.click();
  return answered;
}

/**
 * The key the roster's options carry for the member named `name` on the page at `link`, as a browser would post it
 * (docs/decisions/0040-link-lifetime-and-roster-keys.md: never their address).
 */
export async function rosterKey(request: APIRequestContext, link: URL, name: string): Promise<string> {
  const html = await (await request.get(link.toString())).text();
  const key = new RegExp(`<option value="([0-9a-f]{16})">${name}</option>`).exec(html)?.[1];
  expect(key, `no roster option for ${name}`).toBeDefined();
  return key!;
}

/** `link` with its `sig` replaced by `sig` (or without one, for null). */
export function withSignature(link: URL, sig: string | null): string {
  const forged = new URL(link);
  if (sig === null) forged.searchParams.delete("sig");
  else forged.searchParams.set("sig", sig);
  return forged.toString();
}

/** `link`'s signature with its first character changed (a character that carries 6 full bits). */
export function alteredSignature(link: URL): string {
  const sig = link.searchParams.get("sig") ?? "";
  expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return (sig[0] === "A" ? "B" : "A") + sig.slice(1);
}
