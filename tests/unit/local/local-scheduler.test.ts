/**
 * @jest-environment node
 */
// `npm start`'s scheduler (scripts/local/local-scheduler.mjs): a run is the POST Netlify's scheduler makes, printed
// in one line, and a function's next run is planned only when its run has ended. Reading the schedules, "@daily" in
// UTC and a nudge under the local site: tests/local/local-scheduler.test.mjs.
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  localSchedulerEnabled,
  nextRun,
  startLocalScheduler,
} from "../../../scripts/local/local-scheduler.mjs";

test('"*/5" falls due on the next fifth minute, strictly after the given time', () => {
  expect(nextRun("*/5 * * * *", new Date("2026-03-02T09:03:10Z")).toISOString()).toBe(
    "2026-03-02T09:05:00.000Z",
  );
  expect(nextRun("*/5 * * * *", new Date("2026-03-02T09:05:00Z")).toISOString()).toBe(
    "2026-03-02T09:10:00.000Z",
  );
});

test("LOCAL_SCHEDULER is on unless off, and a typo is refused", () => {
  expect(localSchedulerEnabled({})).toBe(true);
  expect(localSchedulerEnabled({ LOCAL_SCHEDULER: "On" })).toBe(true);
  expect(localSchedulerEnabled({ LOCAL_SCHEDULER: "off" })).toBe(false);
  expect(() => localSchedulerEnabled({ LOCAL_SCHEDULER: "no" })).toThrow(
    /LOCAL_SCHEDULER must be "on" or "off"/,
  );
});

/** Timers that fire only when told: `fire(i)` runs the i-th callback. */
function manualTimers() {
  const planned: { callback: () => void; delay: number; cleared: boolean }[] = [];
  return {
    planned,
    setTimeout: (callback: () => void, delay: number) =>
      planned.push({ callback, delay, cleared: false }) - 1,
    clearTimeout: (id: number) => {
      planned[id].cleared = true;
    },
    fire: (i: number) => planned[i].callback(),
  };
}

describe("a run", () => {
  let server: Server;
  let url: string;
  const calls: { req: IncomingMessage; body: string; res: ServerResponse }[] = [];

  beforeEach(async () => {
    calls.length = 0;
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => calls.push({ req, body, res }));
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    url = `http://localhost:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const answered = async (count: number) => {
    while (calls.length < count) await new Promise((resolve) => setImmediate(resolve));
  };

  test("is Netlify's POST with next_run and the trigger secret, printed in one line, never two at once", async () => {
    let clock = new Date("2026-03-02T09:03:10Z");
    const timers = manualTimers();
    const lines: string[] = [];
    const scheduler = startLocalScheduler({
      site: { url, triggerSecret: "secret-1" },
      functions: [{ name: "lead-follow-up", schedule: "*/5 * * * *" }],
      env: {},
      now: () => clock,
      setTimeout: timers.setTimeout,
      clearTimeout: timers.clearTimeout,
      log: (line: string) => lines.push(line),
    });
    expect(timers.planned.map((t) => t.delay)).toEqual([110_000]);

    clock = new Date("2026-03-02T09:05:00Z");
    timers.fire(0);
    await answered(1);
    const [{ req, body, res }] = calls;
    expect(req.method).toBe("POST");
    expect(req.url).toBe("/.netlify/functions/lead-follow-up");
    expect(req.headers["x-local-trigger-secret"]).toBe("secret-1");
    expect(JSON.parse(body)).toEqual({ next_run: "2026-03-02T09:10:00.000Z" });
    // While it runs, nothing more is planned for it.
    expect(timers.planned).toHaveLength(1);

    clock = new Date("2026-03-02T09:05:20Z");
    res.end('{"checked":0}');
    while (timers.planned.length < 2) await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toContain("[scheduler] lead-follow-up ran at 09:05 UTC: 200");
    expect(timers.planned[1].delay).toBe(280_000);

    await scheduler.stop();
    expect(timers.planned[1].cleared).toBe(true);
  });

  test("a failed run prints its status and body, and the next one is still planned", async () => {
    const timers = manualTimers();
    const lines: string[] = [];
    startLocalScheduler({
      site: { url, triggerSecret: "secret-2" },
      functions: [{ name: "lead-retention", schedule: "@daily" }],
      env: {},
      now: () => new Date("2026-03-02T00:00:00Z"),
      setTimeout: timers.setTimeout,
      clearTimeout: timers.clearTimeout,
      log: (line: string) => lines.push(line),
    });
    timers.fire(0);
    await answered(1);
    calls[0].res.writeHead(500).end('{"error":"Retention run failed"}');
    while (timers.planned.length < 2) await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toContain(
      '[scheduler] lead-retention ran at 00:00 UTC: 500 {"error":"Retention run failed"}',
    );
  });

  test("with LOCAL_SCHEDULER=off no run is planned", () => {
    const timers = manualTimers();
    const lines: string[] = [];
    startLocalScheduler({
      site: { url, triggerSecret: "secret-3" },
      functions: [{ name: "lead-follow-up", schedule: "*/5 * * * *" }],
      env: { LOCAL_SCHEDULER: "off" },
      setTimeout: timers.setTimeout,
      clearTimeout: timers.clearTimeout,
      log: (line: string) => lines.push(line),
    });
    expect(timers.planned).toHaveLength(0);
    expect(lines).toEqual([expect.stringMatching(/^Scheduled functions: off \(LOCAL_SCHEDULER=off\)/)]);
  });
});
