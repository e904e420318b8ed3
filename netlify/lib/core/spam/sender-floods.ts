/**
 * Leads held as spam grouped by sender, for the weekly summary and the daily digest
 * (docs/decisions/0038-weekly-summary.md): a bot repeats its network address or its e-mail domain, so a real
 * person is more likely alone, and a flood is one entry in a list.
 */
import type { LeadRecord } from "../leads/lead-record";

// The fewest held leads from one sender that make a flood, listed as one entry.
const FLOOD_MIN = 3;

const SENDER_KEYS = [
  ["client", (lead: LeadRecord) => lead.clientKey],
  ["domain", (lead: LeadRecord) => lead.request.email.split("@").pop()?.toLowerCase()],
] as const;

/** FLOOD_MIN or more leads from one client (`by` "client", `key` its `clientKey`) or one e-mail domain. */
export type Flood<T> = { by: (typeof SENDER_KEYS)[number][0]; key: string; items: T[] };

/** `items` (order kept) as floods, by client first, then by e-mail domain, largest first, and the leads `alone`. */
export function bySender<T extends { lead: LeadRecord }>(items: readonly T[]) {
  const floods: Flood<T>[] = [];
  let alone = [...items];
  for (const [by, keyOf] of SENDER_KEYS) {
    for (const [key, group] of Map.groupBy(alone, (item) => keyOf(item.lead) ?? "")) {
      if (key && group.length >= FLOOD_MIN) floods.push({ by, key, items: group });
    }
    const flooded = new Set(floods.flatMap((flood) => flood.items));
    alone = alone.filter((item) => !flooded.has(item));
  }
  return { alone, floods: floods.sort((a, b) => b.items.length - a.items.length) };
}
