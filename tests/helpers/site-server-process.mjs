/**
 * `npm start`'s site server in a child process of its own (scripts/local/site-server.mjs), with
 * `env` added to this process's environment, a Blobs folder of its own and no rate limit. Resolves
 * with its URL, its trigger secret, its Blobs context and `stop()`. Needs a built public/.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { startMailSink } from "../../scripts/sinks/mail-sink.mjs";

const root = join(import.meta.dirname, "..", "..");
const START_TIMEOUT_MS = 180_000;

/**
 * @param {Record<string, string | undefined>} env variables to set (undefined unsets one)
 * @param {Record<string, number | boolean>} [options] more `startSiteServer` options, e.g. `{ bodyTimeoutMs: 8000 }`
 * @returns {Promise<{ url: string, triggerSecret: string, blobs: { edgeURL: string, token: string, siteID: string }, pid: number, work: string, stop: () => Promise<void>, output: () => string }>}
 */
export async function startSiteServerProcess(env, options = {}) {
  const work = mkdtempSync(join(tmpdir(), "site-server-"));
  // A script file rather than --eval, whose flags the emulation's function workers would inherit.
  const script = join(work, "server.mjs");
  writeFileSync(
    script,
    `
  const { startSiteServer } = await import(${JSON.stringify(pathToFileURL(join(root, "scripts", "local", "site-server.mjs")).href)});
  const server = await startSiteServer({
    root: ${JSON.stringify(root)},
    port: 0,
    rateLimit: false,
    blobsDirectory: ${JSON.stringify(join(work, "blobs"))},
    ...${JSON.stringify(options)},
  });
  const blobs = JSON.parse(Buffer.from(process.env.NETLIFY_BLOBS_CONTEXT ?? "", "base64").toString() || "{}");
  process.stdout.write(JSON.stringify({ url: server.url, triggerSecret: server.triggerSecret, blobs }) + "\\n");
`,
  );
  const childEnv = { ...process.env, HOST: "127.0.0.1" };
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[name];
    else childEnv[name] = value;
  }
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => {
    log = (log + chunk).slice(-4000);
    output += chunk;
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(work, { recursive: true, force: true });
  };
  let out = "";
  try {
    const started = await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no server within ${START_TIMEOUT_MS} ms:\n${log}`)),
        START_TIMEOUT_MS,
      );
      child.stdout.on("data", (chunk) => {
        out += chunk;
        if (!out.includes("\n")) return;
        clearTimeout(timer);
        resolve(JSON.parse(out.split("\n")[0]));
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`the server exited (${code}):\n${log}`));
      });
    });
    return { ...started, pid: child.pid, work, stop, output: () => output };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A local mail sink, and `startSiteServerProcess` sending to it with the core's settings (key and form secret named
 * for `name`) and `env` over them. `core` starts another server on the same sink.
 * @param {string} name
 * @param {Record<string, string | undefined>} [env]
 */
export async function startSiteWithMailSink(name, env = {}) {
  const apiKey = `SG.${name}-test`;
  const sink = await startMailSink({ apiKey });
  const core = {
    SENDGRID_API_KEY: apiKey,
    SENDGRID_API_BASE_URL: sink.url,
    SALES_EMAIL: "sales@example.com",
    MAIL_FROM: "site@example.com",
    FORM_TOKEN_SECRET: `${name}-form-secret-0123456789abcdef`,
  };
  try {
    const server = await startSiteServerProcess({ ...core, ...env });
    const stop = async () => {
      await server.stop();
      await sink.close();
    };
    return { sink, server, core, stop };
  } catch (error) {
    await sink.close();
    throw error;
  }
}
