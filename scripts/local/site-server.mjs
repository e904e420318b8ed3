/**
 * The local site server: a Node HTTP server that runs every request through
 * `@netlify/dev` (publish folder, netlify.toml headers, Functions v2 at their
 * `config.path`) and answers paths nothing matches with `public/404.html`
 * and status 404, as Netlify's CDN does. Before the emulation, lib/local-guard.mjs refuses a
 * foreign Host (421), a manual job run without the per-run trigger secret (403) and requests
 * past a function's `config.rateLimit` (429); then the request's whole body is read, within
 * `bodyTimeoutMs` (408) and the function's own body limit (413, lib/body-limits.mjs), before the
 * call may take one of the few function slots (readRequestBody); docs/decisions/0012-local-server-hardening.md.
 * The functions get what Netlify gives them, from this server and never from the request: the
 * client IP is the socket's (`context.ip`), the site's origin (`URL`, for links in messages) is
 * this server's own, and Blobs is a server of its own on 127.0.0.1 (lib/local-blobs.mjs).
 *
 * @param {{ root: string, port: number, host?: string, triggerSecret?: string,
 *   rateLimit?: boolean, bodyTimeoutMs?: number, blobsDirectory?: string }} options root is the
 *   absolute project root; port 0 picks a free port; host is the listen address (default HOST or
 *   127.0.0.1, lib/host-check.mjs); triggerSecret defaults to a fresh one; rateLimit defaults to
 *   RATE_LIMIT (lib/rate-limit.mjs); bodyTimeoutMs is how long a request body may take to
 *   arrive whole (default 10 s); blobsDirectory is where the blobs live (default
 *   `.netlify/blobs-serve` in the project).
 * @returns {Promise<{ url: string, triggerSecret: string, close: () => Promise<void> }>} url
 *   like http://localhost:8888 (the listen address when that is not loopback); the functions get
 *   it as `URL` while the server runs
 * @throws when the port is taken, `public/` has not been built or RATE_LIMIT is malformed.
 */
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { NetlifyDev } from "@netlify/dev";
import pLimit from "p-limit";
import { isLoopbackName, listenHost, WILDCARDS } from "./host-check.mjs";
import { createLocalGuard } from "./local-guard.mjs";
import { newTriggerSecret } from "./local-trigger.mjs";
import { bodyLimits } from "./body-limits.mjs";
import { readFunctionModules } from "./function-modules.mjs";
import { BLOBS_CONTEXT_VARIABLE, startLocalBlobs } from "./local-blobs.mjs";
import { enablePersistentFunctionBuilds } from "./persistent-function-builds.mjs";
import { functionRateLimits, rateLimitEnabled } from "./rate-limit.mjs";

/** Whether a request of this method carries a body the emulation passes on. */
const hasBody = (method) => method !== "GET" && method !== "HEAD";

/**
 * Request headers Netlify's edge sets itself, so a client's own are dropped: X-Forwarded-For and
 * Netlify's `x-nf-*` (among them `x-nf-client-connection-ip`, the functions' `context.ip`).
 */
const isPlatformHeader = (name) => name === "x-forwarded-for" || name.startsWith("x-nf-");

/** The socket's address as Netlify names a client: an IPv4 client on an IPv6 socket as IPv4. */
const clientAddress = (remoteAddress = "") => remoteAddress.replace(/^::ffff:(?=\d+\.)/, "");

/**
 * The web Request for the emulation, with the body already read whole (or none for GET/HEAD).
 * The emulation takes the functions' `context.ip` from X-Forwarded-For, so that header is set to
 * the socket's address and nothing a client sends.
 */
function toWebRequest(req, origin, body) {
  const url = new URL(req.url ?? "/", origin);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (isPlatformHeader(name)) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value !== undefined) headers.set(name, value);
  }
  headers.set("x-forwarded-for", clientAddress(req.socket.remoteAddress));
  return new Request(url, { method: req.method, headers, body });
}

// Netlify buffers a request's body before it calls a function; the emulation streams it into the
// call instead, so a body trickling in held a function slot (of MAX_CONCURRENT_FUNCTION_CALLS)
// for as long as its sender liked. The server reads the body first, outside the slots.
/** How long a request body may take to arrive whole, in ms (startSiteServer's bodyTimeoutMs). */
const BODY_TIMEOUT_MS = 10_000;

/** A JSON refusal that closes the connection: the rest of the body is never read. */
const bodyRefusal = (status, error) => ({
  status,
  headers: {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    connection: "close",
  },
  body: JSON.stringify({ error }),
});

