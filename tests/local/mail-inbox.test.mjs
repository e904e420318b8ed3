// `npm start`'s mail inbox is a real inbox (scripts/sinks/mail-sink.mjs, scripts/local/local-sinks.mjs): it keeps its
// port and lists its earlier messages after a restart, a link in a previewed message opens a new tab, an attachment
// downloads, and times show in the sales team's zone. The webhook sink keeps its port too.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, mock, test } from "node:test";
import {
  LOCAL_KEY,
  saveMailSettings,
  startLocalMail,
  startLocalWebhook,
} from "../../scripts/local/local-sinks.mjs";

const root = resolve(import.meta.dirname, "../..");
const SETTINGS = [
  "LOCAL_DATA_DIR",
  "MAIL_SINK_PORT",
  "WEBHOOK_SINK_PORT",
  "LEAD_WEBHOOK_URL",
  "BUSINESS_HOURS",
  "TZ",
];
const CSV = "name,company\nAna,Acme\n";
let dataDir;
let savedSettings;
let restoreMailSettings;
let warnings;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "mail-inbox-"));
  savedSettings = Object.fromEntries(SETTINGS.map((name) => [name, process.env[name]]));
  restoreMailSettings = saveMailSettings();
  for (const name of [...SETTINGS, "SENDGRID_API_KEY", "SENDGRID_API_BASE_URL"]) delete process.env[name];
  process.env.LOCAL_DATA_DIR = dataDir;
  mock.method(console, "log", () => undefined);
  warnings = mock.method(console, "warn", () => undefined).mock;
});

