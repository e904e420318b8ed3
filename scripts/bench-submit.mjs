#!/usr/bin/env node
/**
 * `npm run bench:submit [-- N [concurrency]]`: N demo requests (default 500, 50 at a time) to a local server,
 * then throughput and latency percentiles, checking the mail sink got exactly N sales e-mails and confirmations.
 * Each request carries a form token as a browser's would (docs/decisions/0011-spam-defence-layers.md); the abuse
 * bounds are set aside (docs/decisions/0010-confirmation-limits.md). Exit 1 when a check fails.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { createJiti } from "jiti";
import { startLocalMail } from "./local/local-sinks.mjs";
import { startSiteServer } from "./local/site-server.mjs";
import { percentile } from "./bench/stats.mjs";
import { isLoopbackName } from "./local/local-guard.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { MIN_FILL_MS } = await createJiti(import.meta.url).import("../netlify/lib/core/spam/form-token.ts");
const total = Math.min(Number(process.argv[2] ?? 500), 5000);
const concurrency = Math.min(Number(process.argv[3] ?? 50), 50);

async function openServer() {
  if (process.env.SITE_URL) {
    const sink = readFileSync(join(root, ".data", "mail-sink-url"), "utf8").trim();
    return { site: process.env.SITE_URL, sink, close: async () => {} };
  }
  delete process.env.SENDGRID_API_KEY; // a benchmark never sends real e-mail
  // Earlier runs' confirmations of the day count too (the local Blobs store is kept), and one client sends all.
  process.env.CONFIRMATION_DAILY_LIMIT = "1000000";
  process.env.CONFIRMATION_CLIENT_DAILY_LIMIT = "1000000";
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
 * One form token per request, as each page fetches one when it loads; resolves once the newest is older than a
 * person's fastest fill. Throws when the server refuses a token (a running server with its rate limit on).
 */
async function fillForms(site) {
  const tokens = [];
  let next = 0;
  async function worker() {
    while (next < total) {
      const i = next++;
      const res = await fetch(`${site}/api/form-token`, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(60_000),
      });
      if (!res.ok)
        throw new Error(`GET /api/form-token answered ${res.status} (start the server with RATE_LIMIT=off)`);
      tokens[i] = (await res.json()).token;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  await sleep(MIN_FILL_MS);
  return tokens;
}

/** Sends the N requests to `site`, each with its form token; resolves with latencies, statuses and seconds. */
async function load(site, tokens) {
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
        formToken: tokens[i],
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
  const tokens = await fillForms(site);
  const { latencies, statuses, seconds } = await load(site, tokens);
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