/**
 * Reads a request's whole body before it may take a function slot (decision
 * docs/decisions/0012-local-server-hardening.md).
 *
 * @param {import("node:stream").Readable & { headers: import("node:http").IncomingHttpHeaders }} req
 *   the Node request (its body stream and headers)
 * @param {{ limitBytes: number, capBytes: number, timeoutMs: number }} limits the function's
 *   body limit (named in the 413), how many bytes to read at most, and the deadline for the
 *   whole body, counted from the call
 * @returns {Promise<{ body: Buffer } | { refusal: { status: 408 | 413,
 *   headers: Record<string, string>, body: string } } | { aborted: true }>} the body; or the
 *   answer to send instead: 413 when the declared or received size passes `capBytes` (read no
 *   further), 408 when the body is not complete by the deadline, both JSON `{ "error" }` with
 *   `connection: close`; or `aborted` when the client went away first. Never rejects.
 */
export function readRequestBody(req, { limitBytes, capBytes, timeoutMs }) {
  const tooLarge = () => bodyRefusal(413, `Request body must be at most ${limitBytes} bytes`);
  const declared = Number(req.headers["content-length"] ?? "NaN");
  if (Number.isFinite(declared) && declared > capBytes) return Promise.resolve({ refusal: tooLarge() });
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    let settled = false;
    const settle = (result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const timer = setTimeout(
      () => settle({ refusal: bodyRefusal(408, "The request body did not arrive in time") }),
      timeoutMs,
    );
    req.on("data", (chunk) => {
      if (settled) return;
      size += chunk.length;
      if (size > capBytes) return settle({ refusal: tooLarge() });
      chunks.push(chunk);
    });
    req.on("end", () => settle({ body: Buffer.concat(chunks, size) }));
    req.on("error", () => settle({ aborted: true }));
    req.on("close", () => settle({ aborted: true }));
  });
}

// The emulation's fetch wrapper adds one entry per outgoing fetch a function made to this header.
// A retry run makes at least one fetch per pending lead, so with enough of them (SendGrid down for
// a while) the header passed 16 KB and Node's fetch (`npm run leads:retry`) rejected the answer
// (UND_ERR_HEADERS_OVERFLOW). It is Netlify-internal timing, not part of the site's answer.
const EMULATION_ONLY_HEADERS = new Set(["x-nf-fetch-timing"]);

/**
 * The Node `writeHead` headers for a web `Response`: multiple Set-Cookie kept apart, the
 * emulation's internal headers dropped.
 *
 * @param {Headers} webHeaders
 * @returns {Record<string, string | string[]>}
 */
export function nodeHeaders(webHeaders) {
  const headers = {};
  webHeaders.forEach((value, name) => {
    if (name === "set-cookie" || EMULATION_ONLY_HEADERS.has(name)) return;
    headers[name] = value;
  });
  const cookies = webHeaders.getSetCookie?.() ?? [];
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  return headers;
}

async function sendWebResponse(res, response) {
  res.writeHead(response.status, nodeHeaders(response.headers));
  if (!response.body) return void res.end();
  for await (const chunk of response.body) res.write(chunk);
  res.end();
}

// The emulation runs each function call in a fresh worker thread that loads the whole
// bundle; 50 at once ran the machine out of memory (docs/performance.md). Calls beyond this many wait
// in line instead (Netlify itself scales out).
const MAX_CONCURRENT_FUNCTION_CALLS = 8;
const FUNCTION_PATH = /^\/(api|\.netlify\/functions)\//;

// GETs that make the emulation build a function (its first call bundles it: seconds of CPU that
// stall every other request, the page's scripts included) and change nothing: the form-token
// function issues a token, the demo-request function answers 405, the no-JS thanks page's
// function answers a path that is not a request id with a 303 to the static page, the claim
// page's function refuses an unsigned link with a 403, the Slack and booking webhooks answer a GET
// with a 405. The retry, follow-up and retention jobs are
// not warmed: calling them runs them.
const WARM_UP_PATHS = [
  "/api/form-token",
  "/api/send-contact-email",
  "/contact/thanks/warm-up",
  "/leads/warm-up",
  "/api/slack/interactions",
  "/api/booking-webhook",
];

async function warmUpFunctions(netlifyDev) {
  for (const path of WARM_UP_PATHS) {
    const response = await netlifyDev.handle(new Request(new URL(path, "http://localhost")), {
      serverAddress: "http://localhost",
    });
    await response?.body?.cancel();
  }
}

// Listen addresses the URL names as localhost (this machine's loopback names, its loopback address
// as a socket spells it, or every interface): the functions' allowed local origins use that name.
const isLocalhostAddress = (host) => isLoopbackName(host) || host === "::1" || WILDCARDS.has(host);

