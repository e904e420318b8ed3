/**
 * The email-class add-on (docs/decisions/0031-email-classification.md): a lead's address is `disposable`, `isp`,
 * `free` or `company` (on no list, not a verified employer), plus `role`; netlify/data/email-domains.json's
 * `overrides` win over every list.
 */
import { domainToASCII } from "node:url";
import { disposableEmailBlocklistSet } from "disposable-email-domains-js";
// The package's entry, not its JSON: Node loads a JSON module only with an import attribute.
import freeMailDomains from "email-providers";
import ours from "../../../data/email-domains.json";
import type { AddOn, LeadColumn } from "../../core/add-on";
import {
  EMAIL_CLASSES,
  emailClassCell,
  type EmailClass,
  type EmailClassName,
} from "../../core/leads/lead-record";
import type { SpamVerdict } from "../../core/spam/spam";

const isClass = (value: unknown): value is EmailClassName =>
  (EMAIL_CLASSES as readonly string[]).includes(value as string);

/** The lists from the packages and netlify/data/email-domains.json (overrides with an unknown class are ignored). */
export function defaultEmailLists() {
  return {
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

export type EmailLists = ReturnType<typeof defaultEmailLists>;

let lists: EmailLists | undefined;

/** `domain` lower-cased, in ASCII (punycode), without a trailing dot. */
export function asciiDomain(domain: string): string {
  const lower = domain.trim().toLowerCase().replace(/\.$/, "");
  return domainToASCII(lower) || lower;
}

const LISTED_CLASSES = ["disposable", "isp", "free"] as const;

function suffixes(domain: string): string[] {
  const labels = domain.split(".");
  return labels.slice(0, -1).map((_, at) => labels.slice(at).join("."));
}

/** The class of `email`: overrides first, then the lists in LISTED_CLASSES order, for the domain and its parents. Never throws. */
export function classifyEmail(
  email: string,
  using: EmailLists = (lists ??= defaultEmailLists()),
): EmailClass {
  const at = email.lastIndexOf("@");
  const domain = asciiDomain(email.slice(at + 1));
  const local = email.slice(0, Math.max(0, at)).toLowerCase().split("+")[0];
  const role = using.roleLocalParts.has(local);
  const candidates = suffixes(domain);
  const override = candidates.map((d) => using.overrides.get(d)).find(isClass);
  const listed = LISTED_CLASSES.find((name) => candidates.some((d) => using[name].has(d)));
  return { class: override ?? listed ?? "company", domain, role };
}

/** The class stored with `lead`, else its address classified now (a lead stored before this add-on). */
export function emailClassOf(lead: { emailClass?: EmailClass; request: { email: string } }): EmailClass {
  return lead.emailClass ?? classifyEmail(lead.request.email);
}

/** A `disposable` address makes a request suspected; any other class is a signal for sales, never a rejection. */
export function withEmailClass(verdict: SpamVerdict, emailClass: EmailClass): SpamVerdict {
  if (emailClass.class !== "disposable" || verdict.kind === "spam") return verdict;
  const reason = `disposable e-mail address (${emailClass.domain})`;
  return {
    kind: "suspected",
    reason: verdict.kind === "suspected" ? `${verdict.reason}; ${reason}` : reason,
  };
}

export const emailClassAddOn: AddOn = {
  name: "email-class",
  judge(request, verdict) {
    const emailClass = classifyEmail(request.email);
    return { verdict: withEmailClass(verdict, emailClass), lead: { emailClass } };
  },
};

/** The leads export's `emailClass` column: the stored class, or the one its address has now (docs/decisions/0045-privacy-hooks.md). */
export const EMAIL_CLASS_COLUMN: LeadColumn = ["emailClass", (lead) => emailClassCell(emailClassOf(lead))];
