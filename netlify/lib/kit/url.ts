/** Addresses the settings give us to post to or link to (docs/decisions/0034-core-and-add-ons.md). */

/** Whether `value` is an https URL, or http on a local run; `refuseCredentials` also refuses a user or password in it. */
export function isHttpsUrl(value: string, isLocal: boolean, { refuseCredentials = false } = {}): boolean {
  const url = URL.parse(value);
  if (!url || (refuseCredentials && (url.username || url.password))) return false;
  return url.protocol === "https:" || (isLocal && url.protocol === "http:");
}
