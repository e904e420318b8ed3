/** The functions' one logger, `[demo-request] <event> {json}`, and personal values' masks (docs/requirements.md#personal-data). */
type Fields = Record<string, string | number | boolean | undefined>;

/** Logs an informational event, e.g. `logInfo("sent", { requestId })`. */
export function logInfo(event: string, fields: Fields = {}): void {
  console.log(`[demo-request] ${event} ${JSON.stringify(fields)}`);
}

/** Logs something an operator should look at. */
export function logError(event: string, fields: Fields = {}): void {
  console.error(`[demo-request] ${event} ${JSON.stringify(fields)}`);
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
