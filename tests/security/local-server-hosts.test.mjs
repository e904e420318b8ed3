// Every path of every local server and sink makes the same Host check (decision
// docs/decisions/0012-local-server-hardening.md; scripts/local/local-guard.mjs `hostRefusal`): a name of this machine
// at the server's own port, else 421 before anything else, so a DNS-rebinding page that knows a port can neither
// plant "Claim this lead" e-mails in the mail sink nor read or change anything. The editor's backend: cms-backend.test.mjs.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { getStore } from "@netlify/blobs";
import { startBlobsLayer } from "../../scripts/local/blobs-server.mjs";
import { createLocalGuard, LOCAL_TRIGGER_HEADER } from "../../scripts/local/local-guard.mjs";
import { startHubspotSink } from "../../scripts/sinks/hubspot-sink.mjs";
import { startMailSink } from "../../scripts/sinks/mail-sink.mjs";
import { startWebhookSink } from "../../scripts/sinks/webhook-sink.mjs";

const API_KEY = "SG.local-server-hosts-test";
const JSON_TYPE = { "content-type": "application/json" };
const MAIL = JSON.stringify({
  personalizations: [{ to: [{ email: "sales@example.com" }] }],
  from: { email: "no-reply@example.com" },
  subject: "Claim this lead",
  content: [
    { type: "text/plain", value: "Claim this lead [http://evil.example/x]" },
    { type: "text/html", value: "<p>Claim</p>" },
  ],
});

/** The Hosts a rebinding page could send, and one naming this machine at another port. */
const foreignHosts = (port) => [
  `rebound.evil.example:${port}`,
  "rebound.evil.example",
  `localhost:${port + 1}`,
];

