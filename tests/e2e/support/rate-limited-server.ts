/**
 * A second `npm start` for the specs that need the function's rate limit
 * (docs/requirements.md#spam-defence), or another configuration than the shared server's (`extraEnv`,
 * e.g. Slack buttons: tests/e2e/closing-the-loop.spec.ts). The suite's
 * shared server runs with RATE_LIMIT=off (playwright.config.ts): every spec posts from the same
 * loopback IP, far more than 10 a minute. This one is the real `npm start` with the limit on, on a
 * free port, with its own LOCAL_DATA_DIR so the shared server's `.data/` files (site URL, mail
 * sink URL, trigger secret) stay as they are.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type RateLimitedServer = {
  /** Like http://localhost:41234 */
  url: string;
  /** The server's mail sink, like http://127.0.0.1:41235 */
  sinkUrl: string;
  /** The server's per-run trigger secret. */
  triggerSecret: string;
  /** The server's lead webhook sink, when started with LEAD_WEBHOOK_URL=local. */
  webhookSinkUrl?: string;
  /** The server's HubSpot sink, like http://127.0.0.1:41236, when started with HUBSPOT_ACCESS_TOKEN=local. */
  hubspotSinkUrl?: string;
  stop: () => Promise<void>;
};

const READY_TIMEOUT_MS = 150_000;

/** Starts the server and resolves once it answers; rejects with its log when it exits or times out. */
export async function startRateLimitedServer(
  extraEnv: Record<string, string> = {},
): Promise<RateLimitedServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "rate-limited-site-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: "0",
    RATE_LIMIT: "on",
    LOCAL_SCHEDULER: "off",
    LOCAL_DATA_DIR: dataDir,
    GATSBY_TELEMETRY_DISABLED: "1",
    ...extraEnv,
  };
  delete env.SENDGRID_API_KEY;
  delete env.HOST;
  // Its own process group, so stopping it reaches everything start.mjs started.
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (chunk) => (log += chunk));
  child.stderr?.on("data", (chunk) => (log += chunk));
  const read = (name: string) => readFileSync(join(dataDir, name), "utf8").trim();
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!existsSync(join(dataDir, "local-trigger-secret"))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop(child, dataDir);
      throw new Error(`the rate-limited npm start did not get ready:\n${log.slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url: read("site-url"),
    sinkUrl: read("mail-sink-url"),
    triggerSecret: read("local-trigger-secret"),
    webhookSinkUrl: existsSync(join(dataDir, "webhook-sink-url")) ? read("webhook-sink-url") : undefined,
    hubspotSinkUrl: existsSync(join(dataDir, "hubspot-sink-url")) ? read("hubspot-sink-url") : undefined,
    stop: () => stop(child, dataDir),
  };
}

async function stop(child: ChildProcess, dataDir: string) {
  if (child.exitCode === null && child.pid !== undefined) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(-child.pid, "SIGTERM");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}
