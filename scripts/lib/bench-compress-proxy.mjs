/**
 * A loopback reverse proxy that gzips text responses, for the benchmark only. The local Netlify
 * emulation (site-server.mjs) sends files uncompressed, while Netlify's CDN compresses them; without
 * this, Lighthouse's transfer bytes and its simulated-throttling LCP/TBT would describe a server
 * nobody visits. gzip level 6 is conservative: Netlify sends Chromium brotli, which is smaller.
 *
 * @param {{ target: string, port?: number }} options target like http://localhost:41234
 * @returns {Promise<{ url: string, close: () => Promise<void> }>} url on 127.0.0.1 (port 0 = free)
 */
import { createServer, request } from "node:http";
import { pipeline } from "node:stream";
import { createGzip } from "node:zlib";

const HOP_BY_HOP = ["connection", "keep-alive", "transfer-encoding", "content-length"];
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/i;

export async function startCompressingProxy({ target, port = 0 }) {
  const upstreamUrl = new URL(target);
  const server = createServer((req, res) => {
    const upstream = request(
      {
        hostname: upstreamUrl.hostname,
        port: upstreamUrl.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: upstreamUrl.host, "accept-encoding": "identity" },
      },
      (up) => {
        const headers = { ...up.headers };
        const compress =
          req.method !== "HEAD" &&
          ![204, 304].includes(up.statusCode ?? 0) &&
          /\bgzip\b/.test(req.headers["accept-encoding"] ?? "") &&
          COMPRESSIBLE.test(String(headers["content-type"] ?? ""));
        if (!compress) {
          res.writeHead(up.statusCode ?? 502, headers);
          return pipeline(up, res, () => {});
        }
        for (const name of HOP_BY_HOP) delete headers[name];
        headers["content-encoding"] = "gzip";
        headers.vary = "Accept-Encoding";
        res.writeHead(up.statusCode ?? 502, headers);
        pipeline(up, createGzip({ level: 6 }), res, () => {});
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    pipeline(req, upstream, () => {});
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
