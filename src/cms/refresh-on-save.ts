/**
 * Local editing only: after a save, asks `gatsby develop` to source the content again (POST /__refresh),
 * since it does not re-run sourceNodes when a file changes.
 */
const LOCAL_HOSTS = ["localhost", "127.0.0.1"];

/** Sends the refresh on localhost (`post` is injectable); elsewhere returns null. */
export function refreshLocalSite(
  hostname: string = window.location.hostname,
  post: (url: string) => Promise<unknown> = (url) => fetch(url, { method: "POST" }),
): Promise<unknown> | null {
  if (!LOCAL_HOSTS.includes(hostname)) return null;
  // A failed refresh must not turn a successful save into an error in the editor.
  return post("/__refresh").catch(() => undefined);
}
