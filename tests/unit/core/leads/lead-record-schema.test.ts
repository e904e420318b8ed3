/**
 * @jest-environment node
 */
// A stored lead is checked before any code reads it (docs/decisions/0019-lead-path.md): types and
// shapes, lenient with what older leads lack; a record that fails is a MalformedLeadError carrying
// the id only, from the Blobs store's `get` too (a store fault still throws as a fault).
import { getStore } from "@netlify/blobs";
import {
  MalformedLeadError,
  newLead,
  noteMalformedLead,
  parseStoredLead,
  readLeads,
  type LeadRecord,
} from "../../../../netlify/lib/core/leads/lead-record";
import { silenceConsole } from "../../../helpers/console";
import { createBlobLeadStore } from "../../../../netlify/lib/core/leads/lead-store";
import { startBlobsServer, type TestBlobsServer } from "../../../helpers/blobs-server";
import { leadRecord, VALID } from "../../../helpers/function-harness";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";
import { deleteExpired } from "../../../../netlify/lib/kit/json-blobs";
import { STORAGE } from "../../../../netlify/lib/kit/storage";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";

const ID = "0b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d";
const good = () => leadRecord(ID, "sent");
const malformedId = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof MalformedLeadError ? error.id : `not malformed: ${String(error)}`;
  }
  return "accepted";
};

describe("parseStoredLead", () => {
  test("every lead the code writes passes unchanged: new, delivered, spam, with source and class", () => {
    const spam = newLead(ID, { ...VALID }, new Date(), { verdict: { kind: "spam", reason: "honeypot" } });
    const full = newLead(ID, { ...VALID }, new Date(), {
      verdict: { kind: "suspected", reason: "form token missing" },
      attribution: { landing_path: "/contact", utm_source: "linkedin" },
      clientKey: "k",
      emailClass: { class: "company", domain: "acme-mining.com", role: false },
    });
    const alerted: LeadRecord = {
      ...good(),
      alert: { reason: "failed", at: "2025-01-01T12:00:00.000Z", via: "email" },
    };
    for (const lead of [good(), spam, full, alerted])
      expect(parseStoredLead(structuredClone(lead), ID)).toEqual(lead);
  });

  test("older leads read: no webhook delivery (none added), no message, no source or class", () => {
    const { webhook: _webhook, ...deliveries } = good().deliveries;
    const { message: _message, ...request } = good().request;
    const old = { ...good(), deliveries, request };
    const read = parseStoredLead(old, ID);
    expect(read.deliveries.webhook).toBeUndefined();
    expect(read.request.message).toBe("");
    const noDeliveries = parseStoredLead({ ...good(), deliveries: undefined }, ID);
    expect(noDeliveries.deliveries).toEqual({ sales: { state: "pending", attempts: 0 } });
  });

  test("a lead as stored today reads with each of its channels' deliveries", () => {
    const today = {
      ...good(),
      deliveries: {
        sales: {
          state: "sent",
          attempts: 1,
          lastAttemptAt: "2026-12-01T01:00:00.000Z",
          sentAt: "2026-12-01T01:00:01.000Z",
        },
        confirmation: { state: "skipped", attempts: 0, lastError: "CONFIRMATION_EMAIL=off" },
        webhook: {
          state: "pending",
          attempts: 2,
          lastAttemptAt: "2026-12-01T01:02:00.000Z",
          lastError: "503",
        },
      },
    };
    expect(parseStoredLead(today, ID).deliveries).toEqual(today.deliveries);
  });

  test("fields it does not know are kept, so a record written back loses nothing", () => {
    const read = parseStoredLead({ ...good(), futureField: { a: 1 }, request: { ...VALID, extra: "x" } }, ID);
    expect(read).toMatchObject({ futureField: { a: 1 }, request: { extra: "x" } });
  });

  test("a stored value from older rules still reads: the form's limits and characters are not checked again", () => {
    const lead = { ...good(), request: { ...VALID, firstName: "A".repeat(500), email: "not an address" } };
    expect(parseStoredLead(lead, ID).request.firstName).toHaveLength(500);
  });

  test.each([
    ["a JSON string", "a lead"],
    ["an array", [good()]],
    ["null", null],
    ["a number for the e-mail", { ...good(), request: { ...VALID, email: 42 } }],
    ["no request", { ...good(), request: undefined }],
    ["an unknown state", { ...good(), state: "archived" }],
    [
      "an unknown delivery state",
      { ...good(), deliveries: { ...good().deliveries, sales: { state: "lost", attempts: 1 } } },
    ],
    [
      "attempts that are not a count",
      { ...good(), deliveries: { ...good().deliveries, sales: { state: "sent", attempts: "1" } } },
    ],
    ["an arrival time that is not ISO 8601", { ...good(), receivedAt: "yesterday" }],
    ["a source value that is not text", { ...good(), attribution: { utm_source: 7 } }],
    ["an unknown e-mail class", { ...good(), emailClass: { class: "work", domain: "a.com", role: false } }],
    ["another lead's id", { ...good(), id: "another" }],
  ])("%s is malformed, and the error names the id only", (_what, data) => {
    expect(malformedId(() => parseStoredLead(data, ID))).toBe(ID);
    try {
      parseStoredLead(data, ID);
    } catch (error) {
      expect((error as Error).name).toBe("MalformedLeadError");
      expect((error as Error).message).not.toMatch(/jane|acme|42|archived|yesterday/i);
    }
  });
});

