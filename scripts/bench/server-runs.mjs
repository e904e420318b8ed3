/**
 * The figures of `npm run bench` taken under `npm start` (scripts/start.mjs, started here with the mail sink and
 * the abuse bounds set aside): the submit path (scripts/bench-submit.mjs) and the weekly summary's dry run over
 * 1,000 seeded leads of this week (docs/requirements.md#sales-tools). Never fail the bench on a figure.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import { LOAD_ENV, runningSink, submitLoad } from "../bench-submit.mjs";
import { load, withLeadStore } from "../local/owner-command.mjs";

const TIMEOUT_MS = 6 * 60_000;
/** Which share of the stored leads is in which state: held as spam, suspected, and each follow-up state. */
const MIX = { held: 0.01, suspected: 0.1, claimed: 0.2, contacted: 0.4 };

/** Runs `task(url)` while `npm start` serves on a free port; rejects when it is not ready in time. */
async function underServer(root, task) {
  const env = { ...process.env, ...LOAD_ENV, PORT: "0", GATSBY_TELEMETRY_DISABLED: "1" };
  delete env.SENDGRID_API_KEY;
  const child = spawn(process.execPath, ["scripts/start.mjs"], { cwd: root, env });
  let log = "";
  child.stderr.on("data", (chunk) => (log += chunk));
  try {
    const url = await Promise.race([
      new Promise((resolve) =>
        child.stdout.on("data", (chunk) => {
          log += chunk;
          const ready = /Site ready at (\S+)/.exec(log);
          if (ready) resolve(ready[1]);
        }),
      ),
      once(child, "exit").then(([code]) => {
        throw new Error(`npm start exited (${code}): ${log.slice(-500)}`);
      }),
      sleep(TIMEOUT_MS, null, { ref: false }).then(() => {
        throw new Error(`npm start did not get ready in ${TIMEOUT_MS / 1000} s`);
      }),
    ]);
    return await task(url);
  } finally {
    if (child.exitCode === null) {
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
  }
}

/** The submit benchmark: `requests` demo requests, `concurrency` at a time. @returns `{ available, ok, figures, output }` */
export const runSubmitBench = ({ root, requests = 60, concurrency = 10 }) =>
  underServer(root, async (site) => ({
    available: true,
    ...(await submitLoad({ site, sink: runningSink(), total: requests, concurrency })),
  }));

/** `count` delivered leads of the current week so far in `zone`, with follow-up records. */
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

/** Seeds `count` leads, times `leads:summary --dry-run`, removes them. @returns `{ available, ok, leads, seconds, target, output? }` */
export async function runSummaryBench({ root, count = 1000, target }) {
  const [{ newLead }, hours, { followUpSettings }, { keyOf }, { mapInBatches }] = await Promise.all([
    load("netlify/lib/core/leads/lead-record.ts"),
    load("netlify/lib/kit/business-hours.ts"),
    load("netlify/lib/add-ons/follow-up/settings.ts"),
    load("netlify/lib/kit/storage.ts"),
    load("netlify/lib/kit/jobs.ts"),
  ]);
  // The summary counts in this zone; with follow-up off (invalid settings) it fails, whatever the zone.
  const zone = hours.zoneOf(followUpSettings(process.env).value?.businessHours);
  const items = benchLeads(count, { ...hours, newLead, zone });
  const keys = items.flatMap(({ lead }) => [keyOf("leads", lead.id), keyOf("followUp", lead.id)]);
  return underServer(root, async () => {
    try {
      await withLeadStore(async (_blobs, { json }) => {
        const { failed } = await mapInBatches(items, async ({ lead, followUp }) => {
          await json.setJSON(keyOf("followUp", lead.id), followUp);
          await json.setJSON(keyOf("leads", lead.id), lead);
        });
        if (failed.length > 0) throw new Error(`${failed.length} bench leads not stored`);
      });
      const started = performance.now();
      const result = spawnSync(process.execPath, ["scripts/leads-summary.mjs", "--dry-run"], {
        cwd: root,
        encoding: "utf8",
        timeout: TIMEOUT_MS,
        maxBuffer: 64 * 1024 * 1024,
        stdio: ["ignore", "pipe", "pipe"],
      });
      const seconds = Number(((performance.now() - started) / 1000).toFixed(1));
      const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
      const counted = /Attachment: \S+ \((\d+) lead\(s\)\)/.exec(output);
      const leads = counted ? Number(counted[1]) : null;
      const ok = result.status === 0 && leads !== null && leads >= count;
      return { available: true, ok, leads, seconds, target, ...(ok ? {} : { output: output.slice(-4000) }) };
    } finally {
      await withLeadStore(async (_blobs, { json }) => {
        await mapInBatches(keys, (key) => json.delete(key));
      });
    }
  });
}
