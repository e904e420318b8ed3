#!/usr/bin/env node
/**
 * `npm start`: builds the site if `public/` is missing or stale, then serves it at
 * http://localhost:8888 (PORT overrides) through the Netlify emulation. Without
 * SENDGRID_API_KEY, e-mail goes to an embedded local mail sink (scripts/lib/local-mail.mjs).
 */
import { spawnSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { needsBuild } from "./lib/needs-build.mjs";
import { startLocalMail } from "./lib/local-mail.mjs";
import { startSiteServer } from "./lib/site-server.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
process.env.GATSBY_TELEMETRY_DISABLED = "1";

if (needsBuild(root)) {
  console.log("Building the site (public/ is missing or older than its sources)...");
  const build = spawnSync("npx", ["gatsby", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Before the site server: the function reads the SendGrid variables this sets.
const mailSink = await startLocalMail(root);
const port = Number(process.env.PORT ?? 8888);
const { url, close: closeSite } = await startSiteServer({ root, port });
const close = async () => {
  await closeSite();
  await mailSink?.close();
};
console.log(`Site ready at ${url}`);

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    close().finally(() => process.exit(0));
  });
}