/** A raw request to 127.0.0.1:`port` with `host` as its Host; resolves with the status. */
function send(port, host, { method, path, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path, headers: { ...headers, host } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Sends every route with each foreign Host (421) and with this machine's (anything else). */
async function assertEveryPathChecked(port, routes) {
  for (const route of routes) {
    const name = `${route.method} ${route.path}`;
    for (const host of foreignHosts(port))
      assert.equal(await send(port, host, route), 421, `${name} as ${host}`);
    assert.notEqual(await send(port, `127.0.0.1:${port}`, route), 421, `${name} from this machine`);
  }
}

const sinkControl = [
  { method: "GET", path: "/__sink/messages" },
  { method: "DELETE", path: "/__sink/messages" },
  { method: "GET", path: "/__sink/mode" },
  { method: "POST", path: "/__sink/mode", headers: JSON_TYPE, body: '{"status":202}' },
  { method: "GET", path: "/__sink/elsewhere" },
  { method: "GET", path: "/elsewhere" },
];

const mailSend = {
  method: "POST",
  path: "/v3/mail/send",
  headers: { ...JSON_TYPE, authorization: `Bearer ${API_KEY}` },
  body: MAIL,
};
const webhookPost = { method: "POST", path: "/webhook", headers: JSON_TYPE, body: "{}" };

for (const [name, start, receive, recorded] of [
  ["mail sink", () => startMailSink({ apiKey: API_KEY }), mailSend, (sink) => sink.messages()],
  ["webhook sink", () => startWebhookSink(), webhookPost, (sink) => sink.deliveries()],
]) {
  test(`the ${name}'s receive path refuses a foreign Host and records nothing`, async () => {
    const sink = await start();
    try {
      for (const host of foreignHosts(sink.port))
        assert.equal(await send(sink.port, host, receive), 421, host);
      assert.deepEqual(recorded(sink), []);
      assert.ok((await send(sink.port, `localhost:${sink.port}`, receive)) < 300, "this machine's is taken");
      assert.equal(recorded(sink).length, 1);
    } finally {
      await sink.close();
    }
  });
}

test("every path of the mail sink checks the Host: receive, inbox, a message's HTML and attachments, control", async () => {
  const sink = await startMailSink({ apiKey: API_KEY });
  try {
    await assertEveryPathChecked(sink.port, [
      mailSend,
      { method: "GET", path: "/" },
      { method: "GET", path: "/messages/1/html" },
      { method: "GET", path: "/messages/1/attachments/1" },
      ...sinkControl,
    ]);
  } finally {
    await sink.close();
  }
});

test("every path of the webhook sink checks the Host, its receive path included", async () => {
  const sink = await startWebhookSink();
  try {
    await assertEveryPathChecked(sink.port, [webhookPost, { method: "GET", path: "/" }, ...sinkControl]);
  } finally {
    await sink.close();
  }
});

test("every path of the HubSpot sink checks the Host before its token; a foreign upsert writes nothing", async () => {
  const sink = await startHubspotSink({ owners: [{ name: "Ana Lopez", email: "ana@example.com" }] });
  const auth = { ...JSON_TYPE, authorization: "Bearer local" };
  const objects = "/crm/objects/2026-03";
  const upsert = {
    method: "POST",
    path: `${objects}/contacts/batch/upsert`,
    headers: auth,
    body: JSON.stringify({ inputs: [{ id: "planted@evil.example", idProperty: "email", properties: {} }] }),
  };
  try {
    for (const host of foreignHosts(sink.port)) assert.equal(await send(sink.port, host, upsert), 421, host);
    assert.deepEqual(sink.state().contacts, []);
    await assertEveryPathChecked(sink.port, [
      upsert,
      { method: "POST", path: `${objects}/contacts/batch/read`, headers: auth, body: "{}" },
      { method: "PATCH", path: `${objects}/contacts/1`, headers: auth, body: "{}" },
      { method: "DELETE", path: `${objects}/contacts/1`, headers: auth },
      { method: "POST", path: `${objects}/contacts/gdpr-delete`, headers: auth, body: '{"objectId":"1"}' },
      { method: "POST", path: `${objects}/notes/batch/create`, headers: auth, body: "{}" },
      { method: "POST", path: `${objects}/notes/search`, headers: auth, body: "{}" },
      { method: "GET", path: "/crm/owners/2026-03?email=ana%40example.com", headers: auth },
      { method: "GET", path: "/crm/properties/2026-03/contacts/hs_lead_status", headers: auth },
      { method: "GET", path: "/", headers: { accept: "text/html" } },
      { method: "GET", path: "/__sink/state" },
      { method: "DELETE", path: "/__sink/state" },
      { method: "GET", path: "/elsewhere" },
    ]);
  } finally {
    await sink.close();
  }
});

test("every path of the local Blobs server checks the Host before its token; a foreign write changes nothing", async () => {
  const directory = mkdtempSync(join(tmpdir(), "blobs-hosts-"));
  const blobs = await startBlobsLayer({ directory });
  try {
    const port = Number(blobs.port);
    const authorization = { authorization: `Bearer ${blobs.location.token}` };
    await assertEveryPathChecked(port, [
      { method: "PUT", path: "/0/leads/planted", headers: authorization, body: "planted" },
      { method: "GET", path: "/0/leads/planted", headers: authorization },
      { method: "HEAD", path: "/0/leads/planted", headers: authorization },
      { method: "DELETE", path: "/0/leads/planted", headers: authorization },
      { method: "GET", path: "/0/leads", headers: authorization },
      { method: "GET", path: "/api/v1/sites/0/blobs", headers: authorization },
      { method: "GET", path: "/" },
    ]);
    const store = getStore({ name: "leads", ...blobs.location });
    await store.set("kept", "kept");
    for (const host of foreignHosts(port)) {
      const path = "/0/leads/kept";
      assert.equal(await send(port, host, { method: "DELETE", path, headers: authorization }), 421);
    }
    assert.equal(await store.get("kept"), "kept");
  } finally {
    await blobs.stop();
    rmSync(directory, { recursive: true, force: true });
  }
});

test("the site server's guard, which every request meets first, refuses a foreign Host on every kind of path", () => {
  const secret = "s".repeat(64);
  const guard = createLocalGuard({ host: "127.0.0.1", triggerSecret: secret });
  const request = (url, host) => ({
    url,
    headers: { host, [LOCAL_TRIGGER_HEADER]: secret },
    socket: { remoteAddress: "127.0.0.1", localPort: 8888 },
  });
  for (const url of [
    "/",
    "/contact",
    "/api/send-contact-email",
    "/api/form-token",
    "/leads/5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b?sig=x",
    "/.netlify/functions/lead-retention",
    "/elsewhere",
  ]) {
    for (const host of foreignHosts(8888))
      assert.equal(guard(request(url, host))?.status, 421, `${url} as ${host}`);
    assert.equal(guard(request(url, "localhost:8888")), null, url);
  }
});
