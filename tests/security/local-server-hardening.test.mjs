// The local server's defences (docs/requirements.md#spam-defence; decision
// docs/decisions/0012-local-server-hardening.md):
// loopback by default, 421 for a Host that is not this machine (DNS rebinding), the manual job
// runs only with the per-run trigger secret, the function's rate limit from its own config, and
// mail-sink control only for JSON requests without an Origin; a request's body is read whole,
// within a deadline and its function's own size limit, before it may take a function slot (the
// server itself: tests/security/slow-request-bodies.test.mjs, local-server-boundaries.test.mjs).
import assert from "node:assert/strict";
import { request } from "node:http";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { test } from "node:test";
import { createJiti } from "jiti";
import {
  bodyLimits,
  createLocalGuard,
  functionRateLimits,
  isAllowedHost,
  listenHost,
  LOCAL_BODY_MARGIN_BYTES,
  LOCAL_TRIGGER_HEADER,
  readFunctionModules,
} from "../../scripts/local/local-guard.mjs";
import { readTriggerSecret, writeTriggerSecret } from "../../scripts/local/local-data.mjs";
import { startMailSink } from "../../scripts/sinks/mail-sink.mjs";
import * as siteServer from "../../scripts/local/site-server.mjs";

const FUNCTIONS = join(import.meta.dirname, "..", "..", "netlify", "functions");
const SECRET = "a".repeat(64);

test("the local server listens on 127.0.0.1 unless HOST says otherwise", () => {
  assert.equal(listenHost({}), "127.0.0.1");
  assert.equal(listenHost({ HOST: "192.168.1.20" }), "192.168.1.20");
});

test("only names of this machine at the server's own port pass the Host check", () => {
  for (const [host, port] of [
    ["localhost:8888", 8888],
    ["LOCALHOST:9", 9],
    ["127.0.0.1:9", 9],
    ["[::1]:8888", 8888],
    ["localhost", 80],
  ]) {
    assert.equal(isAllowedHost(host, "127.0.0.1", port), true, host);
  }
  for (const host of [
    undefined,
    "",
    "evil.example:8888",
    "localhost.evil.example:8888",
    "127.0.0.1.nip.io:8888",
    "a b",
    "localhost:8889",
    "localhost",
    "user@localhost:8888",
    "localhost:8888?x",
  ]) {
    assert.equal(isAllowedHost(host, "127.0.0.1", 8888), false, String(host));
  }
  assert.equal(isAllowedHost("192.168.1.20:8888", "192.168.1.20", 8888), true, "the address HOST names");
  assert.equal(isAllowedHost("evil.example:8888", "0.0.0.0", 8888), false, "a wildcard admits no other name");
});

/** A request as the guard sees it. */
const fakeRequest = ({ url = "/", host = "localhost:8888", ip = "127.0.0.1", headers = {} } = {}) => ({
  url,
  headers: { host, ...headers },
  socket: { remoteAddress: ip, localPort: 8888 },
});

test("a foreign Host gets 421 before anything else", () => {
  const guard = createLocalGuard({ host: "127.0.0.1", triggerSecret: SECRET });
  assert.equal(guard(fakeRequest({ host: "rebound.evil.example" }))?.status, 421);
  assert.equal(
    guard(fakeRequest({ host: "rebound.evil.example", url: "/api/send-contact-email" }))?.status,
    421,
  );
  assert.equal(guard(fakeRequest({ url: "/contact" })), null);
});

test("a function's default URL runs only with this run's trigger secret", () => {
  const guard = createLocalGuard({ host: "127.0.0.1", triggerSecret: SECRET });
  const url = "/.netlify/functions/lead-retention";
  assert.equal(guard(fakeRequest({ url }))?.status, 403);
  assert.equal(guard(fakeRequest({ url, headers: { [LOCAL_TRIGGER_HEADER]: "b".repeat(64) } }))?.status, 403);
  assert.equal(guard(fakeRequest({ url, headers: { [LOCAL_TRIGGER_HEADER]: "short" } }))?.status, 403);
  assert.equal(guard(fakeRequest({ url, headers: { [LOCAL_TRIGGER_HEADER]: SECRET } })), null);
});

/** The demo-request function's limit among every function's (they are listed by file name). */
const demoRequestLimit = (rateLimits) =>
  rateLimits.find((limit) => limit.name === "send-contact-email").rateLimit;

