/**
 * @jest-environment node
 */
// An optional setting never stops the core (docs/requirements.md#architecture-and-documentation,
// docs/decisions/0034-core-and-add-ons.md): the function, with one add-on's setting invalid at a
// time, stores a valid request, e-mails sales and answers 200, and its log names the variable.
import handler from "../../../../netlify/functions/send-contact-email.mts";
import { getConfig, resetConfig } from "../../../../netlify/lib/compose";
import { demoRequest, demoRequestBody, formToken, setUpFunctionEnv } from "../../../helpers/function-env";
import { silenceConsole } from "../../../helpers/console";

let n = 0;
const { sink, blobs } = setUpFunctionEnv();
afterEach(() => jest.restoreAllMocks());

/** Submits a valid request with `bad` set: stored, sent to sales, answered 200, and `name` named in the log. */
async function expectCapturedDespite(bad: Record<string, string>, name: string) {
  Object.assign(process.env, bad);
  resetConfig();
  const errors = silenceConsole("error");
  const body = demoRequestBody({
    email: `jane.optional.${++n}@acme-mining.com`,
    message: "",
    formToken: formToken(),
  });
  const res = await handler(demoRequest(body), {});
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
}

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
  (_, bad, name) => expectCapturedDespite(bad, name),
);

// Nested comments once overflowed the address parser's stack and answered every request 500.
test("with a SALES_TEAM of 9,000 `(` follow-up is off and named, and a valid request is captured", async () => {
  await expectCapturedDespite(
    { SALES_TEAM: `Ana Lopez <ana@example.com>, ${"(".repeat(9_000)}` },
    "SALES_TEAM",
  );
  const config = getConfig();
  expect(config.ok && config.config.followUp).toBeUndefined();
});
