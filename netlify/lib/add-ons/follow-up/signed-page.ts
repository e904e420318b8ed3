/**
 * What the signed pages under /leads/<id> share, the claim page and the release page
 * (docs/decisions/0029-lead-follow-up.md, docs/decisions/0038-weekly-summary.md): the method, settings and
 * signature checks, the lead read, the posted form's checks, the refusal pages and the person field, whose roster
 * members are opaque keys (docs/decisions/0040-link-lifetime-and-roster-keys.md).
 */
import escapeHtml from "escape-html";
import type { ConfigResult, ServerConfig } from "../../core/config";
import type { StaffMember } from "./follow-up-record";
import { isUuid } from "../../core/leads/lead-address";
import { logMalformedLead, MalformedLeadError, type LeadRecord } from "../../core/leads/lead-record";
import { htmlPage, htmlResponse } from "../../kit/html-page";
import { rosterMemberKey } from "../../kit/keys";
import {
  BodyTooLargeError,
  isAllowedOrigin,
  hasMediaType,
  MAX_BODY_BYTES,
  readLimitedText,
} from "../../kit/http";
import { errorName, logError } from "../../kit/log";
import type { LinkCheck } from "./claim-link";
import { MAX_STAFF_NAME_LENGTH } from "../../kit/roster";

/** A page refusing a link or form: its status, title and one sentence, nothing about any lead. */
type Problem = readonly [status: number, title: string, text: string];

/** The refusals both pages give; `forged` and `misconfigured` name the page's own source. */
export function problemsFor(texts: { forged: string; misconfigured: string }) {
  return {
    method: [405, "Method not allowed", "Open this page from its link."],
    misconfigured: [500, "Server misconfigured", texts.misconfigured],
    forged: [403, "This link is not valid", texts.forged],
    unreadable: [503, "Try again shortly", "The lead store did not answer; reload the page in a minute."],
    gone: [404, "This lead is no longer stored", "It was erased or passed its retention period."],
    off: [404, "Follow-up is off", "The site's follow-up settings need mending; tell the site's owner."],
    notWritten: [503, "Try again shortly", "The lead store did not answer; nothing was changed."],
  } as const satisfies Record<string, Problem>;
}

export const PAGE_HEADERS = { "referrer-policy": "same-origin", "x-robots-tag": "noindex" };

/** An HTML answer (no body for HEAD) with the pages' headers and `extra`. */
export const page = (method: string, status: number, html: string, extra: Record<string, string> = {}) =>
  htmlResponse(method === "HEAD" ? null : html, status, { ...PAGE_HEADERS, ...extra });

/** The refusal page of `Problem` (no body for HEAD), with the pages' headers and `extra`. */
export const problem = (method: string, [status, title, text]: Problem, extra?: Record<string, string>) =>
  page(method, status, htmlPage(title, `<p>${escapeHtml(text)}</p>`), extra);

/**
 * Checks the method, the settings and the link for the lowercased id; resolves with a refusal, or what passed: the
 * link's expiry (unix seconds, when it carries one) and the forms' `action`, the link's path with `sig` and `exp`.
 */
export async function openSignedPage(
  req: Request,
  rawId: string,
  getConfig: () => ConfigResult,
  checkLink: (id: string, query: URLSearchParams, secret: string) => LinkCheck,
  problems: ReturnType<typeof problemsFor>,
): Promise<
  Response | { method: string; config: ServerConfig; id: string; action: string; expires?: number }
> {
  const method = req.method;
  if (method !== "GET" && method !== "HEAD" && method !== "POST") {
    return problem(method, problems.method, { allow: "GET, HEAD, POST" });
  }
  const configResult = getConfig();
  if (!configResult.ok) {
    logError("server misconfigured", { problems: configResult.problems.join("; ") });
    return problem(method, problems.misconfigured);
  }
  const config = configResult.config;
  const url = new URL(req.url);
  const id = rawId.toLowerCase();
  const link: LinkCheck = isUuid(id)
    ? checkLink(id, url.searchParams, config.formSecret)
    : { kind: "forged" };
  if (link.kind === "forged") return problem(method, problems.forged);
  // Both passed the check, so they are URL-safe as they stand.
  const exp = link.expires === undefined ? "" : `&exp=${link.expires}`;
  const action = `${url.pathname}?sig=${url.searchParams.get("sig")}${exp}`;
  return { method, config, id, action, expires: link.expires };
}