afterEach(() => {
  mock.restoreAll();
  restoreMailSettings();
  for (const [name, value] of Object.entries(savedSettings)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

// Each request on a connection of its own: a kept-alive one would outlive the sink that a test restarts.
const get = (url, init = {}) => fetch(url, { ...init, headers: { ...init.headers, connection: "close" } });

/** Sends a message through the sink; resolves with the status once the answer is read. */
async function send(sink, { subject, html = "<p>Hello</p>", attachments }) {
  const answer = await get(`${sink.url}/v3/mail/send`, {
    method: "POST",
    headers: { authorization: `Bearer ${LOCAL_KEY}`, "content-type": "application/json" },
    body: JSON.stringify({
      personalizations: [{ to: [{ email: "sales@example.com" }] }],
      from: { email: "no-reply@example.com" },
      subject,
      content: [
        { type: "text/plain", value: "Hello" },
        { type: "text/html", value: html },
      ],
      attachments,
    }),
  });
  await answer.arrayBuffer();
  return answer.status;
}

const csvAttachment = {
  content: Buffer.from(CSV).toString("base64"),
  filename: "leads-2026-W10.csv",
  type: "text/csv",
};
const subjects = async (sink) =>
  (await (await get(`${sink.url}/__sink/messages`)).json()).map((m) => m.subject);

/** `npm start`'s mail sink as a fresh process starts it: without the settings an earlier start set. */
function startMail() {
  delete process.env.SENDGRID_API_KEY;
  delete process.env.SENDGRID_API_BASE_URL;
  return startLocalMail(root);
}

/** A message as the sink keeps it in .data/mail/, received at `receivedAt`. */
function keepMessage(id, receivedAt, subject) {
  const record = {
    id,
    receivedAt,
    to: ["sales@example.com"],
    from: "no-reply@example.com",
    replyTo: null,
    subject,
    text: "Hello",
    html: null,
    customArgs: {},
    attachments: [],
    body: {},
  };
  mkdirSync(join(dataDir, "mail"), { recursive: true });
  writeFileSync(
    join(dataDir, "mail", `${receivedAt.replace(/[:.]/g, "-")}-${id}.json`),
    JSON.stringify(record),
  );
}

test("the inbox keeps its port and lists its earlier messages, attachments included, after a restart", async () => {
  const first = await startMail();
  try {
    assert.equal(await send(first, { subject: "First lead", attachments: [csvAttachment] }), 202);
    assert.equal(await send(first, { subject: "Second lead" }), 202);
  } finally {
    await first.close();
  }
  const second = await startMail();
  try {
    assert.equal(second.url, first.url);
    assert.deepEqual(await subjects(second), ["First lead", "Second lead"]);
    assert.equal(await send(second, { subject: "Third lead" }), 202);
    const page = await (await get(second.url)).text();
    assert.match(page, /3 messages/);
    assert.ok(page.indexOf("Third lead") < page.indexOf("Second lead"), "newest first");
    assert.ok(page.indexOf("Second lead") < page.indexOf("First lead"), "newest first");
    assert.equal(await (await get(`${second.url}/messages/1/attachments/1`)).text(), CSV);
  } finally {
    await second.close();
  }
});

test("a taken port gives way to a free one, MAIL_SINK_PORT still wins, and the webhook sink keeps its port", async () => {
  const first = await startMail();
  await first.close();
  const blocker = createServer();
  await new Promise((done) => blocker.listen(first.port, "127.0.0.1", done));
  try {
    const moved = await startMail();
    await moved.close();
    assert.notEqual(moved.port, first.port);
    process.env.MAIL_SINK_PORT = String(first.port);
    await assert.rejects(startMail(), { code: "EADDRINUSE" });
  } finally {
    await new Promise((done) => blocker.close(done));
  }

  const webhookPorts = [];
  for (let run = 0; run < 2; run++) {
    process.env.LEAD_WEBHOOK_URL = "local";
    const webhook = await startLocalWebhook(root);
    webhookPorts.push(webhook.port);
    await webhook.close();
  }
  assert.equal(webhookPorts[1], webhookPorts[0]);
});

test("a start lists the newest 200 kept messages; a malformed file is skipped with one line", async () => {
  for (let minute = 1; minute <= 200; minute++) {
    const at = new Date(Date.UTC(2026, 2, 2, 0, minute)).toISOString();
    keepMessage(1, at, `Lead ${minute}`);
  }
  writeFileSync(join(dataDir, "mail", "2026-03-02T02-30-00-000Z-2.json"), "{ not json");
  writeFileSync(join(dataDir, "mail", "2026-03-02T02-31-00-000Z-2.json"), JSON.stringify({ subject: 5 }));
  const sink = await startMail();
  try {
    const listed = await (await get(`${sink.url}/__sink/messages`)).json();
    assert.deepEqual(
      listed.map((m) => m.subject),
      Array.from({ length: 198 }, (_, i) => `Lead ${i + 3}`),
    );
    assert.deepEqual(
      listed.map((m) => m.id),
      Array.from({ length: 198 }, (_, i) => i + 1),
    );
    const lines = warnings.calls.map((call) => call.arguments.join(" "));
    assert.equal(lines.length, 2);
    assert.match(lines[0], /2026-03-02T02-30-00-000Z-2\.json/);
    assert.match(lines[1], /2026-03-02T02-31-00-000Z-2\.json/);
  } finally {
    await sink.close();
  }
});

test("times show in BUSINESS_HOURS' zone, else the machine's, and the page names the zone", async () => {
  keepMessage(1, "2026-03-02T01:30:00.000Z", "Kept lead");
  process.env.BUSINESS_HOURS = "Mon-Fri 08:00-17:00 Australia/Perth";
  const sink = await startMail();
  try {
    const perth = await (await get(sink.url)).text();
    assert.match(perth, /Times are in Australia\/Perth \(the sales team&#39;s, from BUSINESS_HOURS\)/);
    assert.match(perth, /02\/03\/2026, 0?9:30:00 GMT\+8/);
    delete process.env.BUSINESS_HOURS;
    process.env.TZ = "America/New_York";
    const machine = await (await get(sink.url)).text();
    assert.match(machine, /Times are in America\/New_York \(this machine&#39;s zone\)/);
    assert.match(machine, /01\/03\/2026, 20:30:00 GMT-5/);
  } finally {
    await sink.close();
  }
});

test("a link in a previewed message opens a new tab outside the sandbox; the message still runs no script", async () => {
  const sink = await startMail();
  try {
    const claim = '<p><a target="_self" href="http://localhost:8888/leads/claim#t">Claim this lead</a></p>';
    assert.equal(await send(sink, { subject: "A lead", html: claim }), 202);
    const page = await (await get(sink.url)).text();
    const [frame] = page.match(/<iframe [^>]*>/) ?? [];
    assert.match(frame, / sandbox="allow-popups allow-popups-to-escape-sandbox" /);

    const preview = await get(`${sink.url}/messages/1/html`);
    assert.equal(
      await preview.text(),
      '<p><a target="_blank" rel="noopener noreferrer" target="_self" href="http://localhost:8888/leads/claim#t">Claim this lead</a></p>',
    );
    const policy = preview.headers.get("content-security-policy");
    assert.match(policy, /^sandbox allow-popups allow-popups-to-escape-sandbox; default-src 'none';/);
    assert.doesNotMatch(`${frame} ${policy}`, /allow-scripts|allow-same-origin|script-src/);
    // The message as sent is unchanged.
    const [recorded] = await (await get(`${sink.url}/__sink/messages`)).json();
    assert.equal(recorded.html, claim);
  } finally {
    await sink.close();
  }
});

test("an attachment is listed and downloads with its filename, type and content", async () => {
  const sink = await startMail();
  try {
    assert.equal(await send(sink, { subject: "Weekly summary", attachments: [csvAttachment] }), 202);
    const page = await (await get(sink.url)).text();
    assert.match(
      page,
      /<a href="\/messages\/1\/attachments\/1" download>leads-2026-W10\.csv<\/a> \(text\/csv, 22 bytes\)/,
    );

    const download = await get(`${sink.url}/messages/1/attachments/1`);
    assert.equal(download.status, 200);
    assert.equal(download.headers.get("content-type"), "text/csv");
    assert.equal(
      download.headers.get("content-disposition"),
      `attachment; filename="leads-2026-W10.csv"; filename*=UTF-8''leads-2026-W10.csv`,
    );
    assert.equal(await download.text(), CSV);
    assert.equal((await get(`${sink.url}/messages/1/attachments/2`)).status, 404);

    const unencoded = { ...csvAttachment, content: CSV };
    assert.equal(await send(sink, { subject: "Bad", attachments: [unencoded] }), 400);
  } finally {
    await sink.close();
  }
});
