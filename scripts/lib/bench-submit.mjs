/**
 * The submit-path figures of `npm run bench`, borrowed from the reliability issue's own submit
 * benchmark when it exists (`scripts/bench-submit.mjs`, else an npm script `bench:submit`).
 *
 * @param {{ root: string, timeoutMs?: number }} options root: absolute project root
 * @returns {{ available: false } | { available: true, command: string, ok: boolean,
 *   figures: object | null, output: string }} figures: the last line of its stdout that parses as a
 *   JSON object (if any); output: its stdout, trimmed to 4,000 characters
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

function lastJsonObject(text) {
  const lines = text.trim().split("\n").reverse();
  for (const line of lines) {
    try {
      const value = JSON.parse(line);
      if (value && typeof value === "object") return value;
    } catch {
      // not JSON: keep looking
    }
  }
  try {
    const value = JSON.parse(text);
    return value && typeof value === "object" ? value : null;
  } catch {
    return null;
  }
}

export function runSubmitBench({ root, timeoutMs = 5 * 60_000 }) {
  const script = join(root, "scripts", "bench-submit.mjs");
  const { scripts = {} } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  let command;
  if (existsSync(script)) command = ["node", ["scripts/bench-submit.mjs"]];
  else if (scripts["bench:submit"]) command = ["npm", ["run", "--silent", "bench:submit"]];
  else return { available: false };

  const result = spawnSync(command[0], command[1], {
    cwd: root,
    encoding: "utf8",
    timeout: timeoutMs,
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", BENCH_OUTPUT: "json" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const output = (result.stdout ?? "").trim();
  return {
    available: true,
    command: [command[0], ...command[1]].join(" "),
    ok: result.status === 0,
    figures: lastJsonObject(output),
    output: output.slice(-4000),
  };
}
