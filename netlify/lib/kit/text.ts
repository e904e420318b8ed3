/**
 * Text helpers for e-mails and logs: header-safe single lines, and masking of a visitor's
 * e-mail address, phone number and the hostnames they chose (logs never hold them in full). HTML
 * escaping is escape-html's.
 */

/** Collapses CR/LF (and other line breaks) to single spaces, for e-mail subjects. */
export function singleLine(value: string): string {
  return value
    .replace(/[\r\n\u2028\u2029]+/g, " ")
    .replace(/\s{2,}/g, " ")
    .trim();
}

/**
 * A duration of whole `minutes` in short words, e.g. 12 -> "12 min", 185 -> "3 h 5 min",
 * 3120 -> "2 d 4 h"; a negative one reads "0 min". The caller decides how to round to minutes.
 */
export function durationInWords(minutes: number): string {
  const whole = Math.max(0, minutes);
  const days = Math.floor(whole / 1440);
  const hours = Math.floor((whole % 1440) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${whole % 60} min`;
  return `${whole} min`;
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
