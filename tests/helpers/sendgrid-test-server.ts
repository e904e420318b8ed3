/**
 * The SendGrid-compatible test server for Jest and Playwright: the same code `npm start`
 * runs as its mail sink (scripts/sinks/mail-sink.mjs), re-exported with types.
 */
export { startMailSink as startSendGridTestServer } from "../../scripts/sinks/mail-sink.mjs";
export type { MailSink, RecordedMessage, SinkMode } from "../../scripts/sinks/mail-sink.mjs";
