#!/usr/bin/env node
/**
 * `npm run bench:submit [-- N [concurrency]]`: sends N valid demo requests (default 500,
 * 50 at a time, N at most 5000, concurrency at most 50) to a local server on loopback, then
 * prints submissions per second and p50/p95/p99 latency in ms, and checks through the local mail
 * sink that exactly N sales e-mails and N confirmations arrived with no duplicate request id.
 * Exit code 1 when a check fails. Bounded: no request starts after 10 minutes, each gives up
 * after 60 s.
 *
 * The server: with SITE_URL set, that running server (and the sink in .data/mail-sink-url;
 * it must run without SENDGRID_API_KEY, with RATE_LIMIT=off and with a CONFIRMATION_DAILY_LIMIT
 * far above N, as `npm run bench` starts it). Otherwise this script starts its own in this
 * process, on a free loopback port, with the local mail sink, RATE_LIMIT=off and no practical
 * daily confirmation limit (docs/decisions/0010-confirmation-limits.md), so the load is measured, not the
 * abuse bounds (all requests come from one IP, which the function's 10-a-minute limit would stop). Each run
 * uses addresses of its own, since an address gets one confirmation a day.
 *
 * 50 at a time by default, as docs/requirements.md#durable-capture asks. The local server lets at most 8
 * function calls run at once (scripts/local/site-server.mjs) and queues the rest: each call is a fresh worker
 * thread loading the whole bundle, and 50 unqueued ran the machine out of memory. Queued time counts in the
 * latency figures; Netlify itself scales out instead.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { startLocalMail } from "./local/local-mail.mjs";
import { startSiteServer } from "./local/site-server.mjs";
import { percentile } from "./bench/stats.mjs";
import { isLoopbackName } from "./local/host-check.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const total = Math.min(Number(process.argv[2] ?? 500), 5000);
const concurrency = Math.min(Number(process.argv[3] ?? 50), 50);

/** The server to load: the given SITE_URL, or one started here with the abuse bounds set aside. */
async function openServer() {
  if (process.env.SITE_URL) {
    const sink = readFileSync(join(root, ".data", "mail-sink-url"), "utf8").trim();
    return { site: process.env.SITE_URL, sink, close: async () => {} };
  }
  delete process.env.SENDGRID_API_KEY; // a benchmark never sends real e-mail
  // Earlier runs' confirmations of the day count too (the local Blobs store is kept).
  process.env.CONFIRMATION_DAILY_LIMIT = "1000000";
  process.env.RATE_LIMIT = "off";
  const mail = await startLocalMail(root);
  const server = await startSiteServer({ root, port: 0 });
  return {
    site: server.url,
    sink: mail.url,
    close: async () => {
      await server.close();
      await mail.close();
    },
  };
}

/**
 * Sends the N requests to `site`, `concurrency` at a time.
 * @returns {Promise<{ latencies: number[], statuses: Record<string, number>, seconds: number }>}
 */
async function load(site) {
  const run = randomUUID().slice(0, 8);
  const ids = Array.from({ length: total }, () => randomUUID());
  const latencies = [];
  const statuses = {};
  let next = 0;
  const started = performance.now();
  const deadline = Date.now() + 10 * 60_000;

  async function worker() {
    while (next < total && Date.now() < deadline) {
      const i = next++;
      const t0 = performance.now();
      let status = "network error";
      try {
        status = await submitOne(i);
      } catch (error) {
        status = error?.name === "TimeoutError" ? "timeout" : "network error";
      }
      latencies.push(performance.now() - t0);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }

  /** Sends request `i`; resolves with the HTTP status. Each request gives up after 60 s. */
  async function submitOne(i) {
    const res = await fetch(`${site}/api/send-contact-email`, {
      signal: AbortSignal.timeout(60_000),
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        firstName: "Bench",
        lastName: `No${i}`,
        email: `bench-${run}-${i}@example.com`,
        phone: "+61 400 000 000",
        company: "Bench Co",
        message: "",
        website: "",
        requestId: ids[i],
      }),
    });
    await res.arrayBuffer();
    return res.status;
  }

  await Promise.all(Array.from({ length: concurrency }, worker));
  return {
    latencies: latencies.sort((a, b) => a - b),
    statuses,
    seconds: (performance.now() - started) / 1000,
  };
}

async function main() {
  const { site, sink, close } = await openServer();
  for (const url of [site, sink]) {
    if (!isLoopbackName(new URL(url).hostname)) throw new Error(`loopback only: ${url}`);
  }
  await fetch(`${sink}/__sink/messages`, { method: "DELETE" });
  const { latencies, statuses, seconds } = await load(site);
  const messages = await (await fetch(`${sink}/__sink/messages`)).json();
  const sales = messages.filter((m) => m.customArgs?.kind === "sales");
  const confirmations = messages.filter((m) => m.customArgs?.kind === "confirmation");
  const uniqueSales = new Set(sales.map((m) => m.customArgs.requestId));

  console.log(
    `requests: ${latencies.length} in ${seconds.toFixed(1)} s, ${(latencies.length / seconds).toFixed(1)} submissions/s, statuses ${JSON.stringify(statuses)}`,
  );
  console.log(
    `latency ms: p50 ${percentile(latencies, 50).toFixed(0)}, p95 ${percentile(latencies, 95).toFixed(0)}, p99 ${percentile(latencies, 99).toFixed(0)}`,
  );
  console.log(
    `recorded: ${sales.length} sales e-mails (${uniqueSales.size} distinct request ids), ${confirmations.length} confirmations`,
  );
  const ok =
    latencies.length === total &&
    sales.length === total &&
    confirmations.length === total &&
    uniqueSales.size === total;
  console.log(
    ok ? "OK: exactly one sales e-mail and one confirmation per request" : "FAILED: counts do not match",
  );
  await close();
  process.exit(ok ? 0 : 1);
}

await main();
