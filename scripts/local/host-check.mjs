/**
 * The local servers answer only a Host naming this machine, so a DNS-rebinding page gets 421
 * (docs/decisions/0012-local-server-hardening.md).
 */

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);
export const WILDCARDS = new Set(["0.0.0.0", "::", "[::]"]);

/** True when `hostname` (a URL's, e.g. "127.0.0.1" or "[::1]") always means this machine. */
export function isLoopbackName(hostname) {
  return LOOPBACK_NAMES.has(hostname);
}

/** The address to listen on: HOST (e.g. a LAN address for a phone), else 127.0.0.1. */
export function listenHost(env = process.env) {
  return env.HOST?.trim() || "127.0.0.1";
}

/** True when `hostHeader` names this machine; a wildcard listen address admits no other name. */
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

/** The 421 Misdirected Request answer. */
export function misdirectedRequest() {
  return {
    status: 421,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    body: "Misdirected request: this local server answers only to localhost and 127.0.0.1.\n",
  };
}
