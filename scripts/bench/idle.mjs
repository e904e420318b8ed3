/** Waits for a quiet CPU before Lighthouse measures: right after a build the first pages measured were slowest. */
import { cpus } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";

/** Share of CPU time idle between two `os.cpus()` snapshots, 0..1 (1 when no time passed). */
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

/** Resolves once `minIdle` idle for `quietSeconds` in a row, or after `timeoutSeconds` (`quiet: false`). */
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
