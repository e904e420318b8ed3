/**
 * Text helpers for e-mails and pages: header-safe single lines and durations in words. Masking for
 * logs is in ./log.ts; HTML escaping is escape-html's.
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
