// `npm start`'s HubSpot sink (scripts/sinks/hubspot-sink.mjs): HubSpot's 2026-03 answers for the calls the plugin
// makes, its free tier's rate limit, only the local token, only a Host naming this machine, and a page that shows
// a note's HTML as text.
import assert from "node:assert/strict";
import { request } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, mock, test } from "node:test";
import { startHubspotSink } from "../../scripts/sinks/hubspot-sink.mjs";
import { startLocalHubspot } from "../../scripts/local/local-sinks.mjs";

const root = resolve(import.meta.dirname, "../..");
const OBJECTS = "/crm/objects/2026-03";
const AUTH = { authorization: "Bearer local", "content-type": "application/json" };
const NOTE_TO_CONTACT = [{ associationCategory: "HUBSPOT_DEFINED", associationTypeId: 202 }];

let sink;
let clock;
beforeEach(async () => {
  clock = 1_000_000;
  sink = await startHubspotSink({
    owners: [
      { name: "Ana Lopez", email: "ana@example.com" },
      { name: "Bo Chen", email: "bo@example.com" },
    ],
    now: () => clock,
  });
});
afterEach(() => sink.close());

/** Calls the sink's API; resolves with `{ status, headers, body }` (body: JSON, or null for none). */
async function api(method, path, body, headers = AUTH) {
  const answer = await fetch(`${sink.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  return { status: answer.status, headers: answer.headers, body: text ? JSON.parse(text) : null };
}

const upsert = (inputs) =>
  api("POST", `${OBJECTS}/contacts/batch/upsert`, {
    inputs: inputs.map(({ email, ...properties }) => ({ id: email, idProperty: "email", properties })),
  });
const createNotes = (notes) =>
  api("POST", `${OBJECTS}/notes/batch/create`, {
    inputs: notes.map(({ contactId, body }) => ({
      properties: { hs_timestamp: "2026-03-02T10:00:00Z", hs_note_body: body },
      associations: [{ to: { id: contactId }, types: NOTE_TO_CONTACT }],
    })),
  });
const searchNotes = (filterGroups) =>
  api("POST", `${OBJECTS}/notes/search`, { filterGroups, properties: [], sorts: [], limit: 10, after: "0" });

test("a Host that does not name this machine gets 421 on the API, the page and the control", async () => {
  const statusFor = (path, method = "GET") =>
    new Promise((done, fail) => {
      const req = request(
        `${sink.url}${path}`,
        { method, headers: { ...AUTH, host: "rebound.example", accept: "text/html" } },
        (res) => {
          res.resume();
          done(res.statusCode);
        },
      );
      req.on("error", fail);
      req.end(method === "POST" ? JSON.stringify({ inputs: [{ id: "a@example.com" }] }) : undefined);
    });
  assert.equal(await statusFor(`${OBJECTS}/contacts/batch/read`, "POST"), 421);
  assert.equal(await statusFor("/"), 421);
  assert.equal(await statusFor("/__sink/state"), 421);
  assert.equal((await api("GET", "/crm/owners/2026-03")).status, 200);
});

test("without the local token every call is 401 in HubSpot's error shape, and nothing is written", async () => {
  for (const headers of [
    { "content-type": "application/json" },
    { authorization: "Bearer pat-na1-real", "content-type": "application/json" },
  ]) {
    const { status, body } = await api(
      "POST",
      `${OBJECTS}/contacts/batch/upsert`,
      { inputs: [{ id: "a@example.com", idProperty: "email", properties: {} }] },
      headers,
    );
    assert.equal(status, 401);
    assert.equal(body.status, "error");
    assert.equal(body.category, "INVALID_AUTHENTICATION");
    assert.equal(typeof body.message, "string");
    assert.match(body.correlationId, /^[0-9a-f-]{36}$/);
  }
  assert.deepEqual(sink.state().contacts, []);
});

test("an upsert by e-mail creates, then updates the same contact; an empty string clears; batch read finds it", async () => {
  const created = await upsert([
    { email: "ana.visitor@example.org", firstname: "Ana", hs_lead_status: "NEW", company: "Acme" },
  ]);
  assert.equal(created.status, 200);
  assert.equal(created.body.status, "COMPLETE");
  const [first] = created.body.results;
  assert.equal(first.new, true);
  assert.equal(first.properties.email, "ana.visitor@example.org");

  const updated = await upsert([
    { email: "Ana.Visitor@example.org", hs_lead_status: "IN_PROGRESS", company: "", hubspot_owner_id: "2" },
  ]);
  const [second] = updated.body.results;
  assert.equal(second.new, false);
  assert.equal(second.id, first.id);
  assert.equal(second.properties.hs_lead_status, "IN_PROGRESS");
  assert.equal(second.properties.company, undefined);
  assert.equal(sink.state().contacts.length, 1);

  const read = await api("POST", `${OBJECTS}/contacts/batch/read`, {
    idProperty: "email",
    inputs: [{ id: "ana.visitor@example.org" }, { id: "nobody@example.org" }],
    properties: ["email", "hs_lead_status", "lifecyclestage", "hubspot_owner_id"],
    propertiesWithHistory: [],
  });
  assert.equal(read.status, 207);
  assert.deepEqual(read.body.results[0].properties, {
    hs_object_id: first.id,
    createdate: first.createdAt,
    lastmodifieddate: second.updatedAt,
    email: "ana.visitor@example.org",
    hs_lead_status: "IN_PROGRESS",
    lifecyclestage: null,
    hubspot_owner_id: "2",
  });
  assert.equal(read.body.numErrors, 1);
  assert.equal(read.body.errors[0].category, "OBJECT_NOT_FOUND");
  assert.deepEqual(read.body.errors[0].context, { ids: ["nobody@example.org"] });

  const invalid = await upsert([{ email: "ana.visitor@example.org", hs_lead_status: "HOT" }]);
  assert.equal(invalid.status, 400);
  assert.equal(invalid.body.category, "VALIDATION_ERROR");
});

test("a note is associated to its contact and found by contact or by a token of its body", async () => {
  const contacts = (await upsert([{ email: "a@example.org" }, { email: "b@example.org" }])).body.results;
  const [a, b] = contacts.map((c) => c.id);
  const created = await createNotes([
    { contactId: a, body: "<p>Demo request</p><p>ref-8f3a</p>" },
    { contactId: b, body: "<p>Demo request</p><p>ref-77cc</p>" },
  ]);
  assert.equal(created.status, 201);
  assert.deepEqual(
    created.body.results.map((n) => n.properties.hs_note_body),
    ["<p>Demo request</p><p>ref-8f3a</p>", "<p>Demo request</p><p>ref-77cc</p>"],
  );
  assert.deepEqual(
    sink.state().notes.map((n) => n.contactIds),
    [[a], [b]],
  );

  const byContact = await searchNotes([
    { filters: [{ propertyName: "associations.contact", operator: "EQ", value: a }] },
  ]);
  assert.equal(byContact.status, 200);
  assert.equal(byContact.body.total, 1);
  assert.equal(byContact.body.results[0].id, created.body.results[0].id);

  const both = await searchNotes([
    {
      filters: [
        { propertyName: "associations.contact", operator: "EQ", value: b },
        { propertyName: "hs_note_body", operator: "CONTAINS_TOKEN", value: "ref-8f3a" },
      ],
    },
    { filters: [{ propertyName: "hs_note_body", operator: "CONTAINS_TOKEN", value: "ref-77cc" }] },
  ]);
  assert.deepEqual(
    both.body.results.map((n) => n.id),
    [created.body.results[1].id],
  );
  const single = await api("POST", `${OBJECTS}/notes`, {
    properties: { hs_timestamp: "2026-03-02T11:00:00Z", hs_note_body: "Called back" },
    associations: [{ to: { id: a }, types: NOTE_TO_CONTACT }],
  });
  assert.equal(single.status, 201);
  assert.equal(
    (await searchNotes([{ filters: [{ propertyName: "associations.contact", operator: "EQ", value: a }] }]))
      .body.total,
    2,
  );
  const toNobody = await createNotes([{ contactId: "999", body: "lost" }]);
  assert.equal(toNobody.status, 400);
});

test("the 101st call in 10 s is 429 with HubSpot's body and headers, counted; the window rolls", async () => {
  for (let call = 1; call <= 100; call++) {
    const { status, headers } = await api("GET", "/crm/owners/2026-03");
    assert.equal(status, 200);
    assert.equal(headers.get("x-hubspot-ratelimit-remaining"), String(100 - call));
    clock += 50;
  }
  const refused = await api("GET", "/crm/owners/2026-03");
  assert.equal(refused.status, 429);
  assert.deepEqual(
    { ...refused.body, correlationId: "" },
    {
      status: "error",
      message: "You have reached your ten_secondly_rolling limit.",
      errorType: "RATE_LIMIT",
      correlationId: "",
      policyName: "TEN_SECONDLY_ROLLING",
    },
  );
  assert.equal(refused.headers.get("x-hubspot-ratelimit-max"), "100");
  assert.equal(refused.headers.get("x-hubspot-ratelimit-remaining"), "0");
  assert.equal(refused.headers.get("x-hubspot-ratelimit-interval-milliseconds"), "10000");
  const state = await (await fetch(`${sink.url}/__sink/state`)).json();
  assert.equal(state.rateLimited, 1);

  clock = 1_000_000 + 10_000; // the first call has left the window
  assert.equal((await api("GET", "/crm/owners/2026-03")).status, 200);
  assert.equal((await api("GET", "/crm/owners/2026-03")).status, 429);
  assert.equal(sink.state().rateLimited, 2);
});

test("a GDPR delete removes the contact and its notes; an unknown one is 404", async () => {
  const [kept, erased] = (await upsert([{ email: "kept@example.org" }, { email: "gone@example.org" }])).body
    .results;
  await createNotes([
    { contactId: kept.id, body: "kept note" },
    { contactId: erased.id, body: "erased note" },
  ]);
  const deleted = await api("POST", `${OBJECTS}/contacts/gdpr-delete`, {
    objectId: "gone@example.org",
    idProperty: "email",
  });
  assert.equal(deleted.status, 204);
  const state = sink.state();
  assert.deepEqual(
    state.contacts.map((c) => c.properties.email),
    ["kept@example.org"],
  );
  assert.deepEqual(
    state.notes.map((n) => n.properties.hs_note_body),
    ["kept note"],
  );
  const again = await api("POST", `${OBJECTS}/contacts/gdpr-delete`, { objectId: erased.id });
  assert.equal(again.status, 404);
  assert.equal(again.body.category, "OBJECT_NOT_FOUND");
});

test("the page shows a note's HTML as text, and the contact's status, stage and owner", async () => {
  const [contact] = (
    await upsert([
      {
        email: "ana.visitor@example.org",
        firstname: "Ana",
        lastname: "Visitor",
        hs_lead_status: "NEW",
        lifecyclestage: "lead",
        hubspot_owner_id: "1",
      },
    ])
  ).body.results;
  await createNotes([{ contactId: contact.id, body: '<p>Hi</p><script>alert("x")</script>' }]);
  const answer = await fetch(sink.url, { headers: { accept: "text/html" } });
  assert.equal(answer.status, 200);
  assert.equal(answer.headers.get("content-type"), "text/html; charset=utf-8");
  assert.match(answer.headers.get("content-security-policy"), /default-src 'none'/);
  const page = await answer.text();
  assert.doesNotMatch(page, /<script/);
  assert.match(page, /&lt;p&gt;Hi&lt;\/p&gt;&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt;/);
  assert.match(page, /<h2 id="contact-1">Ana Visitor<\/h2>/);
  assert.match(page, /<dd>NEW<\/dd>/);
  assert.match(page, /<dd>lead<\/dd>/);
  assert.match(page, /<dd>Ana Lopez &lt;ana@example.com&gt;<\/dd>/);
});

test("owners, properties, the body cap, unknown paths and the control behave as HubSpot and the other sinks do", async () => {
  const owners = await api("GET", "/crm/owners/2026-03?email=BO%40example.com");
  assert.deepEqual(
    owners.body.results.map((o) => [o.id, o.firstName, o.lastName, o.type]),
    [["2", "Bo", "Chen", "PERSON"]],
  );
  const status = await api("GET", "/crm/properties/2026-03/contacts/hs_lead_status");
  assert.deepEqual(
    status.body.options.map((o) => o.value),
    [
      "NEW",
      "OPEN",
      "IN_PROGRESS",
      "OPEN_DEAL",
      "UNQUALIFIED",
      "ATTEMPTED_TO_CONTACT",
      "CONNECTED",
      "BAD_TIMING",
    ],
  );
  const stage = await api("GET", "/crm/properties/2026-03/contacts/lifecyclestage");
  assert.equal(stage.body.options.length, 8);

  const big = await fetch(`${sink.url}${OBJECTS}/notes`, {
    method: "POST",
    headers: AUTH,
    body: JSON.stringify({ properties: { hs_note_body: "x".repeat(1024 * 1024) } }),
  });
  assert.equal(big.status, 413);
  const unknown = await api("GET", "/crm/v3/objects/contacts");
  assert.equal(unknown.status, 404);
  assert.equal(unknown.body.status, "error");

  await upsert([{ email: "a@example.org" }]);
  const fromPage = await fetch(`${sink.url}/__sink/state`, {
    method: "DELETE",
    headers: { origin: "http://evil.example" },
  });
  assert.equal(fromPage.status, 403);
  assert.equal(sink.state().contacts.length, 1);
  assert.equal((await fetch(`${sink.url}/__sink/state`, { method: "DELETE" })).status, 204);
  assert.equal(sink.state().contacts.length, 0);
});

test("npm start runs the sink only for HUBSPOT_ACCESS_TOKEN=local, its owners from SALES_TEAM, and points the functions at it", async () => {
  const names = [
    "HUBSPOT_ACCESS_TOKEN",
    "HUBSPOT_API_BASE_URL",
    "HUBSPOT_SINK_PORT",
    "SALES_TEAM",
    "LOCAL_DATA_DIR",
  ];
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  const dataDir = mkdtempSync(join(tmpdir(), "hubspot-sink-"));
  const lines = mock.method(console, "log", () => undefined).mock;
  try {
    for (const name of names) delete process.env[name];
    process.env.LOCAL_DATA_DIR = dataDir;
    assert.equal(await startLocalHubspot(root), null);
    process.env.HUBSPOT_ACCESS_TOKEN = "pat-na1-secret";
    assert.equal(await startLocalHubspot(root), null);
    assert.equal(process.env.HUBSPOT_API_BASE_URL, undefined);

    process.env.HUBSPOT_ACCESS_TOKEN = "local";
    process.env.SALES_TEAM = '"Lopez, Ana" <ana@example.com>, Bo Chen <bo@example.com>';
    const local = await startLocalHubspot(root);
    try {
      assert.equal(process.env.HUBSPOT_API_BASE_URL, local.url);
      assert.deepEqual(
        local.state().owners.map((o) => [o.id, o.email]),
        [
          ["1", "ana@example.com"],
          ["2", "bo@example.com"],
        ],
      );
    } finally {
      await local.close();
    }
    const again = await startLocalHubspot(root);
    await again.close();
    assert.equal(again.port, local.port, "the last run's port");
    const printed = lines.calls.map((call) => call.arguments.join(" ")).join("\n");
    assert.doesNotMatch(printed, /pat-na1-secret/);
    assert.match(printed, new RegExp(`HubSpot: local CRM sink; see its contacts and notes at ${local.url}`));
  } finally {
    mock.restoreAll();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});
