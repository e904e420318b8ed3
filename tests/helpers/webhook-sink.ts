/**
 * The local webhook receiver (scripts/sinks/webhook-sink.mjs) shared by the tests of one file.
 *
 * `setUpWebhookSink()`: call at the top of a file. Starts the sink before the file's tests and
 * closes it after; before each test forgets what it received and answers 200 again. Returns the
 * sink, usable inside tests and hooks.
 * Decision 0034 (docs/decisions/0034-core-and-add-ons.md) keeps test fakes in tests/helpers/.
 */
import { startWebhookSink, type WebhookSink } from "../../scripts/sinks/webhook-sink.mjs";
import { serverForFile } from "./file-server";

export function setUpWebhookSink(): WebhookSink {
  const sink = serverForFile("The webhook sink", () => startWebhookSink());
  beforeEach(() => {
    sink.clear();
    sink.setMode({ status: 200 });
  });
  return sink;
}
