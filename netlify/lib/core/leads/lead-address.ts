/**
 * Finding a person's demo requests by their e-mail address, for erasure (`npm run leads:erase`)
 * and access (`npm run leads:export -- --email`) requests (docs/requirements.md#personal-data;
 * docs/decisions/0018-retention-and-erasure.md). Two ways to match:
 *
 * - `inbox` (the default): every spelling that reaches the same inbox, by the rule the
 *   confirmation bound counts one inbox by (`inboxOf`): `Alice@Corp.example` finds
 *   `alice+x@corp.example`, `j.doe@gmail.com` finds `jdoe@googlemail.com`.
 * - `exact`: the address as typed, trimmed and case-insensitive: `Jane@Acme.com ` finds
 *   `jane@acme.com` and nothing else.
 */
import * as z from "zod/mini";
import { demoRequestSchema } from "../../../../src/lib/demo-request";
import { inboxIndexKey } from "../../kit/keys";

export type LeadAddressResult = { ok: true; address: string } | { ok: false; error: string };

/** How stored addresses are matched: every spelling of the inbox, or the address as typed. */
export type AddressMatch = "inbox" | "exact";

/**
 * Checks an address given on the command line with the demo request's own e-mail rule (so any
 * address a request could have been stored under is accepted) and returns it trimmed and
 * lower-cased, e.g. `" Jane@Acme.com"` -> `{ ok: true, address: "jane@acme.com" }`. Otherwise
 * `{ ok: false, error }` with a message that quotes the input, e.g. for `jane@`.
 */
export function parseLeadAddress(raw: string | undefined): LeadAddressResult {
  if (raw === undefined || raw.trim() === "") return { ok: false, error: "No e-mail address given." };
  const parsed = z.safeParse(demoRequestSchema().shape.email, raw);
  if (!parsed.success) {
    return { ok: false, error: `${JSON.stringify(raw.slice(0, 300))} is not a valid e-mail address.` };
  }
  return { ok: true, address: normaliseAddress(parsed.data) };
}

/**
 * The form addresses are compared in with `exact` matching (docs/requirements.md#personal-data):
 * trimmed, lower-cased, e.g. `" A@B.co "` -> `"a@b.co"`. Never throws.
 */
export function normaliseAddress(email: string): string {
  return email.trim().toLowerCase();
}

// Gmail delivers every dotted spelling of a name, and googlemail.com, to one inbox.
const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The inbox an address reaches (docs/requirements.md#personal-data, docs/requirements.md#spam-defence;
 * decisions 0010 and 0018): trimmed and lower-cased, without a `+tag` in the local part
 * (sub-addressing, honoured by most providers; a `+` that starts the local part is kept), and for
 * gmail.com and googlemail.com without dots and with googlemail.com as gmail.com. E.g.
 * `" J.Doe+news@GoogleMail.com"` -> `"jdoe@gmail.com"`, `"Alice+x@Corp.example"` ->
 * `"alice@corp.example"`. The confirmation bound keys its per-address counter by this value, and
 * erasure and access match stored addresses by it, so both count one inbox alike.
 *
 * @param email an address that passed the demo request's e-mail rule (the split is at its last
 *   `@`; text without one gives a meaningless value, never an error)
 * @returns the inbox, as `local@domain`; never throws
 */
export function inboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}

/**
 * The key of the lead store's inbox index (docs/decisions/0032-bookings-by-uid.md): an HMAC-SHA-256
 * of `inboxOf(email)` under a key derived from `secret` (the server's form secret; kit/keys.ts
 * `inboxIndexKey`), hex. Pseudonymous: it finds the leads of one inbox without storing the address.
 * Never throws.
 */
export function inboxKeyOf(email: string, secret: string): string {
  return inboxIndexKey(secret, inboxOf(email));
}

/**
 * The records among `records` whose request came from `address` (docs/requirements.md#personal-data):
 * by default every spelling of its inbox (`inboxOf`), with `match: "exact"` only the address
 * itself (trimmed, any case). Records without a text address never match.
 *
 * @param records stored demo requests (anything with `request.email`)
 * @param address the address asked for, e.g. from `parseLeadAddress`
 * @param match `inbox` (default) or `exact`
 * @returns the matching records, in the given order; never throws
 */
export function requestsFrom<T extends { request: { email: string } }>(
  records: readonly T[],
  address: string,
  match: AddressMatch = "inbox",
): T[] {
  const key = match === "exact" ? normaliseAddress : inboxOf;
  const wanted = key(address);
  return records.filter((record) => {
    const email: unknown = record.request?.email;
    return typeof email === "string" && key(email) === wanted;
  });
}
