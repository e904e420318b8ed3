/**
 * The local Netlify Blobs server of `npm start` and of the owner's commands (decision
 * docs/decisions/0012-local-server-hardening.md): @netlify/blobs' own `BlobsServer` (with the
 * local adapter, lib/blobs-server.mjs), listening on 127.0.0.1 only, behind a fresh random token.
 * `@netlify/dev` would start one on every interface with a token of `Math.random()` digits, so
 * `npm start` turns its own off and hands the functions this one through `NETLIFY_BLOBS_CONTEXT`,
 * the variable the Blobs client reads (the same one Netlify sets on a deploy).
 *
 * @param {{ directory: string }} options directory: the folder the blobs live in (npm start's is
 *   `.netlify/blobs-serve` in the project)
 * @returns {Promise<{ url: string, token: string, siteID: string, context: string,
 *   stop: () => Promise<void> }>} url like http://127.0.0.1:41234; token 64 hex characters;
 *   siteID the local site id ("0"); context the NETLIFY_BLOBS_CONTEXT value (base64 JSON) for them
 * @throws when the server cannot listen
 */
import { randomBytes } from "node:crypto";
import { applyLocalBlobsFixes } from "./blobs-server.mjs";

/** The site id the local stores are kept under (what `@netlify/dev` used for an unlinked site). */
export const LOCAL_SITE_ID = "0";

/** The environment variable the Blobs client reads its server and token from. */
export const BLOBS_CONTEXT_VARIABLE = "NETLIFY_BLOBS_CONTEXT";

const LOOPBACK = "127.0.0.1";

export async function startLocalBlobs({ directory }) {
  const BlobsServer = applyLocalBlobsFixes();
  const token = randomBytes(32).toString("hex");
  // The server has no host option; it hands `port` to Node's `server.listen` as it is, and listen
  // takes an options object there (build/INTERNALS.md; tests/security/local-server-boundaries.test.mjs).
  const server = new BlobsServer({ directory, token, port: { host: LOOPBACK, port: 0 } });
  const { port } = await server.start();
  const url = `http://${LOOPBACK}:${port}`;
  const location = { deployID: "0", siteID: LOCAL_SITE_ID, token, edgeURL: url, uncachedEdgeURL: url };
  return {
    url,
    token,
    siteID: LOCAL_SITE_ID,
    context: Buffer.from(JSON.stringify(location)).toString("base64"),
    stop: () => server.stop(),
  };
}
