/**
 * @jest-environment node
 */
// Where sales decides (docs/requirements.md#lead-quality, docs/decisions/0031-email-classification.md):
// the address's class in the sales e-mail's subject and body, the webhook's first line and the CSV;
// a disposable address arrives suspected with no confirmation, never refused.
import { slackMessage } from "../../../../netlify/lib/add-ons/webhook/slack";
import { standardPayload, webhookLead } from "../../../../netlify/lib/add-ons/webhook/post-lead-event";
import { leadsToCsv } from "../../../helpers/leads-csv";
import { harness, leadIdOf, leadRecord, sentOfKind, VALID } from "../../../helpers/function-harness";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";

const send = async (email: string, requestId: string) => {
  const store = createMemoryLeadStore();
  const { post, mailer } = harness({ store });
  const response = await post({ ...VALID, email, requestId });
  return { response, mailer, lead: (await store.get(leadIdOf(requestId)))! };
};

test("a free-mail lead: the tag in the subject and under the name in the body, stored on the lead", async () => {
  const { response, mailer, lead } = await send(
    "jane.driller@gmail.com",
    "1d6f8a2e-5b1c-4c3e-9f7a-2b8d4e6f1a3c",
  );
  expect(response.status).toBe(200);
  const [sales] = sentOfKind(mailer, "sales");
  expect(sales.subject).toBe("Demo request [free mail]: Jane Driller (Acme Mining)");
  expect(sales.text).toContain("\nJane Driller, Acme Mining\n\n[free mail]\n");
  expect(sales.html).toMatch(/<span data-tag="true" style="[^"]*">free mail<\/span>/);
  expect(lead.emailClass).toEqual({ class: "free", domain: "gmail.com", role: false });
  expect(sentOfKind(mailer, "confirmation")).toHaveLength(1);
});

test("a company address goes untagged in the subject; its body tags it short", async () => {
  const { mailer } = await send("jane@acme-mining.com", "2d6f8a2e-5b1c-4c3e-9f7a-2b8d4e6f1a3c");
  const [sales] = sentOfKind(mailer, "sales");
  expect(sales.subject).toBe("Demo request: Jane Driller (Acme Mining)");
  expect(sales.text).toContain("\nJane Driller, Acme Mining\n\n[company domain]\n");
});

test("a disposable address arrives suspected with the reason, and gets no confirmation", async () => {
  const { response, mailer, lead } = await send(
    "jane@mailinator.com",
    "3d6f8a2e-5b1c-4c3e-9f7a-2b8d4e6f1a3c",
  );
  expect(response.status).toBe(200);
  const [sales] = sentOfKind(mailer, "sales");
  expect(sales.subject).toBe("[Suspected spam] Demo request [disposable]: Jane Driller (Acme Mining)");
  expect(sales.text).toContain("Suspected spam: disposable e-mail address (mailinator.com)");
  expect(lead.suspectedSpam).toBe("disposable e-mail address (mailinator.com)");
  expect(lead.state).toBe("sent");
  expect(sentOfKind(mailer, "confirmation")).toEqual([]);
});

test("a disposable address's domain, which the visitor chose, is masked in the log as an address is", async () => {
  const log = jest.spyOn(console, "log");
  log.mockClear();
  const { lead } = await send(
    "eve@promo-login-microsoft-com.mailinator.com",
    "4d6f8a2e-5b1c-4c3e-9f7a-2b8d4e6f1a3c",
  );
  expect(lead.suspectedSpam).toBe("disposable e-mail address (promo-login-microsoft-com.mailinator.com)");
  const lines = log.mock.calls.map((args) => args.join(" "));
  expect(lines.find((line) => line.includes("suspected spam"))).toContain(
    '"reason":"disposable e-mail address (p***.com)"',
  );
  expect(lines.filter((line) => line.includes("promo-login") || line.includes("mailinator"))).toEqual([]);
});

test("the webhook's first line carries the tag; the standard payload the class; the CSV one column", () => {
  const lead = {
    ...leadRecord("a", "sent"),
    request: { ...VALID, email: "info@bigpond.com" },
    emailClass: { class: "isp" as const, domain: "bigpond.com", role: true },
  };
  const slack = slackMessage({ kind: "lead", lead: webhookLead(lead) });
  expect(slack.blocks[0]).toEqual({
    type: "header",
    text: { type: "plain_text", text: "New demo request [ISP] [role address]", emoji: false },
  });
  expect(slack.text.startsWith("New demo request [ISP] [role address]: ")).toBe(true);
  expect(standardPayload({ kind: "lead", lead: webhookLead(lead) }, new Date()).data.emailClass).toEqual({
    class: "isp",
    domain: "bigpond.com",
    role: true,
  });
  const cells = (line: string) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map(([cell]) => cell);
  const lines = leadsToCsv([
    lead,
    { ...leadRecord("b", "sent"), receivedAt: "2025-01-02T00:00:00.000Z" },
  ]).split("\r\n");
  const [header, row] = lines.map(cells);
  const column = header.indexOf('"emailClass"');
  expect(column).toBeGreaterThan(-1);
  expect(row[column]).toBe('"isp, role"');
  // A lead stored before classification is classified when exported.
  const older = cells(leadsToCsv([leadRecord("b", "sent")]).split("\r\n")[1]);
  expect(older[column]).toBe('"company"');
});