test("readLeads leaves a malformed record out with its log line, keeps the others, and throws on a store fault", async () => {
  const error = silenceConsole("error");
  const store = createMemoryLeadStore();
  await store.create(leadRecord("a", "sent"));
  await store.create(leadRecord("b", "sent"));
  store.records.set("bad", "not a lead" as unknown as LeadRecord);
  const read = await readLeads(store, ["a", "bad", "gone", "b"], "the test");
  expect(read.map((lead) => lead.id)).toEqual(["a", "b"]);
  expect(error.mock.calls.join("\n")).toContain(
    'MALFORMED LEAD: the stored record is not a lead record; the test skipped it {"requestId":"bad"}',
  );
  expect(error.mock.calls.join("\n")).not.toContain('not a lead"');
  const down = { get: () => Promise.reject(new Error("blobs down")) };
  await expect(readLeads(down, ["a"], "the test")).rejects.toThrow("blobs down");
  error.mockRestore();
});

test("a malformed lead's note is new once, then kept 30 days and pruned", async () => {
  const blobs = createMemoryBlobs();
  const at = new Date("2026-01-01T00:00:00.000Z");
  expect(await noteMalformedLead(blobs, ID, at)).toBe(true);
  expect(await noteMalformedLead(blobs, ID, at)).toBe(false);
  expect((await blobs.getWithEtag(`malformed/${ID}`))?.data).toEqual({
    at: at.toISOString(),
    expiresAt: "2026-01-31T00:00:00.000Z",
  });
  expect(await deleteExpired(blobs, STORAGE.malformed.prefix, new Date("2026-01-30T23:59:59.000Z"))).toBe(0);
  expect(await deleteExpired(blobs, STORAGE.malformed.prefix, new Date("2026-01-31T00:00:01.000Z"))).toBe(1);
});

describe("the Blobs lead store's get", () => {
  let server: TestBlobsServer;
  beforeAll(async () => {
    server = await startBlobsServer();
  });
  afterAll(() => server.close());

  test("a stored value that is not a lead record, or not JSON, throws MalformedLeadError; none is null", async () => {
    const blobs = server.open("malformed");
    const leads = createBlobLeadStore(blobs);
    await leads.create(leadRecord(ID, "sent"));
    expect(await leads.get(ID)).toEqual(leadRecord(ID, "sent"));
    await blobs.setJSON("leads/string", "a lead");
    await blobs.setJSON("leads/number-email", {
      ...leadRecord("number-email", "sent"),
      request: { ...VALID, email: 42 },
    });
    await blobs.set("leads/not-json", "{ half a record");
    for (const id of ["string", "number-email", "not-json"]) {
      await expect(leads.get(id)).rejects.toBeInstanceOf(MalformedLeadError);
    }
    expect(await leads.get("never-stored")).toBeNull();
  });

  test("getWithEtag gives the lead with the etag of a conditional write; a damaged record throws MalformedLeadError", async () => {
    const blobs = server.open("with-etag");
    const leads = createBlobLeadStore(blobs);
    await leads.create(leadRecord(ID, "sent"));
    const found = await leads.getWithEtag(ID);
    expect(found?.lead).toEqual(leadRecord(ID, "sent"));
    expect(
      (await blobs.setJSON(`leads/${ID}`, leadRecord(ID, "pending"), { onlyIfMatch: found!.etag! })).modified,
    ).toBe(true);
    expect(
      (await blobs.setJSON(`leads/${ID}`, leadRecord(ID, "sent"), { onlyIfMatch: found!.etag! })).modified,
    ).toBe(false);
    await blobs.set("leads/not-json", "{ half a record");
    await expect(leads.getWithEtag("not-json")).rejects.toBeInstanceOf(MalformedLeadError);
    expect(await leads.getWithEtag("never-stored")).toBeNull();
  });

  test("a store that cannot be reached still throws its own error, not MalformedLeadError", async () => {
    const unreachable = getStore({
      name: "down",
      siteID: "test",
      token: "t",
      edgeURL: "http://127.0.0.1:9",
      uncachedEdgeURL: "http://127.0.0.1:9",
    });
    await expect(createBlobLeadStore(unreachable).get(ID)).rejects.not.toBeInstanceOf(MalformedLeadError);
  });
});
