/**
 * A function's environment for the tests that call a Netlify function's default export: the local
 * SendGrid-compatible server, @netlify/blobs' local server, and the variables that reach both.
 *
 * - `setUpFunctionEnv(extra)`: call once at the top of a file. Starts both servers before the file's
 *   tests and closes them after; before each test sets FUNCTION_ENV, the servers' addresses and
 *   `extra`, resets the loaded configuration, empties the mail sink and sets it to accept (202);
 *   after each test process.env is again what it was. Returns `{ sink, blobs }`, usable inside
 *   tests and hooks (they throw if read before the servers are up).
 * - `demoRequestBody(overrides)`: a valid demo request from Jane Driller, honeypot empty.
 * - `demoRequest(body, init)`: a POST of `body` (JSON, or a string as is) to the function's path.
 * - `formToken(issuedAt)`: a time token signed with FUNCTION_ENV's secret (default: a minute ago).
 * Decision 0034 (docs/decisions/0034-core-and-add-ons.md) keeps test fakes in tests/helpers/.
 */
import { resetConfig } from "../../netlify/lib/compose";
import { formSecretFrom } from "../../netlify/lib/core/config";
import { issueFormToken } from "../../netlify/lib/core/spam/form-token";
import { HONEYPOT_FIELD } from "../../src/lib/demo-request";
import { startBlobsServer, type TestBlobsServer } from "./blobs-server";
import { restoreEnvAfterEach } from "./env";
import { serverForFile } from "./file-server";
import { startSendGridTestServer, type MailSink } from "./sendgrid-test-server";

export const SENDGRID_TEST_KEY = "SG.test-key";

export const FUNCTION_ENV = {
  SENDGRID_API_KEY: SENDGRID_TEST_KEY,
  SALES_EMAIL: "sales@resources.test",
  MAIL_FROM: "no-reply@resources.test",
  // A local run: the SendGrid base URL (the test server) is honoured only then.
  NETLIFY_DEV: "true",
};

export const DEMO_REQUEST_URL = "http://localhost:8888/api/send-contact-email";

export interface FunctionEnv {
  sink: MailSink;
  blobs: TestBlobsServer;
}

export function setUpFunctionEnv(extra: Record<string, string> = {}): FunctionEnv {
  restoreEnvAfterEach();
  const sink = serverForFile("The SendGrid test server", () =>
    startSendGridTestServer({ apiKey: SENDGRID_TEST_KEY }),
  );
  const blobs = serverForFile("The Blobs server", startBlobsServer);
  beforeEach(() => {
    Object.assign(process.env, FUNCTION_ENV, extra, {
      SENDGRID_API_BASE_URL: sink.url,
      NETLIFY_BLOBS_CONTEXT: blobs.context,
    });
    resetConfig();
    sink.clear();
    sink.setMode({ status: 202 });
  });
  return { sink, blobs };
}

export function demoRequestBody(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    firstName: "Jane",
    lastName: "Driller",
    email: "jane@acme-mining.com",
    phone: "+61 400 123 456",
    company: "Acme Mining",
    message: "Interested in the Co-Pilot",
    [HONEYPOT_FIELD]: "",
    ...overrides,
  };
}

export function demoRequest(body: unknown, init: RequestInit = {}): Request {
  return new Request(DEMO_REQUEST_URL, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
    ...init,
  });
}

export function formToken(issuedAt = new Date(Date.now() - 60_000)): string {
  return issueFormToken(formSecretFrom(FUNCTION_ENV)!, issuedAt);
}
