/**
 * Local editing only: after Decap saves through `decap-server`, ask `gatsby develop` to source
 * the content again (POST /__refresh, enabled by ENABLE_GATSBY_REFRESH_ENDPOINT in `npm run cms`)
 * so the open page shows the edit. The site's content nodes come from gatsby-node's sourceNodes,
 * which gatsby develop does not re-run on its own when a file changes.
 */
const LOCAL_HOSTS = ["localhost", "127.0.0.1"];

/**
 * @param hostname where /admin/ runs; anywhere but localhost (production) this does nothing
 * @param post sends the request; injectable for tests
 * @returns the refresh request, or null when not on localhost
 */
export function refreshLocalSite(
  hostname: string = window.location.hostname,
  post: (url: string) => Promise<unknown> = (url) => fetch(url, { method: "POST" }),
): Promise<unknown> | null {
  if (!LOCAL_HOSTS.includes(hostname)) return null;
  // A failed refresh must not turn a successful save into an error in the editor.
  return post("/__refresh").catch(() => undefined);
}
