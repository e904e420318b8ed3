import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type SlowHeaderProxy = {
  /** Like http://127.0.0.1:41234 */
  url: string;
  close: () => Promise<void>;
};

const HOP_BY_HOP = /^(connection|keep-alive|transfer-encoding|content-length|content-encoding)$/i;
const HEADER = /<header[\s>][\s\S]*?<\/header>/;

/**
 * A proxy in front of `target` (the local site) whose HTML pages arrive as a slow network delivers
 * them: everything before `<header>` at once, then the header one tag at a time with `pauseMs`
 * between tags (so the browser may paint each partial header), then the rest. Other responses pass
 * unchanged. GET and HEAD only: the specs using it only read pages.
 */
export async function startSlowHeaderProxy(target: string, pauseMs = 30): Promise<SlowHeaderProxy> {
  const relay = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405).end();
      return;
    }
    const upstream = await fetch(new URL(req.url ?? "/", target), { redirect: "manual" });
    const headers: Record<string, string> = {};
    upstream.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.test(name)) headers[name] = value;
    });
    const bytes = Buffer.from(await upstream.arrayBuffer());
    res.writeHead(upstream.status, headers);
    const body = bytes.toString("utf8");
    const header = HEADER.exec(body);
    if (!/^text\/html/.test(upstream.headers.get("content-type") ?? "") || !header) {
      res.end(bytes);
      return;
    }
    res.write(body.slice(0, header.index));
    for (const tag of header[0].match(/[^>]*>/g) ?? []) {
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
      res.write(tag);
    }
    res.end(body.slice(header.index + header[0].length));
  };
  const server = createServer((req, res) => {
    relay(req, res).catch(() => res.headersSent || res.writeHead(502).end());
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}
