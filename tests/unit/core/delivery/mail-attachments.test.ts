/**
 * @jest-environment node
 */
// A message's attachments (docs/decisions/0038-weekly-summary.md) reach SendGrid as its v3 API names
// them (base64 `content`, `filename`, `type`, `disposition`), through the real client, and the local
// mail sink records them.
import { createSendGridMailer, type MailMessage } from "../../../../netlify/lib/core/delivery/mailer";
import { TEST_CONFIG } from "../../../helpers/function-harness";
import { startSendGridTestServer, type MailSink } from "../../../helpers/sendgrid-test-server";

let sink: MailSink;
beforeAll(async () => {
  sink = await startSendGridTestServer({ apiKey: TEST_CONFIG.sendgridApiKey });
});
afterAll(() => sink.close());

test("an attachment goes to SendGrid in its API's shape and the sink records it", async () => {
  const csv = '"id","state"\r\n"a","sent"\r\n';
  const attachment = {
    content: Buffer.from(csv).toString("base64"),
    filename: "leads-2026-W48.csv",
    type: "text/csv",
    disposition: "attachment" as const,
  };
  const message: MailMessage = {
    to: TEST_CONFIG.salesEmail,
    from: TEST_CONFIG.mailFrom,
    subject: "With a file",
    text: "See the file.",
    html: "<p>See the file.</p>",
    attachments: [attachment],
  };
  const mailer = createSendGridMailer({
    ...TEST_CONFIG,
    sendgridBaseUrl: sink.url,
    sendgridTimeoutMs: 20_000,
  });
  expect(await mailer.send(message)).toEqual({ status: "sent" });
  const [recorded] = sink.messages();
  expect(recorded.attachments).toEqual([attachment]);
  expect((recorded.body as { attachments: unknown[] }).attachments).toEqual([attachment]);
  expect(Buffer.from(recorded.attachments[0].content, "base64").toString()).toBe(csv);
});

test("a message without attachments records none", async () => {
  sink.clear();
  const mailer = createSendGridMailer({
    ...TEST_CONFIG,
    sendgridBaseUrl: sink.url,
    sendgridTimeoutMs: 20_000,
  });
  const message = {
    to: TEST_CONFIG.salesEmail,
    from: TEST_CONFIG.mailFrom,
    subject: "s",
    text: "t",
    html: "<p>t</p>",
  };
  expect(await mailer.send(message)).toEqual({ status: "sent" });
  expect(sink.messages()[0].attachments).toEqual([]);
});
