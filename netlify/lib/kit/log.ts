/** The functions' one logger, `[demo-request] <event> {json}`, and personal values' masks (docs/requirements.md#personal-data). */
type Fields = Record<string, string | number | boolean | undefined>;

/** `[demo-request] <event>`, then the fields as JSON when there are any. */
function line(event: string, fields: Fields): string {
  const json = JSON.stringify(fields);
  return json === "{}" ? `[demo-request] ${event}` : `[demo-request] ${event} ${json}`;
}

/** Logs an informational event, e.g. `logInfo("sent", { requestId })`. */
export function logInfo(event: string, fields: Fields = {}): void {
  console.log(line(event, fields));
}

/** Logs something an operator should look at. */
export function logError(event: string, fields: Fields = {}): void {
  console.error(line(event, fields));
}

const loggedOnce = new Set<string>();

/**
 * Logs `event` as `logInfo` does, the first time only: once per module instance, that is once per cold start
 * deployed (each function is bundled alone and runs in its own process) and once per call in the local emulation
 * (a fresh worker each). For a state that holds for every call, such as a feature that is off.
 */
export function logInfoOnce(event: string, fields: Fields = {}): void {
  if (loggedOnce.has(event)) return;
  loggedOnce.add(event);
  logInfo(event, fields);
}

/** A thrown value's class name for logs, never its message, which may quote visitor text. */
export function errorName(error: unknown): string {
  return error instanceof Error ? error.name : "unknown";
}

/** Masks an e-mail address for logs, e.g. `jane.doe@acme.com` -> `j***@a***.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email[0]}***@${maskDomain(email.slice(at + 1))}`;
}

/** Masks a visitor-chosen hostname as `maskEmail` masks a domain, e.g. -> `p***.com`. */
export function maskDomain(domain: string): string {
  const dot = domain.lastIndexOf(".");
  const tld = dot > 0 ? domain.slice(dot) : "";
  return `${domain[0] ?? ""}***${tld}`;
}
