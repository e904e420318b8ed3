/**
 * The company an address belongs to (docs/decisions/0050-company-match.md): the registrable domain of its host by
 * the public suffix list, private suffixes included, so that `a.github.io` and `b.github.io` stay apart. Free-mail,
 * ISP and disposable domains, IP literals and malformed hosts belong to no company.
 */
import { parse } from "tldts";
import { asciiDomain, classifyEmail } from "../../kit/email-lists";

/** The longest host name DNS allows, and its longest label. */
const MAX_HOST = 253;
const MAX_LABEL = 63;

/** The registrable domain `email` groups under, e.g. `karijinironore.com.au` for `a@mail.karijinironore.com.au`; undefined for none. Never throws. */
export function companyDomain(email: string): string | undefined {
  const at = email.lastIndexOf("@");
  if (at < 1) return undefined;
  const host = asciiDomain(email.slice(at + 1));
  const labels = host.split(".");
  if (host.length > MAX_HOST || labels.some((label) => label.length === 0 || label.length > MAX_LABEL))
    return undefined;
  if (!/^[a-z0-9.-]+$/.test(host)) return undefined; // an IP literal in brackets, or what no DNS name holds
  const { domain, isIp } = parse(host, { allowPrivateDomains: true });
  if (isIp || !domain) return undefined;
  return classifyEmail(`x@${host}`).class === "company" && classifyEmail(`x@${domain}`).class === "company"
    ? domain
    : undefined;
}
