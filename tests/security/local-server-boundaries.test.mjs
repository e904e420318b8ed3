// What the local server hands the functions comes from the server, never from a request
// (decision docs/decisions/0012-local-server-hardening.md; scripts/local/site-server.mjs):
// it listens on loopback only, its Blobs server included, behind a random token; links in
// e-mails name its own origin whatever Host a request was sent with; the client IP behind the
// confirmation bound is the socket's, whatever X-Forwarded-For says; and each endpoint's body
// limit is its function's own. Needs a built public/; the socket check reads Linux's /proc.
import assert from "node:assert/strict";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { networkInterfaces } from "node:os";
import { after, before, test } from "node:test";
import { getStore } from "@netlify/blobs";
import { startSiteWithMailSink } from "../helpers/site-server-process.mjs";

const KB = 1024;

let site;
let sink;
/** @type {Awaited<ReturnType<typeof startSiteWithMailSink>>["server"]} */
let server;

before(async () => {
  site = await startSiteWithMailSink("local-server-boundaries", {
    CONFIRMATION_EMAIL: "off",
    SLACK_SIGNING_SECRET: "local-boundaries-signing-secret",
    URL: undefined,
    LEAD_WEBHOOK_URL: undefined,
  });
  ({ sink, server } = site);
});

after(() => site?.stop());

/**
 * A raw request to the local server, so that Host and X-Forwarded-For can be anything. With
 * `declaredOnly`, only the headers go out (the body is declared, never sent).
 */
function send(path, { method = "POST", headers = {}, body, declaredOnly = false } = {}) {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, method, path, headers: { host: `localhost:${port}`, ...headers } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, text }));
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error(`${path}: no answer`)));
    req.on("error", reject);
    if (declaredOnly) req.flushHeaders();
    else req.end(body);
  });
}

let demoRequests = 0;
/** A demo request as JSON from `headers`' client; resolves with the stored lead's id. */
async function demoRequest(headers = {}) {
  demoRequests += 1;
  const body = JSON.stringify({
    firstName: "Jane",
    lastName: "Driller",
    email: `jane${demoRequests}@acme-mining.com`,
    phone: "+61 400 123 456",
    company: "Acme Mining",
    message: "",
  });
  const answer = await send("/api/send-contact-email", {
    headers: { "content-type": "application/json", ...headers },
    body,
  });
  assert.ok([200, 202].includes(answer.status), `${answer.status} ${answer.text}`);
  return JSON.parse(answer.text).reference;
}

/** The stored lead `id`, read from the server's own Blobs store. */
function storedLead(id) {
  const { siteID, token, edgeURL } = server.blobs;
  const store = getStore({ name: "demo-requests", siteID, token, edgeURL, uncachedEdgeURL: edgeURL });
  return store.get(`leads/${id}`, { type: "json" });
}

/** "0100007F:1F90" or a tcp6 address from /proc/net -> "127.0.0.1" / "::1"-style text. */
function procAddress(hex) {
  const [address] = hex.split(":");
  const bytes = Buffer.from(address, "hex");
  // Each 32-bit word is in the host's (little-endian) order.
  for (let i = 0; i < bytes.length; i += 4) bytes.subarray(i, i + 4).reverse();
  if (bytes.length === 4) return [...bytes].join(".");
  if (bytes.subarray(0, 12).equals(Buffer.from("00000000000000000000ffff", "hex")))
    return `::ffff:${[...bytes.subarray(12)].join(".")}`;
  return bytes.toString("hex").replace(/(.{4})(?!$)/g, "$1:");
}

const isLoopback = (address) =>
  /^127\./.test(address) ||
  /^::ffff:127\./.test(address) ||
  address === "0000:0000:0000:0000:0000:0000:0000:0001";

/** The local addresses of every TCP socket process `pid` listens on (Linux). */
function listeningAddresses(pid) {
  const sockets = new Set();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
      if (inode) sockets.add(inode);
    } catch {
      // closed meanwhile
    }
  }
  const addresses = [];
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of readFileSync(table, "utf8").trim().split("\n").slice(1)) {
      const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
      if (state === "0A" && sockets.has(inode)) addresses.push(procAddress(local));
    }
  }
  return addresses;
}

