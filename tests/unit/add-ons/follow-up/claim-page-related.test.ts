/**
 * @jest-environment node
 */
// The claim page's part in knowing the company (docs/requirements.md#know-the-company,
// docs/decisions/0050-company-match.md): the lead lines near the top; the earlier requests of the person and the
// company by name, date, state and owner, never a link to their pages, an address or a phone, so a forwarded link
// opens no colleague's lead; a hand-over to the roster member who works the company, or a sentence saying they left
// the roster.
import { addOnsFor } from "../../../../netlify/lib/compose";
import type { ServerConfig } from "../../../../netlify/lib/core/config";
import { leadMarkersOf } from "../../../../netlify/lib/core/add-on";
import { inboxKeyOf } from "../../../../netlify/lib/core/leads/lead-address";
import { newLead, type LeadRecord } from "../../../../netlify/lib/core/leads/lead-record";
import { createClaimHandler } from "../../../../netlify/lib/add-ons/follow-up/claim-handler";
import { claimUrlFor } from "../../../../netlify/lib/add-ons/follow-up/claim-link";
import { applyAction, type FollowUpAction } from "../../../../netlify/lib/add-ons/follow-up/follow-up-record";
import { createFollowUpStore } from "../../../../netlify/lib/add-ons/follow-up/follow-up-store";
import { keyedRoster } from "../../../../netlify/lib/add-ons/follow-up/signed-page";
import { memoryLimits, scriptedMailer, TEST_CONFIG, VALID } from "../../../helpers/function-harness";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";

const ORIGIN = TEST_CONFIG.siteOrigin!;
const NOW = new Date("2026-11-24T03:05:00.000Z");
const ANA = { name: "Ana Smith", email: "ana@example.com" };
const BEN = { name: "Ben Ng", email: "ben.ng@example.com" };
const CY = { name: "Cy Park", email: "cy@example.com" };
const idOf = (n: number) => `5f0c1a2b-3c4d-4e5f-8a9b-${String(n).padStart(12, "0")}`;
const day = (n: number) => new Date(Date.UTC(2026, 10, n, 1));

/** Three leads of one company: Olga's (Ben works it), Pia's (closed by Ana), and Dee's, whose page is opened. */
async function setup(salesTeam = [ANA, BEN]) {
  const blobs = createMemoryBlobs();
  const followUps = createFollowUpStore(blobs);
  const leads = createMemoryLeadStore({ followUps });
  const config: ServerConfig = { ...TEST_CONFIG, followUp: { ...TEST_CONFIG.followUp, salesTeam } };
  const getAddOns = (on: ServerConfig) =>
    addOnsFor(on, {
      confirmationLimits: () => memoryLimits(),
      followUps: () => followUps,
      companyMatchStores: () => ({ blobs, leads }),
    });
  const addOns = await getAddOns(config);
  const arrive = async (n: number, email: string, firstName: string, phone: string = VALID.phone) => {
    const lead: LeadRecord = {
      ...newLead(idOf(n), { ...VALID, email, firstName, phone }, day(n), {
        inboxKey: inboxKeyOf(email, config.formSecret),
      }),
      state: "sent",
    };
    for (const marker of leadMarkersOf(addOns, lead)) await blobs.setJSON(marker, { since: lead.receivedAt });
    await leads.create(lead);
    return lead;
  };
  const act = (lead: LeadRecord, action: FollowUpAction, n: number) =>
    followUps.update(lead.id, (current) => applyAction(current, action, day(n)));
  const olga = await arrive(1, "olga@karijinironore.com.au", "<b>Olga</b>", "+61 411 111 111");
  await act(olga, { kind: "claim", owner: BEN }, 1);
  await act(olga, { kind: "contacted" }, 1);
  const pia = await arrive(2, "pia@mail.karijinironore.com.au", "Pia", "+61 422 222 222");
  await act(pia, { kind: "claim", owner: ANA }, 2);
  await act(pia, { kind: "close", reason: "demo held" }, 3);
  const dee = await arrive(10, "dee@karijinironore.com.au", "Dee");
  const handle = createClaimHandler({
    getConfig: () => ({ ok: true, config }),
    getAddOns,
    getLeadEvents: () => blobs,
    getStore: () => leads,
    getFollowUps: () => followUps,
    createMailer: () => scriptedMailer(),
    now: () => NOW,
  });
  const link = claimUrlFor(config, dee.id, NOW)!;
  const open = async () => (await handle(new Request(link), dee.id)).text();
  const post = (fields: Record<string, string>) =>
    handle(
      new Request(link, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
        body: new URLSearchParams(fields).toString(),
      }),
      dee.id,
    );
  const keys = Object.fromEntries(
    keyedRoster([ANA, BEN, CY], config.formSecret)!.map(({ member, key }) => [member.name, key]),
  );
  return { olga, pia, dee, act, open, post, link, keys, followUps };
}