/**
 * Lead `id` as `read` resolves it, or the refusal: 404 when gone, 409 for a damaged record (alerted once),
 * else 503 when `page` could not read it.
 */
export async function readLead(
  method: string,
  id: string,
  read: () => Promise<LeadRecord | null>,
  page: { name: string; cannot: string },
  problems: ReturnType<typeof problemsFor>,
): Promise<LeadRecord | Response> {
  try {
    return (await read()) ?? problem(method, problems.gone);
  } catch (error) {
    if (error instanceof MalformedLeadError) {
      logMalformedLead(id, `the ${page.name}`);
      const text = `Its stored record is damaged, so it cannot be shown or ${page.cannot} here. Tell the site's owner: request ${id}.`;
      return problem(method, [409, "This lead cannot be shown", text]);
    }
    logError(`${page.name}: lead unreadable`, { requestId: id, reason: errorName(error) });
    return problem(method, problems.unreadable);
  }
}

/** The posted form, or the problem refusing it before it is read (a foreign origin, a wrong body). */
export async function checkPost(req: Request, config: ServerConfig): Promise<Problem | URLSearchParams> {
  if (!isAllowedOrigin(req.headers.get("origin"), req.url, config.siteOrigin, config.isLocal)) {
    return [403, "Not sent", "This form can only be sent from this site."];
  }
  if (!hasMediaType(req.headers.get("content-type"), "application/x-www-form-urlencoded")) {
    return [415, "Not sent", "Send this form from the page."];
  }
  try {
    return new URLSearchParams(await readLimitedText(req, MAX_BODY_BYTES));
  } catch (error) {
    if (error instanceof BodyTooLargeError) return [413, "Not sent", "The form was too large."];
    throw error;
  }
}

// A name is one line of visible text with a letter: a blank filler such as U+3164 would make a person nobody can read.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2028\u2029]/u;

/** A roster member and the key that stands for them in a form. */
export type KeyedMember = { member: StaffMember; key: string };

/**
 * `team` with each member's key, a keyed hash of their lower-cased address (their name without one) under
 * `secret`: never the address, nor a position, so a page open across a roster change names nobody else.
 */
export const keyedRoster = (
  team: readonly StaffMember[] | undefined,
  secret: string,
): readonly KeyedMember[] | undefined =>
  team?.map((member) => ({
    member,
    key: rosterMemberKey(secret, member.email?.toLowerCase() ?? member.name),
  }));

/**
 * The person `personField(roster, name)` names: the roster member whose key was posted, or a typed name without a
 * roster; else the sentence asking for it: `missing[0]` with a roster (for a key of nobody on it too, such as a
 * member's who left), else for `missing[1]`.
 */
export function chosenPerson(
  form: URLSearchParams,
  roster: readonly KeyedMember[] | undefined,
  name: string,
  missing: readonly [roster: string, typed: string],
): StaffMember | string {
  if (roster) {
    const chosen = form.get(name) ?? "";
    return roster.find(({ key }) => key === chosen)?.member ?? missing[0];
  }
  const typed = (form.get(`${name}Name`) ?? "").trim();
  const readable = typed.length <= MAX_STAFF_NAME_LENGTH && !INVISIBLE.test(typed) && /\p{L}/u.test(typed);
  return readable
    ? { name: typed }
    : `Type ${missing[1]} (at most ${MAX_STAFF_NAME_LENGTH} characters, one line).`;
}

/** The field naming a person as `chosenPerson` reads it: a roster select `name` of keys, else a typed `<name>Name`. */
export function personField(
  roster: readonly KeyedMember[] | undefined,
  name: string,
  labels: { roster: string; typed: string },
  gap = "",
): string {
  if (roster) {
    const options = roster
      .map(({ member, key }) => `<option value="${key}">${escapeHtml(member.name)}</option>`)
      .join("");
    return (
      `<label for="${name}">${labels.roster}</label>${gap}<select id="${name}" name="${name}" required>` +
      `<option value="" selected>Choose a person</option>${options}</select>`
    );
  }
  return (
    `<label for="${name}-name">${labels.typed}</label>${gap}<input id="${name}-name" name="${name}Name" ` +
    `required maxlength="${MAX_STAFF_NAME_LENGTH}" autocomplete="name">`
  );
}
