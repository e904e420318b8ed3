/**
 * @netlify/blobs' own local server (the one `@netlify/dev` runs), behind the local layer that makes
 * it answer as Netlify Blobs does (scripts/local/blobs-server.mjs), for unit tests, in a child Node
 * process: it is ESM-only (it imports @netlify/dev-utils), which Jest's CommonJS runtime cannot
 * load. `open(name)` gives a store on it; `context` is the NETLIFY_BLOBS_CONTEXT value with which
 * a function's own `getStore(name)` reaches the same server.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { getStore } from "@netlify/blobs";

const SERVER = `
  const { startBlobsLayer } = await import(process.argv[3]);
  const { port } = await startBlobsLayer({ directory: process.argv[1], token: process.argv[2] });
  console.log(port);
`;
const TOKEN = "test-token";
const LOCAL_ADAPTER = pathToFileURL(join(__dirname, "..", "..", "scripts", "local", "blobs-server.mjs")).href;
const SITE_ID = "test";

export interface TestBlobsServer {
  open: (name: string) => ReturnType<typeof getStore>;
  context: string;
  close: () => void;
}

export async function startBlobsServer(): Promise<TestBlobsServer> {
  const directory = mkdtempSync(join(tmpdir(), "blobs-"));
  const child = spawn(
    process.execPath,
    ["--input-type=module", "-e", SERVER, directory, TOKEN, LOCAL_ADAPTER],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const [chunk] = (await once(child.stdout, "data")) as [Buffer];
  const url = `http://127.0.0.1:${Number(chunk.toString())}`;
  const location = { siteID: SITE_ID, token: TOKEN, edgeURL: url, uncachedEdgeURL: url };
  return {
    open: (name) => getStore({ name, ...location }),
    context: Buffer.from(JSON.stringify(location)).toString("base64"),
    close: () => {
      child.kill();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
