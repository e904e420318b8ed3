#!/usr/bin/env node
/**
 * `npm run bench:submit [-- N [concurrency]]`: N demo requests (default 500, 50 at a time) to a local server,
 * then throughput and latency percentiles, checking the mail sink got exactly N sales e-mails and confirmations.
 * Each request carries a form token as a browser's would (docs/decisions/0011-spam-defence-layers.md); the abuse
 * bounds are set aside (docs/decisions/0010-confirmation-limits.md). Exit 1 when a check fails.
 */
import { randomUUID } from "node:crypto";
import { resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createJiti } from "jiti";
import pLimit from "p-limit";
import { percentile } from "./bench/report.mjs";
import { isLoopbackName } from "./local/local-guard.mjs";
import { readLocalFile } from "./local/local-data.mjs";
import { withLocalSite } from "./local/site-server.mjs";

const root = resolve(import.meta.dirname, "..");
const { MIN_FILL_MS } = await createJiti(import.meta.url).import("../netlify/lib/core/spam/form-token.ts");

/**
 * What a load run sets aside: one client sends every request, each with a confirmation (decision 0010), and no
 * scheduled job runs meanwhile.
 */
export const LOAD_ENV = {
  CONFIRMATION_DAILY_LIMIT: "1000000",
  CONFIRMATION_CLIENT_DAILY_LIMIT: "1000000",
  RATE_LIMIT: "off",
  LOCAL_SCHEDULER: "off",
};

/** The mail sink of the server `npm start` runs, from the URL it saved; throws when there is none. */
export function runningSink() {
  const url = readLocalFile(root, "mail-sink-url");
  if (!url) throw new Error("No mail sink URL saved: is npm start running?");
  return url;
}

/**
 * One form token per request, old enough once it resolves. One at a time, and a GET (405) first builds the demo
 * request's function: calls racing the local emulation's build of a function can find it half-written (a 500).
 */
async function fillForms(site, total) {
  await fetch(`${site}/api/send-contact-email`, { signal: AbortSignal.timeout(60_000) });
  const tokens = [];
  while (tokens.length < total) {
    const res = await fetch(`${site}/api/form-token`, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(60_000),
    });
    if (!res.ok)
      throw new Error(`GET /api/form-token answered ${res.status} (start the server with RATE_LIMIT=off)`);
    tokens.push((await res.json()).token);
  }
  await sleep(MIN_FILL_MS);
  return tokens;
}

async function submitOne(site, run, i, token) {
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
      formToken: token,
      requestId: randomUUID(),
    }),
  });
  await res.arrayBuffer();
  return res.status;
}

/**
 * Sends `total` demo requests to the loopback `site`, `concurrency` at a time, and counts what `sink` recorded.
 * @returns `{ ok, figures, output }`: latencies in ms, the printed lines. Throws on a refused form token.
 */
export async function submitLoad({ site, sink, total, concurrency }) {
  for (const url of [site, sink]) {
    if (!isLoopbackName(new URL(url).hostname)) throw new Error(`loopback only: ${url}`);
  }
  await fetch(`${sink}/__sink/messages`, { method: "DELETE" });
  const tokens = await fillForms(site, total);
  const run = randomUUID().slice(0, 8);
  const latencies = [];
  const statuses = {};
  const started = performance.now();
  const deadline = Date.now() + 10 * 60_000;
  await pLimit(concurrency).map(tokens, async (token, i) => {
    if (Date.now() >= deadline) return;
    const t0 = performance.now();
    const status = await submitOne(site, run, i, token).catch((error) =>
      error?.name === "TimeoutError" ? "timeout" : "network error",
    );
    latencies.push(performance.now() - t0);
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  // The confirmations go out after each answer (docs/decisions/0039-work-after-the-answer.md): the sink is read
  // until it holds one per request, or for the function's 10 s limit after the last answer.
  const settled = Date.now() + 10_000;
  let messages;
  for (;;) {
    messages = await (await fetch(`${sink}/__sink/messages`)).json();
    const mailed = messages.filter((m) => m.customArgs?.kind === "confirmation").length;
    if (mailed >= latencies.length || Date.now() >= settled) break;
    await sleep(250);
  }
  const sales = messages.filter((m) => m.customArgs?.kind === "sales");
  const confirmations = messages.filter((m) => m.customArgs?.kind === "confirmation");
  const uniqueSales = new Set(sales.map((m) => m.customArgs.requestId));
  const ok = [latencies.length, sales.length, confirmations.length, uniqueSales.size].every(
    (n) => n === total,
  );
  const [p50Ms, p95Ms, p99Ms] = [50, 95, 99].map((p) => Math.round(percentile(latencies, p)));
  const perSecond = Number((latencies.length / seconds).toFixed(1));
  const figures = {
    requests: latencies.length,
    seconds: Number(seconds.toFixed(1)),
    perSecond,
    statuses,
    p50Ms,
    p95Ms,
    p99Ms,
    countsMatch: ok,
  };
  const output = [
    `requests: ${figures.requests} in ${figures.seconds.toFixed(1)} s, ${perSecond.toFixed(1)} submissions/s, statuses ${JSON.stringify(statuses)}`,
    `latency ms: p50 ${p50Ms}, p95 ${p95Ms}, p99 ${p99Ms}`,
    `recorded: ${sales.length} sales e-mails (${uniqueSales.size} distinct request ids), ${confirmations.length} confirmations`,
    ok ? "OK: exactly one sales e-mail and one confirmation per request" : "FAILED: counts do not match",
  ].join("\n");
  return { ok, figures, output };
}

if (import.meta.main) {
  const total = Math.min(Number(process.argv[2] ?? 500), 5000);
  const concurrency = Math.min(Number(process.argv[3] ?? 50), 50);
  // The figures are printed before the site closes, so a failing close cannot hide them.
  const run = async (site, sink) => {
    const { ok, output } = await submitLoad({ site, sink, total, concurrency });
    console.log(output);
    return ok;
  };
  if (!process.env.SITE_URL) {
    delete process.env.SENDGRID_API_KEY; // a benchmark never sends real e-mail
    // Earlier runs' confirmations of the day count too: the local Blobs store is kept.
    Object.assign(process.env, LOAD_ENV);
  }
  const ok = process.env.SITE_URL
    ? await run(process.env.SITE_URL, runningSink())
    : await withLocalSite(root, (site, mail) => run(site.url, mail?.url));
  process.exit(ok ? 0 : 1);
}
