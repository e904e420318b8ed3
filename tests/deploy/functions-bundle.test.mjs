// The functions as Netlify bundles them (decision docs/decisions/0027-node-24-and-netlify-parity.md):
// bundled by Netlify's own bundler, each zip unpacked into a directory of its own without the
// project's node_modules, its entry imported and called with a Request and the context and Blobs
// environment Netlify gives it, on the production code path: no NETLIFY_DEV, the mail sink
// reached through ALLOW_SENDGRID_BASE_URL as a real SendGrid-compatible server would be. A file the
// bundler leaves out (content/site.json, a dynamic import) fails here before a deploy does.
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import extract from "extract-zip";
import { createJiti } from "jiti";
import { bundleFunctions } from "../../build/function-bundles.mjs";
import { startBlobsLayer } from "../../scripts/local/blobs-server.mjs";
import { startMailSink } from "../../scripts/sinks/mail-sink.mjs";
import { functionRateLimits, rateLimitKeys } from "../../scripts/local/local-guard.mjs";

const root = join(import.meta.dirname, "..", "..");
const SITE = "https://www.example-resources-ai.com";
const API_KEY = "SG.bundle-test";
const BLOBS_TOKEN = "bundle-test-token";
const FORM_SECRET = "a-server-secret-of-at-least-32-characters";
const SLACK_SECRET = "bundle-slack-signing-secret-0123";
const CAL_SECRET = "bundle-cal-webhook-secret-0123";
const { issueFormToken } = await createJiti(import.meta.url).import(
  join(root, "netlify", "lib", "core", "spam", "form-token.ts"),
);

// Calls the function module's default export as Netlify's runtime does, then waits for the work
// it handed to waitUntil, and writes the answer to result.json.
const RUNNER = `
const [entry, requestJson, contextJson] = process.argv.slice(2);
const { default: handler } = await import(entry);
const request = JSON.parse(requestJson);
const pending = [];
const context = {
  ...JSON.parse(contextJson),
  waitUntil: (promise) => pending.push(promise),
  json: (value) => Response.json(value),
  cookies: { get: () => undefined, set: () => undefined, delete: () => undefined },
};
const response = await handler(new Request(request.url, request.init), context);
await Promise.allSettled(pending);
const { writeFileSync } = await import("node:fs");
writeFileSync("result.json", JSON.stringify({
  status: response.status,
  headers: Object.fromEntries(response.headers),
  body: await response.text(),
}));
`;

let work;
let bundle;
let blobs;
let blobsDir;
let sink;
const unpacked = new Map();

before(async () => {
  work = mkdtempSync(join(tmpdir(), "functions-bundle-"));
  bundle = await bundleFunctions({ root, outDir: join(work, "zips") });
  blobsDir = mkdtempSync(join(tmpdir(), "functions-bundle-blobs-"));
  blobs = await startBlobsLayer({ directory: blobsDir, token: BLOBS_TOKEN });
  sink = await startMailSink({ apiKey: API_KEY });
});

after(async () => {
  await sink?.close();
  await blobs?.stop();
  rmSync(work, { recursive: true, force: true });
  rmSync(blobsDir, { recursive: true, force: true });
});

/** The function's zip unpacked into a directory of its own (once per function). */
async function unpack(name) {
  if (!unpacked.has(name)) {
    const fn = bundle.functions.find((f) => f.name === name);
    assert.ok(fn, `${name} was not bundled`);
    const dir = join(work, "run", name);
    await extract(fn.path, { dir });
    writeFileSync(join(dir, "run-function.mjs"), RUNNER);
    unpacked.set(name, dir);
  }
  return unpacked.get(name);
}

/**
 * Runs the bundled function `name` on one request in a fresh Node process.
 * @returns {Promise<{ status: number, headers: Record<string, string>, body: string }>}
 */
