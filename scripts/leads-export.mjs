#!/usr/bin/env node
/**
 * `npm run leads:export [file]`: writes every stored demo request as CSV (netlify/lib/leads-csv.ts,
 * loaded through jiti, so the columns come from the same field table as the form)
 * to `file` or stdout. Reads the local Blobs folder of `npm start` (.netlify/blobs-serve), or,
 * with NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN set, the deployed site's `demo-requests` store.
 */
import { writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { getStore } from "@netlify/blobs";
import { BlobsServer } from "@netlify/blobs/server";
import { createJiti } from "jiti";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { leadsToCsv } = await createJiti(import.meta.url).import(join(root, "netlify/lib/leads-csv.ts"));
// The site id @netlify/dev uses for an unlinked site's local Blobs.
const LOCAL_SITE_ID = "0";

async function openStore() {
  const { NETLIFY_SITE_ID: siteID, NETLIFY_AUTH_TOKEN: token } = process.env;
  if (siteID && token)
    return { store: getStore({ name: "demo-requests", siteID, token }), close: async () => {} };
  const localToken = String(Math.random()).slice(2);
  const server = new BlobsServer({ directory: join(root, ".netlify", "blobs-serve"), token: localToken });
  const { port } = await server.start();
  const url = `http://localhost:${port}`;
  const store = getStore({
    name: "demo-requests",
    siteID: LOCAL_SITE_ID,
    token: localToken,
    edgeURL: url,
    uncachedEdgeURL: url,
  });
  return { store, close: () => server.stop() };
}

const { store, close } = await openStore();
try {
  const { blobs } = await store.list();
  const records = (await Promise.all(blobs.map((b) => store.get(b.key, { type: "json" })))).filter(Boolean);
  const csv = leadsToCsv(records);
  const target = process.argv[2];
  if (target) {
    writeFileSync(target, csv);
    console.error(`Wrote ${records.length} demo request(s) to ${target}`);
  } else process.stdout.write(csv);
} finally {
  await close();
}
