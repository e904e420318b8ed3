/**
 * @jest-environment node
 */
// HubSpot's copy of a lead in erasure (docs/decisions/0049-hubspot-plugin.md): the contact named by the delivery's
// memo, deleted with HubSpot's GDPR delete by that stored id and never by the address, each answer reported by
// status, the token never shown.
import { hubspotCopy } from "../../../../netlify/lib/add-ons/hubspot/erasure";
import { hubspotPlugin } from "../../../../netlify/lib/add-ons/hubspot/plugin";
import { newLead, type LeadRecord } from "../../../../netlify/lib/core/leads/lead-record";
import { silenceConsole } from "../../../helpers/console";
import { NO_WAITS, VALID } from "../../../helpers/function-harness";
import { scriptedHubspot } from "../../../helpers/scripted-hubspot";

const ID = "5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b";
const ENV = {
  HUBSPOT_ACCESS_TOKEN: "pat-test",
  HUBSPOT_API_BASE_URL: "https://hubspot.test",
  ALLOW_SENDGRID_BASE_URL: "true",
};

function setup() {
  const hubspot = scriptedHubspot();
  hubspot.contacts.push(
    { id: "501", archived: false, properties: { email: "jane@acme-mining.com" } },
    { id: "502", archived: false, properties: { email: "bob@acme-mining.com" } },
  );
  hubspot.notes.push({ id: "601", properties: { hs_note_body: ID }, contactIds: ["501"] });
  return { hubspot, copy: hubspotCopy({ fetchImpl: hubspot.fetchImpl, retry: NO_WAITS }) };
}

const delivered = (memo?: Record<string, string | boolean>): LeadRecord => {
  const lead = newLead(ID, { ...VALID }, new Date("2026-12-02T01:00:00.000Z"), { channels: ["hubspot"] });
  return memo
    ? { ...lead, deliveries: { ...lead.deliveries, hubspot: { state: "sent", attempts: 1, memo } } }
    : lead;
};

test("the plugin reports HubSpot's copy, on or off, by the contact id its delivery keeps", async () => {
  const copy = await hubspotPlugin.privacy!.partnerCopy!();
  expect(copy.holder).toBe("HubSpot");
  expect(copy.recordOf(delivered({ contactId: "501", created: true }))).toBe("501");
  expect(copy.recordOf(delivered({ noteInDoubt: true }))).toBeUndefined();
  expect(copy.recordOf(delivered())).toBeUndefined();
});

test("erasure deletes the stored contact id with HubSpot's GDPR delete, never by address; its notes go with it", async () => {
  const { hubspot, copy } = setup();
  expect(await copy.erase("501", ENV)).toEqual({
    ok: true,
    line: "HubSpot deleted contact 501 (GDPR delete).",
  });
  expect(hubspot.calls).toEqual([{ operation: "contacts gdpr delete", body: { objectId: "501" } }]);
  expect(hubspot.contacts.map((c) => c.id)).toEqual(["502"]);
  expect(hubspot.notes).toEqual([]);
});

test("HubSpot's refusals are reported by status: no such contact, a refused token (never shown)", async () => {
  const errors = silenceConsole("error");
  const { hubspot, copy } = setup();
  const missing = await copy.erase("999", ENV);
  expect(missing).toMatchObject({
    ok: false,
    line: expect.stringContaining("HubSpot answered 404: no such contact 999"),
  });
  hubspot.acceptToken("another");
  const refused = await copy.erase("501", ENV);
  expect(refused).toMatchObject({
    ok: false,
    line: expect.stringContaining("HubSpot refused the token (401)"),
  });
  expect(refused.line).toContain("HUBSPOT_ACCESS_TOKEN");
  expect(JSON.stringify([missing, refused, errors.lines()])).not.toContain("pat-test");
  expect(hubspot.contacts).toHaveLength(2);
});

test("a 5xx is retried, then reported; with HubSpot off or invalid nothing is sent and the variable is named", async () => {
  const errors = silenceConsole("error");
  const { hubspot, copy } = setup();
  hubspot.fail("contacts gdpr delete", { status: 503 }, { status: 503 }, { status: 503 }, { status: 503 });
  const down = await copy.erase("501", ENV);
  expect(down).toMatchObject({ ok: false, line: expect.stringContaining("HubSpot answered 503") });
  expect(errors.text()).toContain("HubSpot refused a call");
  hubspot.calls.length = 0;
  const off = await copy.erase("501", {});
  expect(off).toMatchObject({ ok: false, line: expect.stringContaining("HUBSPOT_ACCESS_TOKEN is not set") });
  const invalid = await copy.erase("501", { HUBSPOT_ACCESS_TOKEN: "local" });
  expect(invalid).toMatchObject({
    ok: false,
    line: expect.stringContaining("HUBSPOT_ACCESS_TOKEN is invalid"),
  });
  expect(hubspot.calls).toEqual([]);
});
