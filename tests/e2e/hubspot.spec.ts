/**
 * The HubSpot plugin through `npm start` (docs/decisions/0049-hubspot-plugin.md), on a server of this spec's own
 * with HUBSPOT_ACCESS_TOKEN=local and a roster: a demo request sent through /contact in the browser becomes a
 * contact in the local HubSpot sink (scripts/sinks/hubspot-sink.mjs) with the lead status NEW and one note naming
 * the request, and a claim on the lead's page as a roster member, whom the sink knows as a HubSpot owner, makes
 * that member the contact's owner.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import type { HubspotState } from "../../scripts/sinks/hubspot-sink.mjs";
import { claimAs, claimButton, claimLinkFor, expectFollowUp, submitWith } from "./support/claim-page";
import { fillAndSubmitDemoRequest } from "./support/demo-request-form";
import { gotoHydrated } from "./support/hydrated";
import { uniqueProspect } from "./support/mail-sink";
import { startRateLimitedServer, type RateLimitedServer } from "./support/rate-limited-server";

const ANA = { name: "Ana Smith", email: "ana@example.com" };
const BEN = { name: "Ben Lee", email: "ben@example.com" };

let server: RateLimitedServer;
test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async () => {
  // A hook keeps the default timeout whatever the describe block sets; the server's warm-up alone takes about 25 s.
  test.setTimeout(180_000);
  server = await startRateLimitedServer({
    RATE_LIMIT: "off",
    HUBSPOT_ACCESS_TOKEN: "local",
    SALES_TEAM: [BEN, ANA].map((m) => `${m.name} <${m.email}>`).join(", "),
  });
});
test.afterAll(async () => {
  await server?.stop();
});

/** What the server's HubSpot sink holds. */
async function hubspotState(request: APIRequestContext): Promise<HubspotState> {
  const response = await request.get(`${server.hubspotSinkUrl}/__sink/state`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as HubspotState;
}

test("a lead sent through /contact becomes a HubSpot contact with its note; a claim by a roster member makes them its owner", async ({
  page,
  request,
}) => {
  expect(server.hubspotSinkUrl, "npm start wrote no HubSpot sink URL").toBeDefined();
  const owners = (await hubspotState(request)).owners;
  expect(owners.map((o) => [o.id, o.email])).toEqual([
    ["1", BEN.email],
    ["2", ANA.email],
  ]);

  const prospect = uniqueProspect();
  const inbox = prospect["Work Email"];
  await gotoHydrated(page, `${server.url}/contact`);
  const id = await fillAndSubmitDemoRequest(page, prospect);

  // The HubSpot channel runs beside the sales e-mail, after the answer.
  await expect
    .poll(async () => (await hubspotState(request)).contacts.some((c) => c.properties.email === inbox), {
      message: `a HubSpot contact for ${inbox}`,
      timeout: 30_000,
    })
    .toBe(true);
  let state = await hubspotState(request);
  const contact = state.contacts.find((c) => c.properties.email === inbox)!;
  expect(contact.properties).toMatchObject({
    firstname: prospect["First Name"],
    lastname: prospect["Last Name"],
    company: prospect.Company,
    lifecyclestage: "lead",
    hs_lead_status: "NEW",
  });
  expect(contact.properties.hubspot_owner_id ?? null).toBeNull();
  const notes = state.notes.filter((n) => n.contactIds.includes(contact.id));
  expect(notes).toHaveLength(1);
  expect(notes[0].properties.hs_note_body).toContain(`(request ${id})`);
  expect(notes[0].properties.hs_note_body).toContain("Two sites in the Bowen Basin.");
  expect(state.rateLimited).toBe(0);

  const link = await claimLinkFor(request, inbox, server.sinkUrl);
  await page.goto(link.toString());
  await expectFollowUp(page, "new", "nobody yet");
  await claimAs(page).selectOption({ label: ANA.name });
  const answer = await submitWith(page, claimButton(page));
  expect(answer.status()).toBe(303);
  await expectFollowUp(page, "claimed", ANA.name);

  // The claim's lead event reaches HubSpot right after it: Ana is owner 2.
  await expect
    .poll(
      async () =>
        (await hubspotState(request)).contacts.find((c) => c.id === contact.id)?.properties.hubspot_owner_id,
      { message: "the contact's owner in HubSpot", timeout: 30_000 },
    )
    .toBe("2");
  state = await hubspotState(request);
  expect(state.contacts.filter((c) => c.properties.email === inbox)).toHaveLength(1);
  expect(state.notes.filter((n) => n.contactIds.includes(contact.id))).toHaveLength(1);
  expect(state.rateLimited).toBe(0);
});
