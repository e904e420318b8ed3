/**
 * The local scheduler of `npm start` (docs/requirements.md#site-content-and-local-server): each scheduled function runs
 * on its own `config.schedule`, cron in UTC as Netlify runs it, through the local site as Netlify's scheduler calls it.
 */
import { CronExpressionParser } from "cron-parser";
import { LOCAL_TRIGGER_HEADER, readFunctionModules } from "./local-guard.mjs";

// Netlify stops a scheduled function after 30 s; the emulation's first call also builds it.
const RUN_TIMEOUT_MS = 120_000;

/** The first time cron `schedule` falls due after `after` (a Date), in UTC; throws for a malformed schedule. */
export const nextRun = (schedule, after) =>
  CronExpressionParser.parse(schedule, { tz: "Etc/UTC", currentDate: after }).next().toDate();

/** Every function in `functionsDir` with a `config.schedule`: `{ name, schedule }[]`; throws naming a malformed one. */
export async function scheduledFunctions(functionsDir) {
  const scheduled = (await readFunctionModules(functionsDir)).filter(({ config }) => config.schedule);
  return scheduled.map(({ name, config: { schedule } }) => {
    try {
      nextRun(schedule, new Date(0));
    } catch (error) {
      throw new Error(`${name}: schedule "${schedule}" is not a cron expression (${error.message})`);
    }
    return { name, schedule };
  });
}

/** False only for LOCAL_SCHEDULER=off; throws for any value but unset, "on" or "off", so a typo is not silent. */
export function localSchedulerEnabled(env = process.env) {
  const value = env.LOCAL_SCHEDULER?.trim().toLowerCase() ?? "";
  if (value === "" || value === "on") return true;
  if (value === "off") return false;
  throw new Error(`LOCAL_SCHEDULER must be "on" or "off"; got "${env.LOCAL_SCHEDULER}"`);
}

const utcTime = (date) => date.toISOString().slice(11, 16);

/**
 * Runs each of `functions` (`{ name, schedule }[]`) when its schedule falls due: a POST of `{ "next_run": ISO }` to
 * `site.url`'s `/.netlify/functions/<name>` with `site.triggerSecret`, then one line "[scheduler] <name> ran at HH:MM
 * UTC: <status>" (the body too when not 2xx). A function's next run is planned when its run ends, so one never
 * overlaps itself. `now`, `setTimeout`, `clearTimeout`: the clock and timers. Returns `{ stop }`, which cancels what
 * is planned and waits for the runs in flight. With LOCAL_SCHEDULER=off it sets no timer; throws for another value.
 * @param {{ site: { url: string, triggerSecret: string }, functions: { name: string, schedule: string }[],
 *   env?: Record<string, string | undefined>, now?: () => Date, setTimeout?: (run: () => void, ms: number) => any,
 *   clearTimeout?: (timer: any) => void, log?: (line: string) => void }} options
 */
export function startLocalScheduler({
  site,
  functions,
  env = process.env,
  now = () => new Date(),
  setTimeout = globalThis.setTimeout,
  clearTimeout = globalThis.clearTimeout,
  log = console.log,
}) {
  if (!localSchedulerEnabled(env)) {
    log(
      "Scheduled functions: off (LOCAL_SCHEDULER=off); run them with npm run leads:retry, leads:follow-up, leads:retention",
    );
    return { stop: async () => undefined };
  }
  const timers = new Map();
  const running = new Set();
  let stopped = false;

  const run = async ({ name, schedule }) => {
    const startedAt = now();
    const res = await fetch(new URL(`/.netlify/functions/${name}`, site.url), {
      method: "POST",
      headers: { "content-type": "application/json", [LOCAL_TRIGGER_HEADER]: site.triggerSecret },
      body: JSON.stringify({ next_run: nextRun(schedule, startedAt).toISOString() }),
      signal: AbortSignal.timeout(RUN_TIMEOUT_MS),
    });
    const body = await res.text();
    const ok = res.status >= 200 && res.status < 300;
    log(`[scheduler] ${name} ran at ${utcTime(startedAt)} UTC: ${res.status}${ok ? "" : ` ${body}`}`);
  };

  const plan = (fn) => {
    if (stopped) return;
    const delay = Math.max(0, nextRun(fn.schedule, now()).getTime() - now().getTime());
    timers.set(
      fn.name,
      setTimeout(() => {
        const done = run(fn)
          .catch((error) => log(`[scheduler] ${fn.name} did not run: ${error.message}`))
          .finally(() => {
            running.delete(done);
            plan(fn);
          });
        running.add(done);
      }, delay),
    );
  };

  log(`Scheduled functions (cron, UTC): ${functions.map((f) => `${f.name} ${f.schedule}`).join(", ")}`);
  functions.forEach(plan);
  return {
    stop: async () => {
      stopped = true;
      timers.forEach((timer) => clearTimeout(timer));
      await Promise.allSettled(running);
    },
  };
}
