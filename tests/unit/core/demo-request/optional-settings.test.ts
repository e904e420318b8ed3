/**
 * @jest-environment node
 */
// An optional setting never stops the core (docs/requirements.md#architecture-and-documentation,
// docs/decisions/0034-core-and-add-ons.md): the function, with one add-on's setting invalid at a
// time, stores a valid request, e-mails sales and answers 200, and its log names the variable.
import handler from "../../../../netlify/functions/send-contact-email.mts";
import { resetConfig } from "../../../../netlify/lib/compose";
import { formSecretFrom } from "../../../../netlify/lib/core/config";
import { issueFormToken } from "../../../../netlify/lib/core/spam/form-token";
import { HONEYPOT_FIELD } from "../../../../src/lib/demo-request";
import { startBlobsServer, type TestBlobsServer } from "../../../helpers/blobs-server";
import { restoreEnvAfterEach } from "../../../helpers/env";
import { startSendGridTestServer, type MailSink } from "../../../helpers/sendgrid-test-server";
import { silenceConsole } from "../../../helpers/console";

const API_KEY = "SG.test-key";
const ENV = {
  SENDGRID_API_KEY: API_KEY,
  SALES_EMAIL: "sales@resources.test",
  MAIL_FROM: "no-reply@resources.test",
  NETLIFY_DEV: "true",
};

let sink: MailSink;
let blobs: TestBlobsServer;
let n = 0;
restoreEnvAfterEach();

beforeAll(async () => {
  sink = await startSendGridTestServer({ apiKey: API_KEY });
  blobs = await startBlobsServer();
});
afterAll(async () => {
  await sink.close();
  blobs.close();
});
afterEach(() => jest.restoreAllMocks());

test.each([
  ["follow-up", { BUSINESS_HOURS: "weekdays, roughly" }, "BUSINESS_HOURS"],
  ["follow-up", { CLAIM_NUDGE_MINUTES: "30", CLAIM_ESCALATE_MINUTES: "10" }, "CLAIM_ESCALATE_MINUTES"],
  [
    "Slack",
    { SLACK_SIGNING_SECRET: "s".repeat(32), SLACK_USER_MAP: "U024BE7LH=nobody@example.com" },
    "SLACK_USER_MAP",
  ],
  ["webhook", { LEAD_WEBHOOK_URL: "not a url" }, "LEAD_WEBHOOK_URL"],
  ["booking", { BOOKING_URL: "javascript:alert(1)" }, "BOOKING_URL"],
  ["confirmation", { CONFIRMATION_DAILY_LIMIT: "lots" }, "CONFIRMATION_DAILY_LIMIT"],
])(
  "with an invalid %s setting (%j) a valid request is stored, sent to sales and answered 200",
  async (_, bad, name) => {
    Object.assign(process.env, ENV, bad, {
      SENDGRID_API_BASE_URL: sink.url,
      NETLIFY_BLOBS_CONTEXT: blobs.context,
    });
    resetConfig();
    sink.clear();
    const errors = silenceConsole("error");
    const body = {
      firstName: "Jane",
      lastName: "Driller",
      email: `jane.optional.${++n}@acme-mining.com`,
      phone: "+61 400 123 456",
      company: "Acme Mining",
      message: "",
      [HONEYPOT_FIELD]: "",
      formToken: issueFormToken(formSecretFrom(ENV)!, new Date(Date.now() - 60_000)),
    };
    const res = await handler(
      new Request("http://localhost:8888/api/send-contact-email", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
      {} as Parameters<typeof handler>[1],
    );
    expect(res.status).toBe(200);
    const { reference } = (await res.json()) as { reference: string };
    expect(await blobs.open("demo-requests").get(`leads/${reference}`, { type: "json" })).toMatchObject({
      request: { email: body.email },
    });
    expect(sink.messages().filter((m) => m.customArgs?.kind === "sales")).toHaveLength(1);
    const logged = errors.mock.calls.map((args) => args.join(" ")).join("\n");
    expect(logged).toContain(`${name} is invalid`);
    // Named, never shown.
    for (const value of Object.values(bad)) if (value.length > 8) expect(logged).not.toContain(value);
  },
);
