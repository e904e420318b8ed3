/**
 * The functions' one logger (docs/requirements.md#personal-data,
 * docs/decisions/0034-core-and-add-ons.md): structured one-line logs,
 * `[demo-request] <event> {json}`, and the masking every personal value passes through first.
 * Callers pass only masked or non-personal values (ids, statuses, masked addresses, error names).
 * No other module under netlify/lib writes to the console.
 */
type Fields = Record<string, string | number | boolean | undefined>;

/** Informational event, e.g. `logInfo("sent", { requestId })`. */
export function logInfo(event: string, fields: Fields = {}): void {
  console.log(`[demo-request] ${event} ${JSON.stringify(fields)}`);
}

/** Something went wrong that an operator should look at. */
export function logError(event: string, fields: Fields = {}): void {
  console.error(`[demo-request] ${event} ${JSON.stringify(fields)}`);
}

/**
 * What a log line says of a thrown value: its class name, e.g. "TypeError", or "unknown" when it
 * is not an Error. Never its message, which may quote what a visitor typed.
 */
export function errorName(error: unknown): string {
  return error instanceof Error ? error.name : "unknown";
}

/** Masks an e-mail address for logs, e.g. `jane.doe@acme.com` -> `j***@a***.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email[0]}***@${maskDomain(email.slice(at + 1))}`;
}

/**
 * Masks a hostname a visitor chose (an address's domain) for logs as `maskEmail` masks the
 * domain part, keeping its first letter and top-level domain, e.g.
 * `promo-login-microsoft-com.mailinator.com` -> `p***.com`.
 */
export function maskDomain(domain: string): string {
  const dot = domain.lastIndexOf(".");
  const tld = dot > 0 ? domain.slice(dot) : "";
  return `${domain[0] ?? ""}***${tld}`;
}

/** Masks a phone number for logs, keeping only its last two digits, e.g. `+61 400 123 456` -> `***56`. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `***${digits.slice(-2)}`;
}
