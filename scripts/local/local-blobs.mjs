/**
 * The local Blobs server on 127.0.0.1 behind a random token (docs/decisions/0012-local-server-hardening.md):
 * `@netlify/dev`'s own listens on every interface with a weak token. Resolves with its URL, token and the
 * NETLIFY_BLOBS_CONTEXT value for the functions; throws when it cannot listen.
 */
import { randomBytes } from "node:crypto";
import { startBlobsLayer } from "./blobs-server.mjs";

export const LOCAL_SITE_ID = "0";

export const BLOBS_CONTEXT_VARIABLE = "NETLIFY_BLOBS_CONTEXT";

export async function startLocalBlobs({ directory }) {
  const token = randomBytes(32).toString("hex");
  const server = await startBlobsLayer({ directory, token });
  const url = server.url;
  const location = { deployID: "0", siteID: LOCAL_SITE_ID, token, edgeURL: url, uncachedEdgeURL: url };
  return {
    url,
    token,
    siteID: LOCAL_SITE_ID,
    context: Buffer.from(JSON.stringify(location)).toString("base64"),
    stop: () => server.stop(),
  };
}