/** Whether a TCP connection to host:port is accepted. */
function accepts(host, port) {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 3000 });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

test("the local Blobs server listens on 127.0.0.1 with a random token, and the server listens on nothing but loopback", async () => {
  const blobsUrl = new URL(server.blobs.edgeURL);
  assert.equal(blobsUrl.hostname, "127.0.0.1");
  assert.match(server.blobs.token, /^[0-9a-f]{64}$/, "32 random bytes, not Math.random() digits");
  assert.equal(await accepts("127.0.0.1", blobsUrl.port), true);
  const elsewhere = Object.values(networkInterfaces())
    .flat()
    .filter((nic) => nic && !nic.internal && !nic.address.startsWith("fe80:"));
  for (const { address } of elsewhere)
    assert.equal(await accepts(address, blobsUrl.port), false, `Blobs reachable at ${address}`);
  if (process.platform === "linux") {
    const addresses = listeningAddresses(server.pid);
    assert.ok(addresses.length >= 2, `the site and Blobs servers: ${addresses}`);
    for (const address of addresses) assert.ok(isLoopback(address), `listening on ${address}`);
  }
});

test("the sales e-mail's claim link names the server's own origin, not the Host it was sent to", async () => {
  const { port } = new URL(server.url);
  const id = await demoRequest({ host: `127.0.0.1:${port}` });
  const sales = sink.messages().find((m) => m.customArgs?.kind === "sales" && m.customArgs.requestId === id);
  assert.ok(sales, "no sales e-mail");
  const link = /^Claim this lead \[(\S+)\]$/m.exec(sales.text)?.[1];
  assert.ok(link?.startsWith(`${server.url}/leads/${id}?sig=`), `claim link ${link}`);
  assert.ok(!(sales.text + sales.html).includes(`127.0.0.1:${port}`), "the Host it was sent to");
});

test("the client key is the socket's address: spoofed X-Forwarded-For values change nothing, and none is needed", async () => {
  const keys = [];
  for (const headers of [
    { "x-forwarded-for": "203.0.113.7" },
    { "x-forwarded-for": "198.51.100.9, 192.0.2.1" },
    { "x-nf-client-connection-ip": "203.0.113.8" },
    {},
  ]) {
    const lead = await storedLead(await demoRequest(headers));
    keys.push(lead?.clientKey);
  }
  assert.equal(typeof keys[0], "string", "a request gets a client key");
  assert.deepEqual(new Set(keys), new Set([keys[0]]), `one client, one key: ${keys}`);
});

test("each endpoint's body limit is its function's: a 60 KB Slack click reaches the function, 70 KB does not", async () => {
  const click = (bytes) => {
    const body = `payload=${"a".repeat(bytes - "payload=".length)}`;
    return send("/api/slack/interactions", {
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-slack-request-timestamp": String(Math.floor(Date.now() / 1000)),
        "x-slack-signature": `v0=${"0".repeat(64)}`,
      },
      body,
    });
  };
  const within = await click(60 * KB);
  assert.equal(within.status, 401, "the function's answer to a wrong signature");
  assert.equal((await click(70 * KB)).status, 413);
  const far = await send("/api/slack/interactions", {
    headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(200 * KB) },
    declaredOnly: true,
  });
  assert.equal(far.status, 413);
  assert.equal(JSON.parse(far.text).error, `Request body must be at most ${64 * KB} bytes`);
});

test("the demo request's limit stays 32 KB: its function answers just past it, the server far past it", async () => {
  const json = { "content-type": "application/json" };
  const past = await send("/api/send-contact-email", {
    headers: json,
    body: JSON.stringify({ message: "x".repeat(40 * KB) }),
  });
  assert.equal(past.status, 413);
  assert.equal(JSON.parse(past.text).error, `Request body must be at most ${32 * KB} bytes`);
  const far = await send("/api/send-contact-email", {
    headers: { ...json, "content-length": String(200 * KB) },
    declaredOnly: true,
  });
  assert.equal(far.status, 413);
  assert.equal(far.headers.connection, "close");
  assert.equal(JSON.parse(far.text).error, `Request body must be at most ${32 * KB} bytes`);
});
