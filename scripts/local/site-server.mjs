/**
 * The local site server (docs/decisions/0012-local-server-hardening.md): every request through `@netlify/dev` after
 * local-guard.mjs's checks; client IP, origin and Blobs come from here, never the request.
 */
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { NetlifyDev } from "@netlify/dev";
import pLimit from "p-limit";
import { startBlobsLayer } from "./blobs-server.mjs";
import { checkSettings } from "./local-settings.mjs";
import { saveMailSettings, startLocalMail } from "./local-sinks.mjs";
import {
  bodyLimits,
  createLocalGuard,
  functionRateLimits,
  isLocalhostAddress,
  jsonRefusal,
  listenHost,
  rateLimitEnabled,
  readFunctionModules,
} from "./local-guard.mjs";

function toWebRequest(req, origin, body) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    // Netlify's edge sets these itself, so a client's own are dropped.
    if (name === "x-forwarded-for" || name.startsWith("x-nf-")) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value !== undefined) headers.set(name, value);
  }
  // As Netlify names a client: IPv4 on an IPv6 socket as IPv4.
  headers.set("x-forwarded-for", (req.socket.remoteAddress ?? "").replace(/^::ffff:(?=\d+\.)/, ""));
  return new Request(new URL(req.url ?? "/", origin), { method: req.method, headers, body });
}

// Netlify buffers a body before a function runs; the emulation streams it, so a trickle would hold a slot.
const BODY_TIMEOUT_MS = 10_000;
const bodyRefusal = (status, error) => jsonRefusal(status, error, { connection: "close" });

/** Resolves with `{ body }`, a 413/408 `{ refusal }` within `capBytes` and `timeoutMs`, or `{ aborted }`. */
export function readRequestBody(req, { limitBytes, capBytes, timeoutMs }) {
  const tooLarge = () => ({ refusal: bodyRefusal(413, `Request body must be at most ${limitBytes} bytes`) });
  if (Number(req.headers["content-length"]) > capBytes) return Promise.resolve(tooLarge());
  const { promise, resolve } = Promise.withResolvers();
  const chunks = [];
  let size = 0;
  const timer = setTimeout(
    () => resolve({ refusal: bodyRefusal(408, "The request body did not arrive in time") }),
    timeoutMs,
  );
  req.on("data", (chunk) => {
    size += chunk.length;
    if (size > capBytes) resolve(tooLarge());
    else chunks.push(chunk);
  });
  req.on("end", () => resolve({ body: Buffer.concat(chunks) }));
  req.on("error", () => resolve({ aborted: true }));
  req.on("close", () => resolve({ aborted: true }));
  return promise.finally(() => clearTimeout(timer));
}

/** The Node `writeHead` headers for a web `Response`: Set-Cookie kept apart, emulation headers dropped. */
export function nodeHeaders(webHeaders) {
  const headers = {};
  webHeaders.forEach((value, name) => {
    // The emulation's x-nf-fetch-timing grows per outgoing fetch, past what Node's fetch accepts (16 KB).
    if (name !== "set-cookie" && name !== "x-nf-fetch-timing") headers[name] = value;
  });
  const cookies = webHeaders.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  return headers;
}

async function sendWebResponse(res, response) {
  res.writeHead(response.status, nodeHeaders(response.headers));
  if (response.body) for await (const chunk of response.body) res.write(chunk);
  res.end();
}

// Each call runs in a fresh worker loading the whole bundle; 50 at once ran out of memory (docs/performance.md).
const MAX_CONCURRENT_FUNCTION_CALLS = 8;
const FUNCTION_PATH = /^\/(api|\.netlify\/functions)\//;

// GETs that build a function in the emulation (seconds of CPU) and change nothing (a job's would run it).
const WARM_UP_PATHS = (
  "/api/form-token /api/send-contact-email /contact/thanks/warm-up /leads/warm-up /api/slack/interactions " +
  "/api/booking-webhook"
).split(" ");

