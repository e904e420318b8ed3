/**
 * The HubSpot backlog of `npm run bench` (docs/decisions/0049-hubspot-plugin.md): `count` stored leads whose sales
 * e-mail went out and whose HubSpot delivery waits, sent by the core's retry job with the HubSpot plugin to the
 * local HubSpot sink (which holds to the free tier's 100 calls per 10 s), run after run until none is pending.
 * Counts only (calls, contacts, notes, 429s, runs), so its figures do not depend on the host's speed.
 * CLI: `node scripts/bench/hubspot-backlog.mjs [count]`.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createJiti } from "jiti";
import { startBlobsLayer } from "../local/blobs-server.mjs";
import { startHubspotSink } from "../sinks/hubspot-sink.mjs";
import { formatTable } from "./report.mjs";

/** The scheduled job would need far fewer; past this many runs something is stuck. */
const MAX_RUNS = 10;
const CORE_ENV = {
  SENDGRID_API_KEY: "SG.bench",
  SALES_EMAIL: "sales@example.com",
  MAIL_FROM: "web@example.com",
};

/**
 * `count` leads received over the last hour, the sales e-mail sent, the HubSpot delivery pending; `inDoubt`: its
 * attempt cut off 10 minutes ago with no outcome recorded, so the retry job sends it again and the plugin first
 * looks for a note that attempt may have made.
 */
function backlog(count, newLead, now, inDoubt) {
  return Array.from({ length: count }, (_, i) => {
    const received = new Date(now - 60 * 60_000 + Math.floor((i * 60 * 60_000) / count));
    const request = {
      firstName: "Bench",
      lastName: `Lead ${i}`,
      email: `bench.${i}@example.com`,
      phone: i % 2 ? "+61 8 9000 0000" : "",
      company: `Bench Mining ${i}`,
      message: `Seeded by npm run bench, lead ${i}.`,
    };
    const lead = newLead(randomUUID(), request, received, { channels: ["hubspot"] });
    const sentAt = new Date(received.getTime() + 1000).toISOString();
    const cutOff = {
      state: "sending",
      attempts: 1,
      lastAttemptAt: new Date(now - 10 * 60_000).toISOString(),
    };
    return {
      ...lead,
      state: "sent",
      settledAt: sentAt,
      deliveries: {
        ...lead.deliveries,
        sales: { state: "sent", attempts: 1, lastAttemptAt: sentAt, sentAt },
        ...(inDoubt ? { hubspot: cutOff } : {}),
      },
    };
  });
}

/**
 * Stores `count` waiting leads in a local Blobs store of its own (a temporary directory), starts the HubSpot sink on
 * loopback and runs `retryPendingLeads` with the plugins on for the core's settings and HubSpot's, as the scheduled
 * job does (without its backoff between runs), until no lead is pending.
 * `inDoubt`: every lead's last attempt was cut off (see `backlog`).
 * @returns `{ available, ok, leads, delivered, contacts, notes, calls, callsPer100, rateLimited, runs, mailSent }`;
 *   `ok` when every lead was delivered, once, with no 429.
 */
