/**
 * The submit figures of `npm run bench`: starts `scripts/start.mjs` with the mail sink and the abuse bounds
 * set aside, runs scripts/bench-submit.mjs against it, and parses its lines. `available: false` without it.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

/** Figures from the submit benchmark's printed lines; null when they are not there. */
export function parseSubmitOutput(text) {
  const run = /requests: (\d+) in ([\d.]+) s, ([\d.]+) submissions\/s, statuses (\{.*\})/.exec(text);
  const latency = /p50 (\d+), p95 (\d+), p99 (\d+)/.exec(text);
  if (!run || !latency) return null;
  return {
    requests: Number(run[1]),
    seconds: Number(run[2]),
    perSecond: Number(run[3]),
    statuses: JSON.parse(run[4]),
    p50Ms: Number(latency[1]),
    p95Ms: Number(latency[2]),
    p99Ms: Number(latency[3]),
    countsMatch: /^OK:/m.test(text),
  };
}

/** Starts `npm start` on a free port; resolves with `{ child, url }` once it says it is ready. */
export function startServer(root, timeoutMs) {
  // The load is measured, not the abuse bounds (decision 0010): room for one confirmation per request.
  const env = {
    ...process.env,
    // A free port; the server prints its URL.
    PORT: "0",
    GATSBY_TELEMETRY_DISABLED: "1",
    CONFIRMATION_DAILY_LIMIT: "1000000",
    // One client IP sends every request: the confirmation's per-client bound would stop at 5.
    CONFIRMATION_CLIENT_DAILY_LIMIT: "1000000",
    // One client IP sends every request: the function's per-IP rate limit would stop the load.
    RATE_LIMIT: "off",
  };
  delete env.SENDGRID_API_KEY;
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let log = "";
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      reject(new Error(`npm start did not get ready in ${timeoutMs / 1000} s`));
    }, timeoutMs);
    const onData = (chunk) => {
      log += chunk;
      const ready = /Site ready at (\S+)/.exec(log);
      if (ready) {
        clearTimeout(timer);
        resolve({ child, url: ready[1] });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (chunk) => (log += chunk));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code}): ${log.slice(-500)}`));
    });
  });
}

/** Stops the server `startServer` started. */
export async function stopServer(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

export async function runSubmitBench({ root, requests = 60, concurrency = 10, timeoutMs = 6 * 60_000 }) {
  if (!existsSync(join(root, "scripts", "bench-submit.mjs"))) return { available: false };
  const { child, url } = await startServer(root, timeoutMs);
  try {
    const args = ["scripts/bench-submit.mjs", String(requests), String(concurrency)];
    const result = spawnSync(process.execPath, args, {
      cwd: root,
      encoding: "utf8",
      timeout: timeoutMs,
      env: { ...process.env, SITE_URL: url },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const failure = result.error
      ? `\n${result.error.message}`
      : result.signal
        ? `\nkilled by ${result.signal}`
        : "";
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}${failure}`.trim();
    return {
      available: true,
      ok: result.status === 0,
      figures: parseSubmitOutput(output),
      output: output.slice(-4000),
    };
  } finally {
    await stopServer(child);
  }
}
