// Unit tests of the benchmark's pure helpers: target misses, medians, the table
// (docs/decisions/0007-perf-benchmark.md).
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, test } from "node:test";
import { startCompressingProxy } from "../../scripts/bench/compress-proxy.mjs";
import { timeImport } from "../../scripts/bench/function-init.mjs";
import { medianFigures } from "../../scripts/bench/lighthouse.mjs";
import {
  formatTable,
  idleShare,
  median,
  missedDeadTap,
  missedTargets,
  percentile,
} from "../../scripts/bench/report.mjs";
import { NETWORK_PROFILES, runBoundMs, tapOneAtATime } from "../../scripts/bench/dead-tap.mjs";

// A script-free page meeting every target, and /contact meeting its own.
const perfect = {
  performance: 100,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  fcpMs: 850,
  lcpMs: 900,
  lcpAfterFcpMs: 50,
  tbtMs: 0,
  cls: 0,
  transferBytes: 120_000,
  jsGzipBytes: 0,
  jsFiles: [],
  inlineScriptBytes: 1_200,
  failedAudits: [],
  consoleErrors: [],
};
const contact = { ...perfect, tbtMs: 30, jsGzipBytes: 95_000, jsFiles: [{}, {}, {}, {}] };

describe("missedTargets", () => {
  test("none when every figure meets its target", () => {
    assert.deepEqual(missedTargets("/", perfect), []);
    assert.deepEqual(missedTargets("/contact", contact), []);
  });

  test("names each missed target", () => {
    const figures = { ...perfect, seo: 90, lcpMs: 1600, tbtMs: 51, cls: 0.01, transferBytes: 300_000 };
    figures.failedAudits = ["seo:meta-description"];
    assert.deepEqual(missedTargets("/", figures), ["seo", "LCP", "TBT", "CLS", "transfer"]);
    assert.deepEqual(missedTargets("/contact", { ...contact, jsGzipBytes: 100_001 }), ["first-load JS"]);
  });

  test("script-free pages: TBT 0, LCP within 100 ms of FCP, no script file, inline scripts <= 2 KB", () => {
    assert.deepEqual(missedTargets("/about", { ...perfect, tbtMs: 1 }), ["TBT"]);
    assert.deepEqual(missedTargets("/contact", { ...contact, tbtMs: 50 }), []);
    assert.deepEqual(missedTargets("/about", { ...perfect, lcpAfterFcpMs: 101 }), ["LCP-FCP"]);
    assert.deepEqual(missedTargets("/contact", { ...contact, lcpAfterFcpMs: 400 }), []);
    assert.deepEqual(missedTargets("/about", { ...perfect, jsFiles: [{}], jsGzipBytes: 100 }), [
      "first-load JS",
    ]);
    assert.deepEqual(missedTargets("/about", { ...perfect, inlineScriptBytes: 2_001 }), ["first-load JS"]);
    // A page nobody listed is held to the script-free targets.
    assert.deepEqual(missedTargets("/privacy", { ...perfect, tbtMs: 20 }), ["TBT"]);
  });

  test("on a not-found path only the 404 status's own audits are forgiven", () => {
    const notFound = {
      ...perfect,
      seo: 69,
      bestPractices: 96,
      failedAudits: ["seo:http-status-code", "best-practices:errors-in-console"],
      consoleErrors: [
        "Failed to load resource: the server responded with a status of 404 (Not Found) http://x/nope",
      ],
    };
    assert.deepEqual(missedTargets("/404.html", notFound, { notFoundPath: "/nope" }), []);
    assert.deepEqual(missedTargets("/404.html", notFound), ["bestPractices", "seo"]);
    const favicon = {
      ...notFound,
      consoleErrors: [...notFound.consoleErrors, "... 404 (Not Found) http://x/favicon.ico"],
    };
    assert.deepEqual(missedTargets("/404.html", favicon, { notFoundPath: "/nope" }), ["bestPractices"]);
  });

  test("noindex is forgiven only on the pages kept out of search on purpose", () => {
    const noindex = { ...perfect, seo: 66, failedAudits: ["seo:is-crawlable"] };
    assert.deepEqual(missedTargets("/404", noindex, { noindexPage: true }), []);
    assert.deepEqual(missedTargets("/contact/thanks", noindex, { noindexPage: true }), []);
    assert.deepEqual(missedTargets("/contact/thanks", noindex), ["seo"]);
    assert.deepEqual(missedTargets("/about", noindex), ["seo"]);
  });

  test("a failed Lighthouse run is a miss", () => {
    assert.deepEqual(missedTargets("/", { error: "boom", jsFiles: [], inlineScriptBytes: 0 }), [
      "lighthouse failed",
    ]);
  });
});

