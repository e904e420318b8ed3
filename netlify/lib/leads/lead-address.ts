/**
 * Finding a person's demo requests by their e-mail address, for erasure (`npm run leads:erase`)
 * and access (`npm run leads:export -- --email`) requests (docs/requirements.md#personal-data). Addresses
 * match case-insensitively after trimming: `Jane@Acme.com ` finds a request sent as `jane@acme.com`.
 */
import * as z from "zod/mini";
import { demoRequestSchema } from "../../../src/lib/demo-request";

export type LeadAddressResult = { ok: true; address: string } | { ok: false; error: string };

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

/** The form addresses are compared in: trimmed, lower-cased. */
export function normaliseAddress(email: string): string {
  return email.trim().toLowerCase();
}

/** The records among `records` whose request came from `address` (already normalised). */
export function requestsFrom<T extends { request: { email: string } }>(
  records: readonly T[],
  address: string,
): T[] {
  return records.filter((record) => {
    const email: unknown = record.request?.email;
    return typeof email === "string" && normaliseAddress(email) === address;
  });
}