/**
 * Sets `process.env[name]` for the functions this process runs (each call's worker copies the
 * environment when it starts) and returns how to put back the value it had.
 */
function setFunctionEnv(name, value) {
  const previous = process.env[name];
  process.env[name] = value;
  return () => {
    if (previous === undefined) delete process.env[name];
    else process.env[name] = previous;
  };
}

export async function startSiteServer({
  root,
  port,
  host = listenHost(),
  triggerSecret = newTriggerSecret(),
  rateLimit = rateLimitEnabled(),
  bodyTimeoutMs = BODY_TIMEOUT_MS,
  blobsDirectory = join(root, ".netlify", "blobs-serve"),
}) {
  // The functions decide "local" only when told so positively (netlify/lib/core/config.ts,
  // docs/requirements.md#spam-defence):
  // localhost origins and the local mail sink's SendGrid base URL are honoured only then.
  process.env.NETLIFY_DEV = "true";
  enablePersistentFunctionBuilds(join(root, ".netlify", "functions-serve", "persistent"));
  const functionsDir = join(root, "netlify", "functions");
  const limitsFor = bodyLimits(await readFunctionModules(functionsDir));
  const blobs = await startLocalBlobs({ directory: blobsDirectory });
  const restoreEnv = [setFunctionEnv(BLOBS_CONTEXT_VARIABLE, blobs.context)];
  const netlifyDev = new NetlifyDev({
    projectRoot: root,
    // Its own Blobs server would listen on every interface; the functions use ours (above).
    blobs: { enabled: false },
    edgeFunctions: { enabled: false },
    geolocation: { enabled: false },
    images: { enabled: false },
    aiGateway: { enabled: false },
    database: { enabled: false },
    // The passthrough server is only for a separate dev server (Vite); we serve public/ ourselves.
    serverAddress: null,
  });
  const stop = async () => {
    await netlifyDev.stop();
    await blobs.stop();
    restoreEnv.reverse().forEach((restore) => restore());
  };
  try {
    await netlifyDev.start();
    await warmUpFunctions(netlifyDev);
  } catch (error) {
    await stop();
    throw error;
  }
  const notFoundPage = await readFile(join(root, "public", "404.html"));
  const functionCalls = pLimit(MAX_CONCURRENT_FUNCTION_CALLS);
  const guard = createLocalGuard({
    host,
    triggerSecret,
    rateLimits: rateLimit ? await functionRateLimits(functionsDir) : [],
  });

  const server = createServer(async (req, res) => {
    try {
      const refusal = guard(req);
      if (refusal) {
        res.writeHead(refusal.status, refusal.headers);
        return void res.end(req.method === "HEAD" ? undefined : refusal.body);
      }
      const origin = `http://${req.headers.host}`;
      let body;
      if (hasBody(req.method)) {
        const limits = limitsFor(new URL(req.url ?? "/", origin).pathname);
        const read = await readRequestBody(req, { ...limits, timeoutMs: bodyTimeoutMs });
        if (read.aborted) return void res.destroy();
        if (read.refusal) {
          res.writeHead(read.refusal.status, read.refusal.headers);
          return void res.end(read.refusal.body);
        }
        body = read.body;
      }
      const request = toWebRequest(req, origin, body);
      const handle = () => netlifyDev.handle(request, { serverAddress: origin });
      const response = await (FUNCTION_PATH.test(new URL(request.url).pathname)
        ? functionCalls(handle)
        : handle());
      if (response) return await sendWebResponse(res, response);
      // The 404 page with the headers Netlify's rules give it (security headers included).
      const notFound = await netlifyDev.handle(new Request(new URL("/404.html", origin)), {
        serverAddress: origin,
      });
      const headers = { "content-type": "text/html; charset=utf-8" };
      notFound?.headers.forEach((value, name) => {
        if (name !== "content-length") headers[name] = value;
      });
      await notFound?.body?.cancel();
      res.writeHead(404, headers);
      res.end(req.method === "HEAD" ? undefined : notFoundPage);
    } catch (error) {
      console.error("[site-server] request failed:", error instanceof Error ? error.message : error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end("Internal Server Error");
    }
  });

  try {
    await new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, resolve);
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  const name = isLocalhostAddress(host) ? "localhost" : host.includes(":") ? `[${host}]` : host;
  const url = `http://${name}:${actualPort}`;
  // Links in e-mails and webhooks name the site's own origin, as Netlify's URL does on a deploy,
  // never the Host a request was sent with. Set before any request is taken.
  restoreEnv.push(setFunctionEnv("URL", url));
  return {
    url,
    triggerSecret,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await stop();
    },
  };
}