export async function runHubspotBacklogBench({ root, count = 1000, inDoubt = false }) {
  const jiti = createJiti(import.meta.url, { jsx: true });
  const load = (path) => jiti.import(join(root, path));
  const [{ newLead }, { createBlobLeadStore, LEAD_STORE_NAME }, { jsonBlobs }, { retryPendingLeads }] =
    await Promise.all([
      load("netlify/lib/core/leads/lead-record.ts"),
      load("netlify/lib/core/leads/lead-store.ts"),
      load("netlify/lib/kit/json-blobs.ts"),
      load("netlify/lib/core/delivery/retry-job.ts"),
    ]);
  const [{ loadCoreConfig }, { addOnsFor }, { DEFAULT_LEAD_STATUSES }] = await Promise.all([
    load("netlify/lib/core/config.ts"),
    load("netlify/lib/compose.ts"),
    load("netlify/lib/add-ons/hubspot/settings.ts"),
  ]);
  const directory = mkdtempSync(join(tmpdir(), "hubspot-backlog-"));
  const layer = await startBlobsLayer({ directory });
  const sink = await startHubspotSink();
  const savedContext = process.env.NETLIFY_BLOBS_CONTEXT;
  // The retry job's stores are the functions' own (getStore by name), on this layer.
  process.env.NETLIFY_BLOBS_CONTEXT = layer.context;
  try {
    const core = loadCoreConfig(CORE_ENV);
    if (!core.ok) throw new Error(`core settings refused: ${core.problems.join("; ")}`);
    const config = {
      ...core.core,
      hubspot: { token: "local", baseUrl: sink.url, leadStatuses: DEFAULT_LEAD_STATUSES },
    };
    let calls = 0;
    const hubspotFetch = (...args) => {
      calls += 1;
      return fetch(...args);
    };
    const addOns = await addOnsFor(config, { hubspotFetch });
    if (!addOns.some((addOn) => addOn.name === "hubspot")) throw new Error("the HubSpot plugin did not load");
    const store = createBlobLeadStore();
    const leads = backlog(count, newLead, Date.now(), inDoubt);
    for (const lead of leads) {
      if ((await store.create(lead)) !== "created") throw new Error("a bench lead was not stored");
    }
    let mailSent = 0;
    const mailer = {
      send: async () => {
        mailSent += 1;
        return { status: "permanent", error: "the bench sends no e-mail", code: 0 };
      },
    };
    const blobs = jsonBlobs(LEAD_STORE_NAME);
    let runs = 0;
    while (runs < MAX_RUNS && (await store.pendingIds()).length > 0) {
      runs += 1;
      await retryPendingLeads({
        store,
        mailer,
        config,
        addOns,
        ignoreBackoff: true,
        malformedNotes: blobs,
        leadEvents: blobs,
      });
    }
    let delivered = 0;
    for (const lead of leads) {
      if ((await store.get(lead.id))?.deliveries.hubspot?.state === "sent") delivered += 1;
    }
    const state = sink.state();
    const notedLeads = new Set(
      state.notes.flatMap((note) => leads.filter((l) => note.properties.hs_note_body?.includes(l.id))),
    );
    const figures = {
      leads: count,
      delivered,
      contacts: state.contacts.length,
      notes: state.notes.length,
      leadsWithNote: notedLeads.size,
      calls,
      callsPer100: Number(((calls * 100) / count).toFixed(2)),
      rateLimited: state.rateLimited,
      runs,
      stillPending: (await store.pendingIds()).length,
      mailSent,
    };
    const ok =
      delivered === count &&
      figures.contacts === count &&
      figures.notes === count &&
      notedLeads.size === count &&
      figures.rateLimited === 0 &&
      figures.stillPending === 0;
    return { available: true, ok, inDoubt, ...figures };
  } finally {
    if (savedContext === undefined) delete process.env.NETLIFY_BLOBS_CONTEXT;
    else process.env.NETLIFY_BLOBS_CONTEXT = savedContext;
    await sink.close();
    await layer.stop();
    rmSync(directory, { recursive: true, force: true });
  }
}

/** The plain-text lines of `runHubspotBacklogBench`'s figures. */
export function hubspotBacklogLines(f) {
  if (!f.ok && f.delivered === undefined) return [`HubSpot backlog bench failed: ${f.output}`];
  const table = formatTable(
    [
      "leads",
      "delivered",
      "contacts",
      "notes",
      "HubSpot calls",
      "calls / 100 leads",
      "429s",
      "runs",
      "pending after",
    ],
    [
      [
        f.leads,
        f.delivered,
        f.contacts,
        f.notes,
        f.calls,
        f.callsPer100,
        f.rateLimited,
        f.runs,
        f.stillPending,
      ],
    ],
  );
  const verdict = f.ok ? "every lead delivered once, no 429" : "NOT every lead delivered once without a 429";
  return [table, verdict];
}

if (import.meta.main) {
  const count = Number(process.argv[2]) || 1000;
  const root = resolve(import.meta.dirname, "..", "..");
  const result = await runHubspotBacklogBench({ root, count, inDoubt: process.argv.includes("--in-doubt") });
  console.log(hubspotBacklogLines(result).join("\n"));
  process.exit(result.ok ? 0 : 1);
}
