/**
 * The Blobs stores for the owner's commands: the deployed site's with NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN,
 * else the local folder through a server on 127.0.0.1 for the command's length.
 */
import { join } from "node:path";
import { getStore } from "@netlify/blobs";

export async function openSiteBlobs(root) {
  const { NETLIFY_SITE_ID: siteID, NETLIFY_AUTH_TOKEN: token } = process.env;
  if (siteID && token) {
    return {
      open: (name) => getStore({ name, siteID, token }),
      deployed: true,
      where: `the deployed site ${siteID}`,
      close: async () => {},
    };
  }
  // Loaded only here: the local server pulls in a large part of the emulation.
  const { startLocalBlobs } = await import("./local-blobs.mjs");
  const local = await startLocalBlobs({ directory: join(root, ".netlify", "blobs-serve") });
  const location = {
    siteID: local.siteID,
    token: local.token,
    edgeURL: local.url,
    uncachedEdgeURL: local.url,
  };
  return {
    open: (name) => getStore({ name, ...location }),
    deployed: false,
    where: "the local store (.netlify/blobs-serve)",
    close: () => local.stop(),
  };
}
