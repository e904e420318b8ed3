/**
 * @jest-environment node
 */
// HubSpot's copy of a lead in erasure (docs/decisions/0049-hubspot-plugin.md): the contact named by the delivery's
// memo, deleted with HubSpot's GDPR delete by that stored id and never by the address, each answer reported by
// status, the token never shown. `leads:erase` names the copy (also in a dry run) and asks HubSpot only once the
// owner said yes.
import { hubspotCopy } from "../../../../netlify/lib/add-ons/hubspot/erasure";
import { hubspotPlugin } from "../../../../netlify/lib/add-ons/hubspot/plugin";
import {
  describePartnerCopies,
  erasePartnerCopies,
  erasureStore,
  findPartnerCopies,
  findRequestsFrom,
  isYes,
} from "../../../../netlify/lib/add-ons/privacy/lead-erasure";
import { PLUGINS } from "../../../../netlify/lib/compose";
import type { Plugin } from "../../../../netlify/lib/core/plugin";
import { newLead, type LeadRecord } from "../../../../netlify/lib/core/leads/lead-record";
import { silenceConsole } from "../../../helpers/console";
import { leadRecord, NO_WAITS, VALID } from "../../../helpers/function-harness";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";
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

const OTHER = "6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";

/** A stored lead of jane's HubSpot holds as contact 501, another of hers it holds none of, and bob's. */
async function stored() {
  const leads = createMemoryLeadStore();
  await leads.create(delivered({ contactId: "501", created: true }));
  await leads.create(leadRecord(OTHER, "sent"));
  await leads.create(leadRecord("bob-1", "sent", { request: { ...VALID, email: "bob@acme-mining.com" } }));
  return leads;
}

test("a dry run by address names HubSpot's copy by request and contact id, and changes nothing", async () => {
  const leads = await stored();
  const store = erasureStore(leads, createMemoryBlobs(), PLUGINS);
  const findings = await findRequestsFrom({ store, address: VALID.email });
  expect(findings.matches.map((m) => m.id).sort()).toEqual([ID, OTHER].sort());
  const found = await findPartnerCopies({ leads, ids: findings.matches.map((m) => m.id), plugins: PLUGINS });
  expect(describePartnerCopies(found, false)).toEqual([
    `HubSpot holds a copy of request ${ID} (contact 501); it is not erased by this command. Run again with ` +
      "--crm to ask HubSpot to delete it.",
  ]);
  expect(describePartnerCopies(found, true)).toEqual([
    `HubSpot holds a copy of request ${ID} (contact 501).`,
  ]);
  expect(leads.records.size).toBe(3);
});

test("a request that cannot be read is named as not checked for a copy; without a partner no lead is read", async () => {
  const leads = await stored();
  const unreadable = {
    get: async (id: string) => (id === ID ? Promise.reject(new Error("down")) : leads.get(id)),
  };
  const found = await findPartnerCopies({ leads: unreadable, ids: [ID, OTHER], plugins: PLUGINS });
  expect(found).toEqual({ held: [], unchecked: [ID] });
  expect(describePartnerCopies(found, false)).toEqual([
    `NOT CHECKED for a partner's copy: 1 request(s) could not be read: ${ID}.`,
  ]);
  const get = jest.fn(leads.get);
  const none = PLUGINS.filter((plugin) => !plugin.privacy?.partnerCopy);
  expect(await findPartnerCopies({ leads: { get }, ids: [ID], plugins: none })).toEqual({
    held: [],
    unchecked: [],
  });
  expect(get).not.toHaveBeenCalled();
});

/** The hubspot plugin with its calls going to the scripted HubSpot. */
const scriptedPlugin = (hubspot: ReturnType<typeof scriptedHubspot>): Plugin => ({
  name: "hubspot",
  privacy: { partnerCopy: async () => hubspotCopy({ fetchImpl: hubspot.fetchImpl, retry: NO_WAITS }) },
});

test("--crm asks first, then has HubSpot delete the contact by the id stored on the request", async () => {
  const { hubspot } = setup();
  const leads = await stored();
  const found = await findPartnerCopies({ leads, ids: [ID, OTHER], plugins: [scriptedPlugin(hubspot)] });
  const asked: string[] = [];
  const answer = await erasePartnerCopies({
    held: found.held,
    env: ENV,
    confirm: async (question) => (asked.push(question), true),
  });
  expect(asked).toEqual([
    "Ask HubSpot to delete contact 501 and everything HubSpot holds on it? This cannot be undone. [y/N] ",
  ]);
  expect(answer).toEqual({
    lines: ["HubSpot deleted contact 501 (GDPR delete)."],
    ok: true,
    declined: false,
  });
  expect(hubspot.calls).toEqual([{ operation: "contacts gdpr delete", body: { objectId: "501" } }]);
  expect(hubspot.contacts.map((c) => c.id)).toEqual(["502"]);
});

test("a declined question sends nothing to HubSpot; a failed deletion is named with the contact to delete by hand", async () => {
  const errors = silenceConsole("error");
  const { hubspot } = setup();
  const leads = await stored();
  const { held } = await findPartnerCopies({ leads, ids: [ID], plugins: [scriptedPlugin(hubspot)] });
  const declined = await erasePartnerCopies({ held, env: ENV, confirm: async () => false });
  expect(declined).toMatchObject({ ok: false, declined: true });
  expect(declined.lines.join("\n")).toContain("Nothing was sent or erased: declined for contact 501.");
  expect(hubspot.calls).toEqual([]);

  hubspot.acceptToken("another");
  const refused = await erasePartnerCopies({ held, env: ENV, confirm: async () => true });
  expect(refused).toMatchObject({ ok: false, declined: false });
  expect(refused.lines[0]).toMatch(
    /^NOT ERASED by HubSpot \(request [-0-9a-f]+\): HubSpot refused the token \(401\)/,
  );
  expect(refused.lines[0]).toContain("Delete contact 501 in HubSpot by hand");
  expect(errors.text()).toContain("HubSpot refused a call");
});

test("only y or yes, in any case, is a yes", () => {
  for (const yes of ["y", "Y", "yes", " YES "]) expect([yes, isYes(yes)]).toEqual([yes, true]);
  for (const no of ["", "n", "no", "yeah", "y es", "ok"]) expect([no, isYes(no)]).toEqual([no, false]);
});
