/**
 * The class of a lead's e-mail address (docs/requirements.md#lead-quality,
 * docs/decisions/0031-email-classification.md): a signal for sales, never a rejection. Server-only:
 * the lists never reach the browser.
 *
 * - `disposable`: a throwaway inbox service (`disposable-email-domains-js`, the community list of
 *   disposable-email-domains); the lead is then suspected spam;
 * - `isp`: an internet provider's mailbox (our own list, netlify/data/email-domains.json);
 * - `free`: a free-mail provider (`email-providers`);
 * - `company`: on none of the lists. Not a known free or disposable provider, which is not the
 *   same as a verified employer.
 * Plus `role` for a role address (`info@`, `sales@`, ...: netlify/data/email-domains.json).
 *
 * The domain is compared in lower case and in its ASCII (punycode) form, and a subdomain of a
 * listed domain counts as listed. netlify/data/email-domains.json's `overrides` (domain -> class) win
 * over every list, so a domain a list names wrongly is put right there, without code.
 */
import { domainToASCII } from "node:url";
import { disposableEmailBlocklistSet } from "disposable-email-domains-js";
// The package's entry, not its JSON file: a function's bundle keeps node_modules as files, and
// Node loads a JSON module only with an import attribute the entry already handles.
import freeMailDomains from "email-providers";
import ours from "../../../data/email-domains.json";
import { EMAIL_CLASSES, type EmailClass, type EmailClassName } from "../../core/leads/lead-email-class";

/** The lists a classification reads. */
export interface EmailLists {
  disposable: ReadonlySet<string>;
  isp: ReadonlySet<string>;
  free: ReadonlySet<string>;
  roleLocalParts: ReadonlySet<string>;
  overrides: ReadonlyMap<string, EmailClassName>;
}

const isClass = (value: unknown): value is EmailClassName =>
  (EMAIL_CLASSES as readonly string[]).includes(value as string);

/** The lists from the packages and netlify/data/email-domains.json (overrides with an unknown class are ignored). */
export function defaultEmailLists(): EmailLists {
  return {
    // Every list in the form domains are compared in, whatever its upstream spelling.
    disposable: new Set([...disposableEmailBlocklistSet()].map((d) => asciiDomain(d))),
    isp: new Set(ours.isp.map((d) => asciiDomain(d))),
    free: new Set(freeMailDomains.map((d) => asciiDomain(d))),
    roleLocalParts: new Set(ours.roleLocalParts.map((p) => p.toLowerCase())),
    overrides: new Map(
      Object.entries(ours.overrides as Record<string, unknown>)
        .filter((entry): entry is [string, EmailClassName] => isClass(entry[1]))
        .map(([domain, cls]) => [asciiDomain(domain), cls]),
    ),
  };
}

let lists: EmailLists | undefined;

/** `domain` lower-cased, in ASCII (punycode) form, without a trailing dot; as typed when it is not a domain. */
export function asciiDomain(domain: string): string {
  const lower = domain.trim().toLowerCase().replace(/\.$/, "");
  return domainToASCII(lower) || lower;
}

/** `domain` and each parent domain with a dot, most specific first: a.b.example.com, b.example.com, example.com. */
function suffixes(domain: string): string[] {
  const labels = domain.split(".");
  const out: string[] = [];
  for (let at = 0; at < labels.length - 1; at += 1) out.push(labels.slice(at).join("."));
  return out;
}

/**
 * The class of `email` (an address the form's schema accepted). Overrides first, then disposable,
 * ISP and free lists, each checked for the domain and its parents. Never throws.
 */
export function classifyEmail(
  email: string,
  using: EmailLists = (lists ??= defaultEmailLists()),
): EmailClass {
  const at = email.lastIndexOf("@");
  const domain = asciiDomain(email.slice(at + 1));
  const local = email.slice(0, Math.max(0, at)).toLowerCase().split("+")[0];
  const role = using.roleLocalParts.has(local);
  const candidates = suffixes(domain);
  const found = (set: ReadonlySet<string>) => candidates.some((d) => set.has(d));
  const override = candidates.map((d) => using.overrides.get(d)).find(isClass);
  const cls: EmailClassName =
    override ??
    (found(using.disposable)
      ? "disposable"
      : found(using.isp)
        ? "isp"
        : found(using.free)
          ? "free"
          : "company");
  return { class: cls, domain, role };
}