/** Resolves with `{ url, triggerSecret, close }`; throws when the port is taken or `public/` is not built. */
export async function startSiteServer({
  root,
  port,
  rateLimit = rateLimitEnabled(),
  bodyTimeoutMs = BODY_TIMEOUT_MS,
  blobsDirectory = join(root, ".netlify", "blobs-serve"),
}) {
  const host = listenHost();
  const triggerSecret = randomBytes(32).toString("hex");
  // The functions decide "local" only when told so positively (netlify/lib/core/config.ts).
  process.env.NETLIFY_DEV = "true";
  const functionsDir = join(root, "netlify", "functions");
  const limitsFor = bodyLimits(await readFunctionModules(functionsDir));
  const blobs = await startBlobsLayer({ directory: blobsDirectory });
  // The functions' workers copy process.env; what it had is restored on close.
  const savedEnv = {
    NETLIFY_BLOBS_CONTEXT: process.env.NETLIFY_BLOBS_CONTEXT,
    URL: process.env.URL,
    SETTINGS_REPORTED: process.env.SETTINGS_REPORTED,
  };
  process.env.NETLIFY_BLOBS_CONTEXT = blobs.context;
  // Said once here (unless an owner command said it), not at each call's cold start in a fresh worker (compose.ts).
  if (process.env.SETTINGS_REPORTED !== "true") {
    const { core, warnings } = await checkSettings();
    for (const line of [...core, ...warnings]) console.error(`[demo-request] ${line}`);
    process.env.SETTINGS_REPORTED = "true";
  }
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
  const handle = (request, origin = "http://localhost") =>
    netlifyDev.handle(request, { serverAddress: origin });
  const stop = async () => {
    await netlifyDev.stop();
    await blobs.stop();
    for (const [name, value] of Object.entries(savedEnv)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  try {
    await netlifyDev.start();
    for (const path of WARM_UP_PATHS)
      await (await handle(new Request(`http://localhost${path}`)))?.body?.cancel();
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
      const origin = `http://${req.headers.host}`;
      let refusal = guard(req);
      if (refusal?.rewrite) {
        // Netlify's rewrite: that page answers instead of the function (body unread), as a GET or HEAD.
        req.resume();
        const method = req.method === "HEAD" ? "HEAD" : "GET";
        const response = await handle(new Request(new URL(refusal.rewrite, origin), { method }), origin);
        if (response) return await sendWebResponse(res, response);
        throw new Error(`the rate limit's rewrite target ${refusal.rewrite} is not built`);
      }
      let body;
      if (!refusal && req.method !== "GET" && req.method !== "HEAD") {
        const limits = limitsFor(new URL(req.url ?? "/", origin).pathname);
        const read = await readRequestBody(req, { ...limits, timeoutMs: bodyTimeoutMs });
        if (read.aborted) return void res.destroy();
        ({ refusal, body } = read);
      }
      if (refusal) {
        res.writeHead(refusal.status, refusal.headers);
        return void res.end(req.method === "HEAD" ? undefined : refusal.body);
      }
      const request = toWebRequest(req, origin, body);
      const response = await (FUNCTION_PATH.test(new URL(request.url).pathname)
        ? functionCalls(() => handle(request, origin))
        : handle(request, origin));
      if (response) return await sendWebResponse(res, response);
      // The 404 page with the headers Netlify's rules give it (security headers included).
      const notFound = await handle(new Request(new URL("/404.html", origin)), origin);
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
    server.listen(port, host);
    await once(server, "listening");
  } catch (error) {
    await stop();
    throw error;
  }
  const name = isLocalhostAddress(host) ? "localhost" : host.includes(":") ? `[${host}]` : host;
  const url = `http://${name}:${server.address().port}`;
  // Links in messages name the site's own origin, never a request's Host.
  process.env.URL = url;
  return {
    url,
    triggerSecret,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await stop();
    },
  };
}

/** Runs `task(site, mail)` with a site server on a free port and `startLocalMail`'s sink, then closes both and restores the mail settings. */
export async function withLocalSite(root, task) {
  const restoreMailSettings = saveMailSettings();
  const mail = await startLocalMail(root);
  let site;
  try {
    site = await startSiteServer({ root, port: 0 });
    return await task(site, mail);
  } finally {
    await site?.close();
    await mail?.close();
    restoreMailSettings();
  }
}
