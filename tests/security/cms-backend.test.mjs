// The content editor's local backend (`npm run cms`; decision
// docs/decisions/0012-local-server-hardening.md): decap-server's file API answers this machine's
// Host names only, so a DNS-rebound page cannot read or write content/ through it.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";

const SCRIPT = join(import.meta.dirname, "..", "..", "scripts", "cms-backend.mjs");
const repo = mkdtempSync(join(tmpdir(), "cms-backend-"));
let port = 0;
let server;

/** A free loopback port. */
const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });

/** POSTs `body` to the backend's API with the given Host header. */
const post = (host, body) =>
  new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path: "/api/v1",
        method: "POST",
        headers: { host, "content-type": "application/json" },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode, text }));
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });

before(async () => {
  mkdirSync(join(repo, "content"));
  writeFileSync(join(repo, "content", "site.json"), '{"title":"kept"}\n');
  port = await freePort();
  server = spawn(process.execPath, [SCRIPT], {
    cwd: repo,
    env: { ...process.env, PORT: String(port), HOST: "", LOG_LEVEL: "error" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve, reject) => {
    server.stdout.on("data", (chunk) => String(chunk).includes("listening") && resolve());
    server.on("exit", (code) => reject(new Error(`cms-backend exited with ${code}`)));
  });
});

after(() => {
  server?.kill();
  rmSync(repo, { recursive: true, force: true });
});

test("a foreign Host, or this machine at another port, gets 421 and cannot write content/", async () => {
  const write = {
    action: "persistEntry",
    params: {
      branch: "main",
      entry: { slug: "site", path: "content/site.json", raw: '{"title":"defaced"}' },
      assets: [],
      options: { commitMessage: "x" },
    },
  };
  for (const host of [`rebound.evil.example:${port}`, `localhost:${port + 1}`])
    assert.equal((await post(host, write)).status, 421, host);
  assert.equal(readFileSync(join(repo, "content", "site.json"), "utf8"), '{"title":"kept"}\n');
});

test("localhost reaches decap-server's file API", async () => {
  const info = await post(`localhost:${port}`, { action: "info" });
  assert.equal(info.status, 200);
  assert.equal(JSON.parse(info.text).type, "local_fs");
  const entry = await post(`127.0.0.1:${port}`, {
    action: "getEntry",
    params: { branch: "main", path: "content/site.json" },
  });
  assert.equal(entry.status, 200);
  assert.equal(JSON.parse(entry.text).data, '{"title":"kept"}\n');
});
