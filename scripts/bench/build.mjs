/**
 * The bench's build step (docs/decisions/0007-perf-benchmark.md): a timed clean build when needed or forced,
 * else the recorded time of the build behind public/. Throws when `gatsby build` fails.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { needsBuild } from "../local/needs-build.mjs";

function readRecord(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

export function ensureBuild({ root, force = false }) {
  const recordFile = join(root, "bench", "results", "last-build.json");
  const marker = join(root, "public", "index.html");
  const record = readRecord(recordFile);
  const current = existsSync(marker) && record && record.publicMtimeMs === statSync(marker).mtimeMs;
  if (!force && !needsBuild(root) && current) return { ...record.build, measuredNow: false };

  console.log("bench: clean build (removing .cache and public, then gatsby build)...");
  rmSync(join(root, ".cache"), { recursive: true, force: true });
  rmSync(join(root, "public"), { recursive: true, force: true });
  const started = process.hrtime.bigint();
  const result = spawnSync("npx", ["gatsby", "build"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" },
    timeout: 15 * 60_000,
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) throw new Error(`gatsby build failed (status ${result.status})`);

  const build = { seconds: Math.round(seconds * 10) / 10, kind: "clean", at: new Date().toISOString() };
  mkdirSync(join(root, "bench", "results"), { recursive: true });
  writeFileSync(
    recordFile,
    JSON.stringify({ build, publicMtimeMs: statSync(marker).mtimeMs }, null, 2) + "\n",
  );
  return { ...build, measuredNow: true };
}
