/**
 * Waits for the machine to go quiet before Lighthouse measures (docs/decisions/0007-perf-benchmark.md). Right
 * after a build, background work (file writes, exiting workers) ran on the same 2 cores as the browser and
 * the first pages measured were the slowest (Chromium's CPU index 1,700 instead of 2,700).
 */
import { cpus } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * Share of CPU time spent idle between two `os.cpus()` snapshots, over all cores.
 *
 * @param {import("node:os").CpuInfo[]} before
 * @param {import("node:os").CpuInfo[]} after
 * @returns {number} 0..1 (1 when no time passed)
 */
export function idleShare(before, after) {
  let idle = 0;
  let total = 0;
  after.forEach((cpu, index) => {
    const previous = before[index]?.times;
    if (!previous) return;
    for (const [kind, value] of Object.entries(cpu.times)) {
      const delta = value - (previous[kind] ?? 0);
      total += delta;
      if (kind === "idle") idle += delta;
    }
  });
  return total > 0 ? idle / total : 1;
}

/**
 * Resolves once the CPUs were at least `minIdle` idle for `quietSeconds` seconds in a row, or after
 * `timeoutSeconds` (then it says so: the figures of that run are less comparable).
 *
 * @param {{ minIdle?: number, quietSeconds?: number, timeoutSeconds?: number }} [options]
 *   defaults 0.9, 3 and 60
 * @returns {Promise<{ quiet: boolean, waitedSeconds: number }>}
 */
export async function waitForQuietCpu({ minIdle = 0.9, quietSeconds = 3, timeoutSeconds = 60 } = {}) {
  let quietFor = 0;
  let waited = 0;
  let previous = cpus();
  while (waited < timeoutSeconds) {
    await sleep(1000);
    waited += 1;
    const current = cpus();
    quietFor = idleShare(previous, current) >= minIdle ? quietFor + 1 : 0;
    previous = current;
    if (quietFor >= quietSeconds) return { quiet: true, waitedSeconds: waited };
  }
  return { quiet: false, waitedSeconds: waited };
}