async function invoke(name, { path, method = "GET", headers = {}, body, params = {} }) {
  const dir = await unpack(name);
  const blobsContext = {
    siteID: "bundle-test-site",
    token: BLOBS_TOKEN,
    edgeURL: blobs.url,
    uncachedEdgeURL: blobs.url,
  };
  const env = {
    PATH: process.env.PATH,
    NETLIFY_BLOBS_CONTEXT: Buffer.from(JSON.stringify(blobsContext)).toString("base64"),
    SENDGRID_API_KEY: API_KEY,
    SENDGRID_API_BASE_URL: sink.url,
    ALLOW_SENDGRID_BASE_URL: "true",
    SALES_EMAIL: "sales@example.com",
    MAIL_FROM: "no-reply@example.com",
    URL: SITE,
    FORM_TOKEN_SECRET: FORM_SECRET,
    BOOKING_URL: "https://booking.example/resources-ai/demo",
    SALES_TEAM: "Ana Smith <ana@example.com>, Ben Lee <ben@example.com>",
    BUSINESS_HOURS: "Mon-Fri 08:00-17:00 Australia/Perth",
    SLACK_SIGNING_SECRET: SLACK_SECRET,
    CAL_WEBHOOK_SECRET: CAL_SECRET,
  };
  const context = {
    requestId: "01BUNDLETEST",
    ip: "203.0.113.7",
    params,
    geo: {},
    deploy: { context: "production", id: "bundle-test-deploy", published: true },
    site: { id: "bundle-test-site", name: "resources-ai", url: SITE },
    account: { id: "bundle-test-account" },
    server: { region: "us-east-1" },
  };
  const request = { url: new URL(path, SITE).toString(), init: { method, headers, body } };
  const child = spawn(
    process.execPath,
    [
      "run-function.mjs",
      "./netlify/functions/" + name + ".mjs",
      JSON.stringify(request),
      JSON.stringify(context),
    ],
    {
      cwd: dir,
      env,
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const [code] = await once(child, "exit");
  assert.equal(code, 0, `${name} failed:\n${stderr}`);
  return JSON.parse(readFileSync(join(dir, "result.json"), "utf8"));
}

test("each function is bundled for the Node runtime the site declares, and unpacks without the project's node_modules", async () => {
  const major = readFileSync(join(root, ".nvmrc"), "utf8").trim();
  assert.deepEqual(bundle.functions.map((f) => f.name).sort(), [
    "booking-webhook",
    "contact-thanks",
    "form-token",
    "lead-follow-up",
    "lead-follow-up-page",
    "lead-retention",
    "retry-demo-requests",
    "send-contact-email",
    "slack-interactions",
  ]);
  for (const fn of bundle.functions) {
    assert.equal(fn.runtimeVersion, `nodejs${major}.x`, fn.name);
    const dir = await unpack(fn.name);
    assert.ok(existsSync(join(dir, "netlify", "functions", `${fn.name}.mjs`)), fn.name);
    assert.equal(
      existsSync(join(work, "node_modules")) || existsSync(join(work, "run", "node_modules")),
      false,
    );
  }
});

test("the bundled form-token function issues a token", async () => {
  const answer = await invoke("form-token", { path: "/api/form-token" });
  assert.equal(answer.status, 200, answer.body);
  assert.match(JSON.parse(answer.body).token, /\S{20,}/);
});

// Fetched as /contact loads: a plugin's hooks bundled in would load the mailer, React and the lists at its start.
test("the form-token bundle holds no plugin's packages", async () => {
  const modules = readdirSync(join(await unpack("form-token"), "node_modules"));
  for (const heavy of ["@sendgrid", "react-dom", "luxon", "disposable-email-domains-js", "email-providers"])
    assert.equal(modules.includes(heavy), false, heavy);
});

test("the bundled demo-request function stores a lead, e-mails sales and the prospect, and the thanks page answers", async () => {
  sink.clear();
  const requestId = "0d6f8a2e-5b1c-4c3e-9f7a-2b8d4e6f1a3c";
  const answer = await invoke("send-contact-email", {
    path: "/api/send-contact-email",
    method: "POST",
    headers: { "content-type": "application/json", origin: SITE },
    body: JSON.stringify({
      firstName: "Ada",
      lastName: "Bundle",
      email: "ada@bundle.example",
      phone: "+61 8 5550 0100",
      company: "Bundle Mining",
      message: "From the bundled function",
      requestId,
      // The site's form sends the time token it fetched; a JSON request without one is suspected.
      formToken: issueFormToken(FORM_SECRET, new Date(Date.now() - 60_000)),
    }),
  });
  assert.equal(answer.status, 200, answer.body);
  const { ok, bookingUrl, reference } = JSON.parse(answer.body);
  assert.match(reference, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.notEqual(reference, requestId, "the server makes the lead id");
  assert.equal(ok, true);
  assert.match(bookingUrl, /^https:\/\/booking\.example\/resources-ai\/demo\?name=Ada%20Bundle&email=/);
  const kinds = sink
    .messages()
    .map((m) => m.customArgs?.kind)
    .sort();
  assert.deepEqual(kinds, ["confirmation", "sales"]);
  // The confirmation carries content/site.json's contact details: the bundle must include them.
  const confirmation = sink.messages().find((m) => m.customArgs?.kind === "confirmation");
  const site = JSON.parse(readFileSync(join(root, "content", "site.json"), "utf8"));
  assert.ok(confirmation.text.includes(site.contactDetails.email), "contact details missing");

  const thanks = await invoke("contact-thanks", {
    path: `/contact/thanks/${reference}`,
    params: { id: reference },
  });
  assert.equal(thanks.status, 200, thanks.body);
  assert.match(thanks.body, /Request Submitted Successfully/);
  assert.match(thanks.body, /Book a time now/);
});

test("the bundled claim page shows a lead from its sales e-mail's link, takes a claim, and refuses a forged link", async () => {
  sink.clear();
  const answer = await invoke("send-contact-email", {
    path: "/api/send-contact-email",
    method: "POST",
    headers: { "content-type": "application/json", origin: SITE },
    body: JSON.stringify({
      firstName: "Cleo",
      lastName: "Claim",
      email: "cleo@bundle.example",
      phone: "+61 8 5550 0101",
      company: "Claim Mining",
      message: "",
      requestId: "1e7f9b3f-6c2d-4d4f-8a8b-3c9e5f7a2b4d",
      formToken: issueFormToken(FORM_SECRET, new Date(Date.now() - 60_000)),
    }),
  });
  assert.equal(answer.status, 200, answer.body);
  const { reference } = JSON.parse(answer.body);
  const sales = sink.messages().find((m) => m.customArgs?.kind === "sales");
  const link = new URL(/^Claim this lead \[(\S+)\]$/m.exec(sales.text)[1]);
  assert.equal(`${link.origin}${link.pathname}`, `${SITE}/leads/${reference}`);
  const path = `${link.pathname}${link.search}`;
  const page = await invoke("lead-follow-up-page", { path, params: { id: reference } });
  assert.equal(page.status, 200, page.body);
  assert.match(page.body, /<dt>State<\/dt><dd>new<\/dd>/);
  // The roster's options carry keys, never addresses.
  const ana = /<option value="([0-9a-f]{16})">Ana Smith<\/option>/.exec(page.body)?.[1];
  assert.ok(ana, page.body);
  assert.doesNotMatch(page.body, /<option value="[^"]*@/);
  const claim = await invoke("lead-follow-up-page", {
    path,
    params: { id: reference },
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: SITE },
    body: `action=claim&owner=${ana}`,
  });
  assert.equal(claim.status, 303, claim.body);
  const after = await invoke("lead-follow-up-page", { path, params: { id: reference } });
  assert.match(after.body, /<dt>Owner<\/dt><dd>Ana Smith<\/dd>/);
  const forged = await invoke("lead-follow-up-page", {
    path: `/leads/${reference}?sig=${"A".repeat(43)}`,
    params: { id: reference },
  });
  assert.equal(forged.status, 403);
});

test("the bundled Slack and booking webhooks refuse what is not signed and apply what is", async () => {
  const unsigned = await invoke("slack-interactions", {
    path: "/api/slack/interactions",
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "payload=%7B%7D",
  });
  assert.equal(unsigned.status, 401, unsigned.body);
  const body = new URLSearchParams({ payload: JSON.stringify({ type: "block_actions" }) }).toString();
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = `v0=${createHmac("sha256", SLACK_SECRET).update(`v0:${timestamp}:${body}`).digest("hex")}`;
  const signed = await invoke("slack-interactions", {
    path: "/api/slack/interactions",
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-slack-request-timestamp": timestamp,
      "x-slack-signature": signature,
    },
    body,
  });
  assert.equal(signed.status, 400, "signed, but not a click on a follow-up button");

  const event = JSON.stringify({
    triggerEvent: "BOOKING_CREATED",
    createdAt: new Date().toISOString(),
    payload: {
      uid: "bundle-booking-1",
      startTime: "2030-01-01T01:00:00.000Z",
      attendees: [{ email: "cleo@bundle.example" }],
    },
  });
  const wrong = await invoke("booking-webhook", {
    path: "/api/booking-webhook",
    method: "POST",
    headers: { "content-type": "application/json", "x-cal-signature-256": "0".repeat(64) },
    body: event,
  });
  assert.equal(wrong.status, 401, wrong.body);
  const booked = await invoke("booking-webhook", {
    path: "/api/booking-webhook",
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-cal-signature-256": createHmac("sha256", CAL_SECRET).update(event).digest("hex"),
    },
    body: event,
  });
  assert.equal(booked.status, 200, booked.body);
  // Matched by the booker's inbox only: recorded unconfirmed, the lead stays as the claim left it.
  assert.deepEqual(JSON.parse(booked.body), { applied: true, state: "claimed" });
});

