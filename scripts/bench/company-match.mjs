/**
 * The company match of `npm run bench` (docs/decisions/0050-company-match.md): a lead store holding `count` earlier
 * leads at one company domain, half as many from free mail besides, and one earlier lead from the new lead's own
 * inbox; then `matchLead` for a new lead of that company, through stores that count each operation. Counts store
 * operations (index lists, lead reads, follow-up reads), not milliseconds, so its figures do not depend on the host.
 * CLI: `node scripts/bench/company-match.mjs [count ...]`.
 */
import { resolve, join } from "node:path";
import { createJiti } from "jiti";
import { formatTable } from "./report.mjs";

const SECRET = "bench-company-match-secret";
const DOMAIN = "bench-mining.com";
/** The budget of decision 0050: two index lists and at most 20 leads read per match. */
export const MATCH_BUDGET = { indexLists: 2, leadReads: 20 };

const idOf = (n) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const request = (email, i) => ({
  firstName: "Bench",
  lastName: `Lead ${i}`,
  email,
  phone: "",
  company: "Bench Mining",
  message: `Seeded by npm run bench, lead ${i}.`,
});

/**
 * Fills in-memory stores as the lead store lays its keys out (the lead, its inbox index entry, its company index
 * entry) and matches one new lead of the company. @returns `{ leads, indexLists, leadReads, followUpReads, related, more }`
 */
async function matchOnce(modules, count) {
  const { newLead, inboxKeyOf, companyEntryOf, matchLead } = modules;
  const start = Date.UTC(2026, 0, 1);
  const records = new Map();
  const inboxes = new Map();
  const keys = [];
  let n = 0;
  const store = (email, at) => {
    const lead = newLead(idOf(++n), request(email, n), new Date(at), { inboxKey: inboxKeyOf(email, SECRET) });
    records.set(lead.id, { ...lead, state: "sent" });
    inboxes.set(lead.inboxKey, [...(inboxes.get(lead.inboxKey) ?? []), lead.id]);
    const entry = companyEntryOf(lead, SECRET);
    if (entry) keys.push(entry);
    return lead;
  };
  for (let i = 0; i < count; i++) store(`person.${i}@${DOMAIN}`, start + i * 60_000);
  for (let i = 0; i < count / 2; i++) store(`someone.${i}@gmail.com`, start + i * 60_000);
  store(`new.person@${DOMAIN}`, start - 60_000);
  const lead = store(`new.person@${DOMAIN}`, start + count * 60_000);
  const ops = { indexLists: 0, leadReads: 0, followUpReads: 0 };
  const blobs = {
    keys: async (prefix) => (ops.indexLists++, keys.filter((key) => key.startsWith(prefix))),
  };
  const leads = {
    get: async (id) => (ops.leadReads++, records.get(id) ?? null),
    idsFromInbox: async (key) => (ops.indexLists++, inboxes.get(key) ?? []),
  };
  const followUp = { name: "follow-up", followUpView: async () => (ops.followUpReads++, { state: "new" }) };
  const match = await matchLead(lead, { blobs, leads, addOns: [followUp], secret: SECRET });
  return { leads: records.size - 1, ...ops, related: match.related.length, more: match.more };
}

/**
 * Matches a new lead against 100 and 10,000 (or `counts`) stored company leads. @returns `{ available, ok, runs }`;
 * `ok` when every run keeps to MATCH_BUDGET.
 */
export async function runCompanyMatchBench({ root, counts = [100, 10_000] }) {
  const jiti = createJiti(import.meta.url, { jsx: true });
  const load = (path) => jiti.import(join(root, path));
  const [{ newLead }, { inboxKeyOf }, { companyEntryOf, matchLead }] = await Promise.all([
    load("netlify/lib/core/leads/lead-record.ts"),
    load("netlify/lib/core/leads/lead-address.ts"),
    load("netlify/lib/add-ons/company-match/match.ts"),
  ]);
  const runs = [];
  for (const count of counts)
    runs.push({
      company: count,
      ...(await matchOnce({ newLead, inboxKeyOf, companyEntryOf, matchLead }, count)),
    });
  const ok = runs.every(
    (run) => run.indexLists <= MATCH_BUDGET.indexLists && run.leadReads <= MATCH_BUDGET.leadReads,
  );
  return { available: true, ok, runs };
}

/** The plain-text lines of `runCompanyMatchBench`'s figures. */
export function companyMatchLines(f) {
  if (!f.runs) return [`company match bench failed: ${f.output}`];
  const table = formatTable(
    [
      "company leads",
      "stored leads",
      "index lists",
      "lead reads",
      "follow-up reads",
      "matched",
      "counted, not read",
    ],
    f.runs.map((r) => [r.company, r.leads, r.indexLists, r.leadReads, r.followUpReads, r.related, r.more]),
  );
  const { indexLists, leadReads } = MATCH_BUDGET;
  const verdict = `${f.ok ? "within" : "OVER"} the budget of ${indexLists} index lists and ${leadReads} lead reads per match`;
  return [table, verdict];
}

if (import.meta.main) {
  const counts = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  const root = resolve(import.meta.dirname, "..", "..");
  const figures = await runCompanyMatchBench({ root, ...(counts.length > 0 ? { counts } : {}) });
  console.log(companyMatchLines(figures).join("\n"));
  process.exit(figures.ok ? 0 : 1);
}
