/**
 * The site's Netlify Blobs stores for the owner's commands (`leads:export`, `leads:erase`,
 * `leads:retention`): with NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN set, the deployed site's stores;
 * otherwise the local folder `npm start` keeps them in (.netlify/blobs-serve), served by
 * @netlify/blobs' own server for the length of the command (it may run beside `npm start`).
 *
 * @param {string} root absolute project root
 * @returns {Promise<{ open: (name: string) => import("@netlify/blobs").Store, deployed: boolean,
 *   where: string, close: () => Promise<void> }>} `where` is e.g. "the deployed site 1a2b..." or
 *   "the local store (.netlify/blobs-serve)"
 */
import { join } from "node:path";
import { getStore } from "@netlify/blobs";

// The site id @netlify/dev uses for an unlinked site's local Blobs.
const LOCAL_SITE_ID = "0";

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
  const { applyLocalBlobsFixes } = await import("./blobs-server.mjs");
  const BlobsServer = applyLocalBlobsFixes();
  const localToken = String(Math.random()).slice(2);
  const server = new BlobsServer({ directory: join(root, ".netlify", "blobs-serve"), token: localToken });
  const { port } = await server.start();
  const url = `http://localhost:${port}`;
  return {
    open: (name) =>
      getStore({ name, siteID: LOCAL_SITE_ID, token: localToken, edgeURL: url, uncachedEdgeURL: url }),
    deployed: false,
    where: "the local store (.netlify/blobs-serve)",
    close: () => server.stop(),
  };
}
