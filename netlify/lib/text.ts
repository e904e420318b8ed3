/**
 * Text helpers for e-mails and logs: header-safe single lines, and masking of a visitor's
 * e-mail address and phone number (logs never hold them in full). HTML escaping is escape-html's.
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
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf(".");
  const tld = dot > 0 ? domain.slice(dot) : "";
  return `${local[0]}***@${domain[0] ?? ""}***${tld}`;
}

/** Masks a phone number for logs, keeping only its last two digits, e.g. `+61 400 123 456` -> `***56`. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `***${digits.slice(-2)}`;
}