const LINE = "Same e-mail domain: 1 open request at karijinironore.com.au (and 1 closed), owner Ben Ng";

test("the lead lines stand near the top, and the earlier requests are named by name, date, state and owner, escaped", async () => {
  const w = await setup();
  const html = await w.open();
  expect(html).toContain(`<li>${LINE}</li>`);
  expect(html.indexOf(LINE)).toBeLessThan(html.indexOf("<h3>Message</h3>"));
  expect(html).toContain('<section aria-labelledby="earlier"><h2 id="earlier">Earlier requests</h2>');
  expect(html).toContain(
    "<li>&lt;b&gt;Olga&lt;/b&gt; Driller, Sun 1 Nov 2026, 01:00 UTC: contacted, owner Ben Ng</li>",
  );
  expect(html).toContain(
    "<li>Pia Driller, Mon 2 Nov 2026, 01:00 UTC: closed: demo held, owner Ana Smith</li>",
  );
  expect(html).not.toContain("<b>Olga");
});

test("no link, address, phone or id of another lead: a forwarded link opens no colleague's lead", async () => {
  const w = await setup();
  const html = await w.open();
  expect(html).toContain("contacted, owner Ben Ng</li>");
  for (const secret of [w.olga.id, w.pia.id, "olga@", "pia@", "+61 411", "+61 422", "61411", "61422"])
    expect([secret, html.includes(secret)]).toEqual([secret, false]);
  const own = new URL(w.link);
  const action = `${own.pathname}${own.search}`.replace("&", "&amp;");
  const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
  expect(hrefs.filter((href) => !href.startsWith("tel:") && !href.startsWith("mailto:"))).toEqual([]);
  expect(hrefs.join()).not.toContain("/leads/");
  const actions = new Set([...html.matchAll(/action="([^"]*)"/g)].map((m) => m[1]));
  expect([...actions]).toEqual([action]);
});

test("it offers to hand the lead to the roster member who works the company, and posting the offer hands it over", async () => {
  const w = await setup();
  await w.act(w.dee, { kind: "claim", owner: ANA }, 10);
  const html = await w.open();
  const offer = /<form[^>]*>(?:(?!<\/form>).)*Hand over to Ben\?(?:(?!<\/form>).)*<\/form>/.exec(html)?.[0];
  expect(offer).toContain("<p>Ben Ng works this company.</p>");
  expect(offer).toContain('<button type="submit">Hand over to Ben?</button>');
  const fields = Object.fromEntries(
    [...offer!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
  );
  expect(fields).toEqual({ action: "hand-over", to: w.keys["Ben Ng"] });
  expect((await w.post(fields)).status).toBe(303);
  expect((await w.followUps.get(w.dee.id)).owner).toEqual(BEN);
  // Ben holds it now: the sentence stays, the offer goes.
  const after = await w.open();
  expect(after).toContain("<p>Ben Ng works this company.</p>");
  expect(after).not.toContain("Hand over to Ben?");
});

test("who works the company but left the roster is said so, with no hand-over offered to them", async () => {
  const w = await setup([ANA, CY]);
  await w.act(w.dee, { kind: "claim", owner: ANA }, 10);
  const html = await w.open();
  expect(html).toContain("<p>Ben Ng worked this company but is no longer on the sales team.</p>");
  expect(html).not.toContain("Hand over to Ben");
  expect(html).not.toContain(w.keys["Ben Ng"]);
});