test("the bundled scheduled functions run: the retry job, the follow-up check and the retention job", async () => {
  for (const name of ["retry-demo-requests", "lead-follow-up", "lead-retention"]) {
    const answer = await invoke(name, {
      path: `/.netlify/functions/${name}`,
      method: "POST",
      headers: { "user-agent": "Netlify Clockwork", "x-nf-event": "schedule" },
      body: JSON.stringify({ next_run: new Date().toISOString() }),
    });
    assert.equal(answer.status, 200, `${name}: ${answer.body}`);
    assert.equal(typeof JSON.parse(answer.body), "object");
  }
});

test("the deploy's traffic rules are the limits the local server enforces", async () => {
  const manifest = JSON.parse(readFileSync(bundle.manifestPath, "utf8"));
  const local = await functionRateLimits(join(root, "netlify", "functions"));
  const deployed = manifest.functions.filter((fn) => fn.trafficRules);
  assert.deepEqual(deployed.map((fn) => fn.name).sort(), local.map((limit) => limit.name).sort());
  for (const { name, rateLimit } of local) {
    const { action } = deployed.find((fn) => fn.name === name).trafficRules;
    const rule = action.config;
    // What a refused request gets: Netlify's 429, or the page the rule rewrites to, as `npm start` answers.
    assert.deepEqual(
      { type: action.type, to: rule.to },
      { type: rateLimit.action ?? "rate_limit", to: rateLimit.to },
      name,
    );
    assert.deepEqual(
      { windowLimit: rule.rateLimitConfig.windowLimit, windowSize: rule.rateLimitConfig.windowSize },
      { windowLimit: rateLimit.windowLimit, windowSize: rateLimit.windowSize },
      name,
    );
    assert.deepEqual(
      rule.aggregate.keys.map((key) => key.type),
      rateLimitKeys(rateLimit),
      name,
    );
  }
});