test("missedDeadTap: under 100 ms is met; over it, or a failed probe, is a miss", () => {
  assert.deepEqual(missedDeadTap({ deadTapMs: 40 }), []);
  assert.deepEqual(missedDeadTap({ deadTapMs: 100 }), []);
  assert.deepEqual(missedDeadTap({ deadTapMs: 3200 }), ["dead tap"]);
  assert.deepEqual(missedDeadTap({ error: "the menu did not open within 60 s" }), ["dead tap"]);
});

test("the benchmarks' median and nearest-rank percentile", () => {
  assert.equal(median([300, 10, 20]), 20);
  assert.equal(median([10, 20, 30, 40]), 25);
  assert.equal(median([]), null);
  assert.equal(median([5, null, "x", 7]), 6);
  const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
  assert.equal(percentile(sorted, 50), 50);
  assert.equal(percentile(sorted, 95), 95);
  assert.equal(percentile(sorted, 100), 100);
  assert.equal(percentile([3], 99), 3);
  assert.equal(percentile([], 50), undefined);
});

test("the dead-tap probe never makes a tap while the previous one is unanswered", async () => {
  // A slowed page that takes 60 ms to take each tap, three times the tap interval.
  let inFlight = 0;
  let mostInFlight = 0;
  let taken = 0;
  const tap = async () => {
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 60));
    inFlight -= 1;
    taken += 1;
  };
  const taps = await tapOneAtATime({
    tap,
    done: () => taken >= 4,
    deadline: Date.now() + 10_000,
    intervalMs: 20,
  });
  assert.equal(mostInFlight, 1);
  assert.equal(taps, 4);
});

test("the dead-tap probe's taps stop at the deadline even when a tap is never answered", async () => {
  const started = Date.now();
  const taps = await tapOneAtATime({
    tap: () => new Promise(() => {}),
    done: () => false,
    deadline: started + 100,
  });
  assert.equal(taps, 1);
  assert.ok(Date.now() - started < 1_000);
});

test("the dead-tap run bound grows with a slower network and is never under a minute", () => {
  const slow3g = runBoundMs(NETWORK_PROFILES["slow 3G"]);
  const slow4g = runBoundMs(NETWORK_PROFILES["slow 4G"]);
  assert.ok(slow4g >= 60_000, `slow 4G bound ${slow4g} ms`);
  assert.ok(slow3g > slow4g);
  assert.ok(runBoundMs(NETWORK_PROFILES["slow 3G"], 1) < slow3g);
});

test("medianFigures takes each figure's median", () => {
  const runs = [
    { ...perfect, tbtMs: 300, performance: 90 },
    { ...perfect, tbtMs: 20 },
    { ...perfect, tbtMs: 40 },
  ];
  const median = medianFigures(runs);
  assert.equal(median.tbtMs, 40);
  assert.equal(median.performance, 100);
  assert.equal(median.runs, 3);
});

test("formatTable aligns columns and prints missing cells as -", () => {
  const text = formatTable(
    ["page", "n"],
    [
      ["/", 5],
      ["/about", null],
    ],
  );
  assert.equal(text, ["page    n", "------  -", "/       5", "/about  -"].join("\n"));
});

