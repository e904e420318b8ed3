/**
 * @jest-environment node
 */
// The contact follows the lead's follow-up through the lead events (docs/decisions/0049-hubspot-plugin.md): the
// owner on claim and hand-over when the person is a HubSpot user, the lead status on each change, and a lead closed
// as spam archives only a contact this plugin created.
import { forgetOwners } from "../../../../netlify/lib/add-ons/hubspot/follow-up";
import { hubspotAddOn } from "../../../../netlify/lib/add-ons/hubspot/add-on";
import { DEFAULT_LEAD_STATUSES } from "../../../../netlify/lib/add-ons/hubspot/settings";
import type { AddOn } from "../../../../netlify/lib/core/add-on";
import type { FollowUpView } from "../../../../netlify/lib/core/follow-up-hooks";
import type { LeadEventName } from "../../../../netlify/lib/core/leads/lead-events";
import { newLead, type LeadRecord } from "../../../../netlify/lib/core/leads/lead-record";
import { silenceConsole } from "../../../helpers/console";
import { NO_WAITS, TEST_CONFIG, VALID } from "../../../helpers/function-harness";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";
import { scriptedHubspot } from "../../../helpers/scripted-hubspot";

const NOW = new Date("2026-12-02T01:00:00.000Z");
const ID = "5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b";
const SETTINGS = { token: "pat-test", baseUrl: "https://hubspot.test", leadStatuses: DEFAULT_LEAD_STATUSES };

function setup(view: FollowUpView, contact: { created: boolean } | "none" = { created: true }) {
  forgetOwners();
  const hubspot = scriptedHubspot();
  hubspot.owners.push({ id: "31", email: "ana@example.com", archived: false });
  hubspot.contacts.push({
    id: "7",
    archived: false,
    properties: { email: "jane@acme-mining.com", hs_lead_status: "NEW" },
  });
  const addOn = hubspotAddOn(SETTINGS, { hubspotFetch: hubspot.fetchImpl, hubspotNotes: createMemoryBlobs });
  const followUp: AddOn = { name: "follow-up", followUpView: async () => view };
  const base = newLead(ID, { ...VALID }, NOW, { channels: ["hubspot"] });
  const lead: LeadRecord =
    contact === "none"
      ? base
      : {
          ...base,
          deliveries: {
            ...base.deliveries,
            hubspot: { state: "sent", attempts: 1, memo: { contactId: "7", ...contact } },
          },
        };
  const deliver = (name: LeadEventName) =>
    addOn.onLeadEvent!.deliver({ leadId: ID, name, at: NOW.toISOString(), detail: "" }, lead, {
      config: TEST_CONFIG,
      retry: NO_WAITS,
      now: () => NOW,
      addOns: [followUp, addOn],
    });
  return { hubspot, deliver, contact: hubspot.contacts[0] };
}

test("a claim and a hand-over set the contact's owner when the person is a HubSpot user", async () => {
  const w = setup({ state: "claimed", owner: { name: "Ana Smith", email: "ANA@example.com" } });
  expect(await w.deliver("claimed")).toMatchObject({ status: "sent" });
  expect(w.contact.properties.hubspot_owner_id).toBe("31");
  const ben = setup({ state: "claimed", owner: { name: "Ben Ng", email: "ben@example.com" } });
  expect(await ben.deliver("handed-over")).toMatchObject({ status: "sent" });
  expect(ben.contact.properties).not.toHaveProperty("hubspot_owner_id");
});

test("contacted and each close reason set the mapped lead status; a duplicate leaves it", async () => {
  const w = setup({ state: "contacted" });
  await w.deliver("contacted");
  expect(w.contact.properties.hs_lead_status).toBe("ATTEMPTED_TO_CONTACT");
  for (const [reason, status] of [
    ["not a fit", "UNQUALIFIED"],
    ["pilot agreed", "OPEN_DEAL"],
    ["duplicate", "NEW"],
  ] as const) {
    const closed = setup({ state: "closed", closedReason: reason });
    await closed.deliver("closed");
    expect(closed.contact.properties.hs_lead_status).toBe(status);
  }
  const reopened = setup({ state: "new" });
  await reopened.deliver("reopened");
  expect(reopened.contact.properties.hs_lead_status).toBe("OPEN");
});

test("closed as spam archives a contact this plugin created, and leaves one that existed before", async () => {
  const created = setup({ state: "closed", closedReason: "spam" }, { created: true });
  await created.deliver("closed");
  expect(created.contact.archived).toBe(true);
  const existing = setup({ state: "closed", closedReason: "spam" }, { created: false });
  await existing.deliver("closed");
  expect(existing.contact.archived).toBe(false);
  expect(existing.contact.properties.hs_lead_status).toBe("UNQUALIFIED");
});

test("a claim before the contact exists waits for it; a refused token keeps it waiting", async () => {
  const w = setup({ state: "claimed", owner: { name: "Ana Smith", email: "ana@example.com" } }, "none");
  expect(await w.deliver("claimed")).toMatchObject({ status: "retryable" });
  expect(w.hubspot.calls).toEqual([]);
  const refused = setup({ state: "contacted" });
  refused.hubspot.acceptToken("another");
  const errors = silenceConsole("error");
  expect(await refused.deliver("contacted")).toMatchObject({ status: "retryable", code: 401 });
  expect(errors.text()).toContain('"status":401');
  errors.mockRestore();
});
