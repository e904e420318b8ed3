/**
 * The Host check of the local servers (docs/requirements.md#spam-defence; decision
 * docs/decisions/0012-local-server-hardening.md): `npm start` and the local sinks listen on
 * 127.0.0.1 by default and answer only requests that name this machine. A web page whose domain
 * an attacker re-points to 127.0.0.1 (DNS rebinding) sends its own domain as Host, so it gets
 * 421 instead of the local site, the stored demo requests or the recorded e-mails.
 */

/** Host names that always mean this machine, as a URL's `hostname` or a Host header spells them. */
const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);
/** Listen addresses that mean every interface of this machine. */
export const WILDCARDS = new Set(["0.0.0.0", "::", "[::]"]);

/** True when `hostname` (a URL's, e.g. "127.0.0.1" or "[::1]") always means this machine. */
export function isLoopbackName(hostname) {
  return LOOPBACK_NAMES.has(hostname);
}

/**
 * The address to listen on: HOST when set (e.g. this machine's LAN address, to open the site
 * from a phone on the same network), else 127.0.0.1.
 * @param {Record<string, string | undefined>} [env]
 * @returns {string}
 */
export function listenHost(env = process.env) {
  return env.HOST?.trim() || "127.0.0.1";
}

/**
 * True when `hostHeader` (e.g. "localhost:8888") names this machine: a loopback name, or the
 * address the server listens on when that is a specific one (a wildcard such as 0.0.0.0 admits
 * no other name: the page would still be open to rebinding).
 * @param {string | undefined} hostHeader
 * @param {string} [host] the listen address
 */
export function isAllowedHost(hostHeader, host = listenHost()) {
  if (!hostHeader) return false;
  let name;
  try {
    name = new URL(`http://${hostHeader}`).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (LOOPBACK_NAMES.has(name)) return true;
  const own = host.toLowerCase();
  return !WILDCARDS.has(own) && (name === own || name === `[${own}]`);
}

/**
 * The 421 Misdirected Request answer for a Host that is not this machine.
 * @returns {{ status: 421, headers: Record<string, string>, body: string }}
 */
export function misdirectedRequest() {
  return {
    status: 421,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    body: "Misdirected request: this local server answers only to localhost and 127.0.0.1.\n",
  };
}
