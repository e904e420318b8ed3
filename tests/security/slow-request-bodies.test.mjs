// Slow request bodies cannot hold the local server's function slots (decision
// docs/decisions/0012-local-server-hardening.md): `npm start` reads a request's whole body, within a
// deadline and a size cap, before the call may take one of its few slots; a body not complete by
// the deadline gets 408, one declared over the cap 413 (scripts/local/site-server.mjs). Netlify
// buffers bodies itself. Loopback only; needs a built public/.
import assert from "node:assert/strict";
import { request } from "node:http";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { startSiteServerProcess } from "../helpers/site-server-process.mjs";

// Longer than the form token may take, so a server that read bodies inside the slots (even with
// this deadline) would fail the first test.
const BODY_TIMEOUT_MS = 8000;

/** @type {Awaited<ReturnType<typeof startSiteServerProcess>>} */
let server;
let url;
before(async () => {
  // Enough configuration for the functions to run; mail would go to a closed loopback port.
  server = await startSiteServerProcess(
    {
      SENDGRID_API_KEY: "SG.local-slow-bodies-test",
      SENDGRID_API_BASE_URL: "http://127.0.0.1:9",
      SALES_EMAIL: "sales@example.com",
      MAIL_FROM: "site@example.com",
    },
    { bodyTimeoutMs: BODY_TIMEOUT_MS },
  );
  url = server.url;
});
after(() => server?.stop());

/**
 * A POST whose declared body trickles one byte every `everyMs`, for at most `maxBytes` bytes or
 * until an answer arrives. Resolves with the answer, or with `{ status: "no answer" }`.
 */
function tricklingPost(siteUrl, { everyMs = 400, maxBytes = 60 } = {}) {
  const { port } = new URL(siteUrl);
  let stop = false;
  const req = request({
    host: "127.0.0.1",
    port,
    method: "POST",
    path: "/api/send-contact-email",
    headers: { host: `localhost:${port}`, "content-type": "application/json", "content-length": "1000" },
  });
  req.on("error", () => {});
  const answer = new Promise((resolve) => {
    req.on("response", (res) => {
      stop = true;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, text }));
      res.on("error", () => resolve({ status: res.statusCode, headers: res.headers, text }));
    });
    req.on("close", () => {
      if (!stop) resolve({ status: "no answer" });
    });
  });
  void (async () => {
    for (let sent = 0; sent < maxBytes && !stop && !req.destroyed; sent++) {
      req.write(" ");
      await sleep(everyMs);
    }
  })();
  return { answer, destroy: () => req.destroy() };
}

// Nine bodies trickling one byte at a time (more than the 8 function slots) while the form asks
// for a token.
test("nine trickling bodies leave the function slots free, and each gets 408 at the deadline", async () => {
  const slow = Array.from({ length: 9 }, () => tricklingPost(url));
  try {
    await sleep(1000); // every trickling request has reached the server
    const started = Date.now();
    const token = await fetch(`${url}/api/form-token`, { signal: AbortSignal.timeout(6000) });
    assert.equal(token.status, 200);
    assert.equal(typeof (await token.json()).token, "string");
    assert.ok(Date.now() - started < BODY_TIMEOUT_MS, "answered before any trickling body timed out");

    const answers = await Promise.all(slow.map(({ answer }) => answer));
    for (const answer of answers) {
      assert.equal(answer.status, 408);
      assert.equal(answer.headers.connection, "close");
      assert.equal(typeof JSON.parse(answer.text).error, "string");
    }
  } finally {
    for (const { destroy } of slow) destroy();
  }
  // A body that arrives whole still reaches the function (here: its 400 for malformed JSON).
  const malformed = await fetch(`${url}/api/send-contact-email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: "{",
    signal: AbortSignal.timeout(10000),
  });
  assert.equal(malformed.status, 400, await malformed.text());
});

test("a body declared far over the cap is refused with 413 before a byte of it is sent", async () => {
  const { port } = new URL(url);
  const huge = await new Promise((resolve, reject) => {
    const req = request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/api/send-contact-email",
      headers: {
        host: `localhost:${port}`,
        "content-type": "application/json",
        "content-length": "10000000",
      },
      signal: AbortSignal.timeout(5000),
    });
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, text }));
    });
    req.on("error", reject);
    req.flushHeaders();
  });
  assert.equal(huge.status, 413);
  assert.equal(huge.headers.connection, "close");
  assert.equal(typeof JSON.parse(huge.text).error, "string");
});