test("the demo-request path is limited with the function's own numbers, per client IP", async () => {
  const rateLimits = await functionRateLimits(FUNCTIONS);
  const { windowLimit, windowSize } = demoRequestLimit(rateLimits);
  let now = 0;
  const guard = createLocalGuard({ host: "127.0.0.1", triggerSecret: SECRET, rateLimits, now: () => now });
  const post = (ip = "127.0.0.1", url = "/api/send-contact-email") => guard(fakeRequest({ url, ip }));
  for (let i = 0; i < windowLimit - 1; i++) assert.equal(post(), null);
  assert.equal(post(undefined, "/api/send-contact-email/"), null, "the trailing slash counts too");
  const refused = post();
  assert.equal(refused?.status, 429);
  assert.equal(refused?.headers["retry-after"], String(windowSize));
  assert.equal(post("127.0.0.2"), null, "another client has its own window");
  assert.equal(post(undefined, "/api/form-token"), null, "paths without a limit pass");
  now = windowSize * 1000;
  assert.equal(post(), null, "the window slid past the first requests");
});

test("the limit cannot be sidestepped by the path's case or another name for this machine", async () => {
  const rateLimits = await functionRateLimits(FUNCTIONS);
  const { windowLimit } = demoRequestLimit(rateLimits);
  const guard = createLocalGuard({ host: "127.0.0.1", triggerSecret: SECRET, rateLimits, now: () => 0 });
  for (let i = 0; i < windowLimit; i++)
    assert.equal(guard(fakeRequest({ url: "/api/send-contact-email" })), null);
  // The emulation routes a function's path whatever its case; each loopback name is this machine.
  assert.equal(guard(fakeRequest({ url: "/API/Send-Contact-Email" }))?.status, 429);
  for (const host of ["127.0.0.1:8888", "[::1]:8888"]) {
    assert.equal(guard(fakeRequest({ url: "/api/send-contact-email", host }))?.status, 429, host);
  }
});

test("the trigger secret file is the owner's alone and read back as written", () => {
  const root = mkdtempSync(join(tmpdir(), "trigger-"));
  assert.equal(readTriggerSecret(root), undefined);
  writeTriggerSecret(root, SECRET);
  assert.equal(readTriggerSecret(root), SECRET);
  assert.equal(statSync(join(root, ".data", "local-trigger-secret")).mode & 0o777, 0o600);
});

/** A raw request to the sink, so Host and Origin can be anything. */
function sinkRequest(port, { method = "GET", path = "/__sink/messages", headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode));
    });
    req.on("error", reject);
    req.end(body);
  });
}

test("the mail sink's control endpoints take only JSON, without Origin, naming this machine", async () => {
  const sink = await startMailSink();
  try {
    const json = { "content-type": "application/json" };
    const mode = JSON.stringify({ status: 500 });
    assert.equal(await sinkRequest(sink.port, { headers: { origin: "http://evil.example" } }), 403);
    assert.equal(await sinkRequest(sink.port, { headers: { host: "rebound.evil.example" } }), 421);
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
    ]) {
      const headers = { "content-type": type };
      assert.equal(
        await sinkRequest(sink.port, { method: "POST", path: "/__sink/mode", headers, body: mode }),
        415,
      );
    }
    const fromPage = { ...json, origin: "http://localhost:8888" };
    assert.equal(
      await sinkRequest(sink.port, { method: "POST", path: "/__sink/mode", headers: fromPage, body: mode }),
      403,
    );
    assert.equal(await sinkRequest(sink.port, { method: "DELETE", headers: { origin: "null" } }), 403);
    assert.equal(
      await sinkRequest(sink.port, { method: "POST", path: "/__sink/mode", headers: json, body: mode }),
      200,
    );
    assert.equal(await sinkRequest(sink.port), 200);
  } finally {
    await sink.close();
  }
});

test("npm start's mail sink line names no visitor: masked recipient, the kind and request id, never the subject", async () => {
  const { sinkLogLine } = await import("../../scripts/local/local-sinks.mjs");
  const logLine = await sinkLogLine(join(import.meta.dirname, "../.."));
  const line = logLine({
    id: 3,
    to: ["jane.doe@acme.example"],
    subject: "[Suspected spam] Demo request: Jane Doe (Acme)",
    customArgs: { kind: "sales", requestId: "0b7c3a55-1f7e-4e8e-9a51-6c1d2f3e4a5b" },
  });
  assert.equal(
    line,
    "[mail-sink] #3 sales [Suspected spam] to j***@a***.example (request 0b7c3a55-1f7e-4e8e-9a51-6c1d2f3e4a5b)",
  );
  assert.doesNotMatch(line, /Jane|Doe|Acme|jane\.doe/);
});

