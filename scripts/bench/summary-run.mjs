/**
 * The weekly summary figure of `npm run bench` (docs/requirements.md#sales-tools): `leads:summary --dry-run`
 * timed over 1,000 seeded leads of this week under `npm start`. Never fails the bench on the figure.
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { load, withLeadStore } from "../local/owner-command.mjs";
import { startServer, stopServer } from "./submit-run.mjs";

/** Which share of the stored leads is in which state: held as spam, suspected, and each follow-up state. */
const MIX = { held: 0.01, suspected: 0.1, claimed: 0.2, contacted: 0.4 };

/** `count` delivered leads of the current week so far in BUSINESS_HOURS' zone, with follow-up records. */
function benchLeads(count, { newLead, weekBounds, weekOf, zone }) {
  const now = Date.now();
  const { start } = weekBounds(weekOf(new Date(now), zone), zone);
  const span = Math.max(60_000, now - start.getTime() - 60 * 60_000);
  return Array.from({ length: count }, (_, i) => {
    const received = new Date(start.getTime() + Math.floor((span * (i + 0.5)) / count));
    const request = {
      firstName: "Bench",
      lastName: `Lead ${i}`,
      email: `bench.${i}@example.com`,
      phone: "",
      company: `Bench Mining ${i}`,
      message: "Seeded by npm run bench.",
    };
    const share = i / count;
    const verdict =
      share < MIX.held
        ? { kind: "spam", reason: "honeypot field filled" }
        : share < MIX.held + MIX.suspected
          ? { kind: "suspected", reason: "seeded as suspected" }
          : { kind: "clean" };
    const attribution = { utm_source: ["linkedin", "google", "newsletter"][i % 3] };
    const lead = newLead(randomUUID(), request, received, { verdict, attribution });
    const sentAt = new Date(received.getTime() + 1000).toISOString();
    const delivered = { state: "sent", attempts: 1, lastAttemptAt: sentAt, sentAt };
    const stored =
      lead.state === "spam"
        ? lead
        : { ...lead, state: "sent", settledAt: sentAt, deliveries: { ...lead.deliveries, sales: delivered } };
    const claimedAt = new Date(received.getTime() + ((i % 90) + 1) * 60_000).toISOString();
    const followUp =
      share < 1 - MIX.claimed - MIX.contacted
        ? { state: "new" }
        : share < 1 - MIX.contacted
          ? { state: "claimed", owner: { name: "Bench Owner" }, claimedAt }
          : { state: "contacted", owner: { name: "Bench Owner" }, claimedAt, contactedAt: claimedAt };
    return { lead: stored, followUp };
  });
}

/** Runs the dry run once against the running server's store; its output and seconds. */
function timeDryRun(root, timeoutMs) {
  const started = performance.now();
  const result = spawnSync(process.execPath, ["scripts/leads-summary.mjs", "--dry-run"], {
    cwd: root,
    encoding: "utf8",
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const seconds = Number(((performance.now() - started) / 1000).toFixed(1));
  return { result, seconds };
}

/** Seeds `count` leads, times the dry run, removes them. @returns `{ available, ok, leads, seconds, target, output? }` */
export async function runSummaryBench({ root, count = 1000, target, timeoutMs = 6 * 60_000 }) {
  const [{ newLead }, summary, hours, { keyOf }, { mapInBatches }] = await Promise.all([
    load("netlify/lib/core/leads/lead-record.ts"),
    load("netlify/lib/add-ons/follow-up/summary.ts"),
    load("netlify/lib/add-ons/follow-up/business-hours.ts"),
    load("netlify/lib/kit/storage.ts"),
    load("netlify/lib/kit/in-batches.ts"),
  ]);
  const text = process.env.BUSINESS_HOURS?.trim();
  const zone = summary.zoneOf(text ? hours.parseBusinessHours(text) : undefined);
  const items = benchLeads(count, { ...summary, newLead, zone });
  const keys = items.flatMap(({ lead }) => [keyOf("leads", lead.id), keyOf("followUp", lead.id)]);
  const { child } = await startServer(root, timeoutMs);
  try {
    await withLeadStore(async (_blobs, { raw }) => {
      const { failed } = await mapInBatches(items, async ({ lead, followUp }) => {
        await raw.setJSON(keyOf("followUp", lead.id), followUp);
        await raw.setJSON(keyOf("leads", lead.id), lead);
      });
      if (failed.length > 0) throw new Error(`${failed.length} bench leads not stored`);
    });
    const { result, seconds } = timeDryRun(root, timeoutMs);
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
    const counted = /Attachment: \S+ \((\d+) lead\(s\)\)/.exec(output);
    const leads = counted ? Number(counted[1]) : null;
    const ok = result.status === 0 && leads !== null && leads >= count;
    return { available: true, ok, leads, seconds, target, ...(ok ? {} : { output: output.slice(-4000) }) };
  } finally {
    await withLeadStore(async (_blobs, { raw }) => {
      await mapInBatches(keys, (key) => raw.delete(key));
    });
    await stopServer(child);
  }
}
