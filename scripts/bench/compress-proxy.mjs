/**
 * A benchmark-only gzip proxy standing in for Netlify's CDN, caching in memory so re-compressing does not take
 * CPU from the browser being measured. Only site files' GET responses are cached.
 */
import { once } from "node:events";
import { createServer, request } from "node:http";
import { buffer } from "node:stream/consumers";
import { gzipSync } from "node:zlib";

const HOP_BY_HOP = ["connection", "keep-alive", "transfer-encoding", "content-length"];
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/i;
const UNCACHED = /^\/(api|\.netlify)\//;

async function fetchUpstream(upstreamUrl, req, acceptsGzip) {
  const requestBody = await buffer(req);
  const up = await new Promise((resolve, reject) => {
    const headers = { ...req.headers, host: upstreamUrl.host, "accept-encoding": "identity" };
    const { hostname, port } = upstreamUrl;
    request({ hostname, port, path: req.url, method: req.method, headers }, resolve)
      .on("error", reject)
      .end(requestBody);
  });
  const status = up.statusCode ?? 502;
  const headers = { ...up.headers };
  for (const name of HOP_BY_HOP) delete headers[name];
  let body = await buffer(up);
  const compress =
    req.method !== "HEAD" &&
    ![204, 304].includes(status) &&
    acceptsGzip &&
    COMPRESSIBLE.test(String(headers["content-type"] ?? ""));
  if (compress) {
    body = gzipSync(body, { level: 6 });
    headers["content-encoding"] = "gzip";
    headers.vary = "Accept-Encoding";
  }
  if (req.method !== "HEAD") headers["content-length"] = String(body.length);
  return { status, headers, body };
}

/** Starts the proxy in front of the `target` origin on a free loopback port; resolves with `{ url, close }`. */
export async function startCompressingProxy({ target }) {
  const upstreamUrl = new URL(target);
  const cache = new Map();
  const server = createServer(async (req, res) => {
    try {
      const cacheable = req.method === "GET" && !UNCACHED.test(req.url ?? "/");
      const acceptsGzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
      const key = `${req.url} ${acceptsGzip}`;
      let response = cacheable ? cache.get(key) : undefined;
      if (!response) {
        response = await fetchUpstream(upstreamUrl, req, acceptsGzip);
        if (cacheable) cache.set(key, response);
      }
      res.writeHead(response.status, response.headers);
      res.end(req.method === "HEAD" ? undefined : response.body);
    } catch {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    }
  });
  await once(server.listen(0, "127.0.0.1"), "listening");
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