test("the compressing proxy gzips text, passes status and headers through, and caches site files", async () => {
  const body = "x".repeat(10_000);
  const upstreamHits = [];
  const upstream = createServer((req, res) => {
    upstreamHits.push(req.url);
    res.writeHead(req.url === "/missing" ? 404 : 200, { "content-type": "text/html", "cache-control": "c" });
    res.end(body);
  });
  await new Promise((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const proxy = await startCompressingProxy({ target: `http://127.0.0.1:${upstream.address().port}` });
  try {
    const { request } = await import("node:http");
    const get = (path) =>
      new Promise((resolve, reject) => {
        request(proxy.url + path, { headers: { "accept-encoding": "gzip" } }, (res) => {
          const chunks = [];
          res.on("data", (c) => chunks.push(c));
          res.on("end", () => resolve({ res, raw: Buffer.concat(chunks) }));
        })
          .on("error", reject)
          .end();
      });
    const { res, raw } = await get("/");
    assert.equal(res.headers["content-encoding"], "gzip");
    assert.equal(res.headers["cache-control"], "c");
    assert.ok(raw.length < 200, `compressed to ${raw.length} bytes`);
    assert.equal(gunzipSync(raw).toString(), body);
    assert.equal((await get("/missing")).res.statusCode, 404);
    // A second load of the page is served from memory; function calls always reach upstream.
    assert.equal(gunzipSync((await get("/")).raw).toString(), body);
    await get("/api/send-contact-email");
    await get("/api/send-contact-email");
    assert.deepEqual(upstreamHits, ["/", "/missing", "/api/send-contact-email", "/api/send-contact-email"]);
  } finally {
    await proxy.close();
    await new Promise((resolve) => upstream.close(resolve));
  }
});

test("idleShare is the idle part of the CPU time between two snapshots, over all cores", () => {
  const snapshot = (idle, user) => ({ model: "x", speed: 1, times: { user, nice: 0, sys: 0, idle, irq: 0 } });
  const before = [snapshot(1000, 500), snapshot(1000, 500)];
  const after = [snapshot(1900, 600), snapshot(1000, 1500)];
  // Core 0: 900 idle of 1000; core 1: 0 idle of 1000.
  assert.equal(idleShare(before, after), 0.45);
  assert.equal(idleShare(after, after), 1);
});

test("timeImport times a module's evaluation in a fresh process that sees only the core's settings", () => {
  const dir = mkdtempSync(join(tmpdir(), "time-import-"));
  try {
    const slow = join(dir, "slow.mjs");
    writeFileSync(
      slow,
      `if (!process.env.SALES_EMAIL || process.env.HOME || globalThis.seen) throw new Error("not cold");
      globalThis.seen = true;
      const until = performance.now() + 30; while (performance.now() < until);`,
    );
    const ms = timeImport(slow);
    assert.ok(ms >= 30 && ms < 5_000, `${ms} ms`);
    assert.ok(timeImport(slow) >= 30);
    const broken = join(dir, "broken.mjs");
    writeFileSync(broken, `import "no-such-package";`);
    assert.throws(() => timeImport(broken), /importing .*broken\.mjs failed/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the running server's mail sink is read from the data folder npm start writes, LOCAL_DATA_DIR included", async () => {
  const dir = mkdtempSync(join(tmpdir(), "bench-data-"));
  const saved = process.env.LOCAL_DATA_DIR;
  process.env.LOCAL_DATA_DIR = dir;
  try {
    writeFileSync(join(dir, "mail-sink-url"), "http://127.0.0.1:9999\n");
    const { runningSink } = await import("../../scripts/bench-submit.mjs");
    assert.equal(runningSink(), "http://127.0.0.1:9999");
  } finally {
    if (saved === undefined) delete process.env.LOCAL_DATA_DIR;
    else process.env.LOCAL_DATA_DIR = saved;
    rmSync(dir, { recursive: true, force: true });
  }
});