/** A request body as the server sees it: a stream with the request's headers. */
function fakeBody(headers = {}) {
  const stream = new PassThrough();
  stream.headers = headers;
  return stream;
}

const parseRefusal = (refusal) => ({ ...refusal, body: JSON.parse(refusal.body) });

test("each path's body limit is its function's own; the server reads a little past it, so the function answers first", async () => {
  const jiti = createJiti(import.meta.url);
  const lib = (...path) => jiti.import(join(FUNCTIONS, "..", "lib", ...path));
  const { MAX_BODY_BYTES } = await lib("kit", "http.ts");
  const { SLACK_MAX_BODY_BYTES } = await lib("add-ons", "slack", "slack-interactions.ts");
  const { BOOKING_MAX_BODY_BYTES } = await lib("add-ons", "booking", "booking-webhook.ts");
  const limitsFor = bodyLimits(await readFunctionModules(FUNCTIONS));
  const limits = (limitBytes) => ({ limitBytes, capBytes: limitBytes + LOCAL_BODY_MARGIN_BYTES });
  for (const [path, limit] of [
    ["/api/send-contact-email", MAX_BODY_BYTES],
    ["/leads/0b7c3a55-1f7e-4e8e-9a51-6c1d2f3e4a5b", MAX_BODY_BYTES],
    ["/api/slack/interactions", SLACK_MAX_BODY_BYTES],
    ["/API/Slack/Interactions/", SLACK_MAX_BODY_BYTES],
    ["/.netlify/functions/slack-interactions", SLACK_MAX_BODY_BYTES],
    ["/api/booking-webhook", BOOKING_MAX_BODY_BYTES],
    ["/contact", MAX_BODY_BYTES],
  ])
    assert.deepEqual(limitsFor(path), limits(limit), path);
  assert.ok(LOCAL_BODY_MARGIN_BYTES > 0, "the function's 413 stays the function's");
  assert.ok(LOCAL_BODY_MARGIN_BYTES <= MAX_BODY_BYTES, "a huge body is cut off early");
});

test("a function module's maxBodyBytes must be a positive integer", async () => {
  const dir = mkdtempSync(join(tmpdir(), "body-limit-"));
  writeFileSync(
    join(dir, "bad.mjs"),
    'export const config = { path: "/x" };\nexport const maxBodyBytes = "64k";\n',
  );
  await assert.rejects(readFunctionModules(dir), /bad\.mjs: maxBodyBytes must be a positive integer/);
  rmSync(dir, { recursive: true, force: true });
});

test("readRequestBody: the whole body, or 413 past the cap without reading further, or 408 at the deadline", async () => {
  const complete = fakeBody({ "content-length": "5" });
  const read = siteServer.readRequestBody(complete, { limitBytes: 8, capBytes: 10, timeoutMs: 5000 });
  complete.write("ab");
  complete.end("cde");
  assert.deepEqual(await read, { body: Buffer.from("abcde") });

  // Declared too large: refused before a byte is read.
  const declared = fakeBody({ "content-length": "11" });
  declared.write("x");
  const tooLarge = (
    await siteServer.readRequestBody(declared, { limitBytes: 8, capBytes: 10, timeoutMs: 5000 })
  ).refusal;
  assert.equal(declared.readableLength, 1, "nothing was read");
  assert.equal(tooLarge?.status, 413);
  assert.equal(tooLarge.headers.connection, "close");
  assert.match(tooLarge.headers["content-type"], /^application\/json/);
  assert.equal(
    parseRefusal(tooLarge).body.error,
    "Request body must be at most 8 bytes",
    "the function's limit",
  );

  // Sent in pieces without a length (chunked): refused once the cap is passed.
  const streamed = fakeBody({ "transfer-encoding": "chunked" });
  const streamedAnswer = siteServer.readRequestBody(streamed, {
    limitBytes: 8,
    capBytes: 10,
    timeoutMs: 5000,
  });
  streamed.write("x".repeat(6));
  streamed.write("x".repeat(6));
  assert.equal((await streamedAnswer).refusal?.status, 413);

  // Trickling: not complete at the deadline.
  const slow = fakeBody({ "content-length": "100" });
  const slowAnswer = siteServer.readRequestBody(slow, { limitBytes: 800, capBytes: 1000, timeoutMs: 200 });
  slow.write("{");
  const { refusal } = await slowAnswer;
  assert.equal(refusal?.status, 408);
  assert.equal(refusal.headers.connection, "close");
  assert.match(refusal.headers["content-type"], /^application\/json/);
  assert.equal(typeof parseRefusal(refusal).body.error, "string");
  slow.destroy();
});
