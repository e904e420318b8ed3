/**
 * @jest-environment node
 */
// A malformed stored lead reaches a person once (docs/requirements.md#lead-path-and-alerts): a log
// line every time, one e-mail to ALERT_EMAIL per record, noted under `malformed/<id>` first, naming
// the id and what to do and nothing the record holds. A failed e-mail leaves the log line as the alert.
import { reportMalformedLead } from "../../../../netlify/lib/core/delivery/alert";
import { DOWN, NO_WAITS, scriptedMailer, sentOfKind, TEST_CONFIG } from "../../../helpers/function-harness";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";
import { silenceConsole, type SilencedConsole } from "../../../helpers/console";

const ID = "0b9a8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d";
const NOW = new Date("2026-01-01T00:00:00.000Z");

let errors: SilencedConsole;
beforeEach(() => {
  errors = silenceConsole("error");
  jest.spyOn(console, "log").mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

test("one alert per record: the first report sends it, the next ones only log", async () => {
  const blobs = createMemoryBlobs();
  const mailer = scriptedMailer();
  const alerts = { blobs, mailer, config: TEST_CONFIG, retry: NO_WAITS, now: () => NOW };
  await reportMalformedLead(ID, "the retry job", alerts);
  await reportMalformedLead(ID, "the follow-up job", alerts);
  const [alert, ...more] = sentOfKind(mailer, "alert");
  expect(more).toEqual([]);
  expect(alert.to).toBe(TEST_CONFIG.alertEmail);
  expect(alert.subject).toBe(`Stored demo request unreadable: ${ID}`);
  expect(alert.customArgs).toEqual({ requestId: ID, kind: "alert" });
  expect(alert.text).toContain(`npm run leads:erase -- --id ${ID}`);
  expect(alert.text).toContain(`leads/${ID}`);
  expect([...blobs.entries.keys()]).toEqual([`malformed/${ID}`]);
  const logged = errors.mock.calls.join("\n");
  expect(logged).toContain(`the retry job skipped it {"requestId":"${ID}"}`);
  expect(logged).toContain(`the follow-up job skipped it {"requestId":"${ID}"}`);
});

test("a failed e-mail is logged and not sent again: the log line is the alert", async () => {
  const blobs = createMemoryBlobs();
  const mailer = scriptedMailer([DOWN, DOWN, DOWN]);
  const alerts = { blobs, mailer, config: TEST_CONFIG, retry: NO_WAITS, now: () => NOW };
  await reportMalformedLead(ID, "the retry job", alerts);
  await reportMalformedLead(ID, "the retry job", alerts);
  expect(mailer.calls).toBe(3);
  expect(errors.mock.calls.join("\n")).toContain(
    "malformed lead alert e-mail not sent; this log line is the alert",
  );
});

test("without alerts, or when the note cannot be written, it logs and never throws", async () => {
  const mailer = scriptedMailer();
  await expect(reportMalformedLead(ID, "the export")).resolves.toBeUndefined();
  const broken = { ...createMemoryBlobs(), setJSON: () => Promise.reject(new Error("blobs down")) };
  await expect(
    reportMalformedLead(ID, "the retry job", { blobs: broken, mailer, config: TEST_CONFIG }),
  ).resolves.toBeUndefined();
  expect(mailer.calls).toBe(0);
  expect(errors.mock.calls.join("\n")).toContain("malformed lead alert not noted; the next run tries again");
});
