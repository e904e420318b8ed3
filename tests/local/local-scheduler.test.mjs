// `npm start` runs the scheduled functions by themselves (scripts/local/local-scheduler.mjs): every function whose
// file declares a schedule is found, "@daily" falls due at midnight UTC on a machine in Perth, and under the local
// site a due nudge stays unsent while LOCAL_SCHEDULER=off and reaches the mail sink, with no command run, once the
// scheduler is on. Its timers are cut short, so no run waits for the clock. Needs a built public/.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { after, before, test } from "node:test";
import { createJiti } from "jiti";
import { nextRun, scheduledFunctions, startLocalScheduler } from "../../scripts/local/local-scheduler.mjs";
import { startSiteWithMailSink } from "../helpers/site-server-process.mjs";

const root = join(import.meta.dirname, "..", "..");
const functionsDir = join(root, "netlify", "functions");
const FORM_SECRET = "local-scheduler-form-secret-0123456789abcdef";
const NUDGE_MINUTES = 0.001;
const { issueFormToken } = await createJiti(import.meta.url).import(
  "../../netlify/lib/core/spam/form-token.ts",
);

let site;
let sink;
/** @type {Awaited<ReturnType<typeof startSiteWithMailSink>>["server"]} */
let server;
let functions;
let leadId;

before(async () => {
  functions = await scheduledFunctions(functionsDir);
  site = await startSiteWithMailSink("local-scheduler", {
    FORM_TOKEN_SECRET: FORM_SECRET,
    CLAIM_NUDGE_MINUTES: String(NUDGE_MINUTES),
    BUSINESS_HOURS: undefined,
  });
  ({ sink, server } = site);
});

after(() => site?.stop());

/** A scheduler on `server` whose runs fall due within a second; `planned` counts the timers it set. */
function quickScheduler(env, lines) {
  const timers = { planned: 0 };
  const scheduler = startLocalScheduler({
    site: server,
    functions,
    env,
    setTimeout: (callback, delay) => {
      timers.planned++;
      return setTimeout(callback, Math.min(delay, 1000));
    },
    log: (line) => lines.push(line),
  });
  return { scheduler, timers };
}

const nudgeFor = (id) =>
  sink.messages().find((m) => m.customArgs?.kind === "nudge" && m.customArgs.requestId === id);

test("every function whose file declares a schedule is found, with its schedule", () => {
  const declared = readdirSync(functionsDir)
    .filter((file) => /schedule:\s*"/.test(readFileSync(join(functionsDir, file), "utf8")))
    .map((file) => file.replace(/\.[cm]?[jt]sx?$/, ""));
  assert.deepEqual(functions.map((fn) => fn.name).sort(), declared.sort());
  assert.deepEqual(functions.find((fn) => fn.name === "lead-follow-up")?.schedule, "*/5 * * * *");
  assert.deepEqual(functions.find((fn) => fn.name === "lead-retention")?.schedule, "@daily");
});

test('"@daily" falls due at midnight UTC on a machine in Perth', () => {
  const zone = process.env.TZ;
  process.env.TZ = "Australia/Perth";
  try {
    assert.equal(
      nextRun("@daily", new Date("2026-03-02T20:00:00Z")).toISOString(),
      "2026-03-03T00:00:00.000Z",
    );
  } finally {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  }
});

test("with LOCAL_SCHEDULER=off no run is planned, and a due nudge stays unsent", async () => {
  const lines = [];
  const { scheduler, timers } = quickScheduler({ LOCAL_SCHEDULER: "off" }, lines);
  const answer = await fetch(`${server.url}/api/send-contact-email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({
      firstName: "Jane",
      lastName: "Driller",
      email: "jane@acme-mining.com",
      phone: "+61 400 123 456",
      company: "Acme Mining",
      message: "",
      website: "",
      formToken: issueFormToken(FORM_SECRET, new Date(Date.now() - 60_000)),
    }),
  });
  assert.equal(answer.status, 200, server.output());
  leadId = (await answer.json()).reference;
  await sleep(NUDGE_MINUTES * 60_000 * 2);
  assert.equal(timers.planned, 0);
  assert.equal(nudgeFor(leadId), undefined, "a nudge was sent with the scheduler off");
  await scheduler.stop();
});

test("with the scheduler on, that lead's nudge reaches the mail sink with no command run", async () => {
  const lines = [];
  const { scheduler } = quickScheduler({}, lines);
  try {
    for (let waited = 0; !nudgeFor(leadId) && waited < 120_000; waited += 250) await sleep(250);
  } finally {
    await scheduler.stop();
  }
  assert.ok(nudgeFor(leadId), `no nudge for ${leadId}; the scheduler said:\n${lines.join("\n")}`);
  assert.ok(
    lines.some((line) => /^\[scheduler\] lead-follow-up ran at \d\d:\d\d UTC: 200$/.test(line)),
    lines.join("\n"),
  );
});
