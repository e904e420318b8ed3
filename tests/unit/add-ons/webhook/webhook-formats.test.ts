/**
 * @jest-environment node
 */
// The three LEAD_WEBHOOK_FORMATs (docs/decisions/0022-lead-webhook-channel.md): Slack, Teams, Standard
// Webhooks.
import { randomBytes } from "node:crypto";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import type { LeadEvent, WebhookLead } from "../../../../netlify/lib/add-ons/webhook/lead-event";
import { slackMessage } from "../../../../netlify/lib/add-ons/webhook/slack";
import { escapeSlack, fitSlack } from "../../../../netlify/lib/kit/slack-blocks";
import { teamsMessage } from "../../../../netlify/lib/add-ons/webhook/teams";
import { webhookRequest } from "../../../../netlify/lib/add-ons/webhook/post-lead-event";

const LEAD: WebhookLead = {
  id: "0b6c3f8e-1f4e-4c3a-9d55-2f0f8a1b7c11",
  receivedAt: "2025-01-01T11:00:00.000Z",
  request: {
    firstName: "Jane",
    lastName: "Driller",
    email: "jane@acme-mining.com",
    phone: "+61 400 123 456",
    company: "Acme Mining",
    message: "Two sites, 300 workers.",
  },
  attribution: { landing_path: "/", utm_source: "linkedin", utm_campaign: "q4" },
};
const NEW_LEAD: LeadEvent = { kind: "lead", lead: LEAD };
const ALERT: LeadEvent = {
  kind: "alert",
  lead: LEAD,
  alert: { reason: "failed", detail: "The sales e-mail was not accepted for a day." },
};
const newSecret = () => `whsec_${randomBytes(32).toString("base64")}`;
const hostile = (text: string): LeadEvent => ({
  kind: "lead",
  lead: {
    ...LEAD,
    request: { ...LEAD.request, firstName: text, company: text, message: text },
    attribution: { utm_source: text },
  },
});

// Markup each chat format would render if it read visitor text as markup: Slack's *bold*, `code`,
// <url|label> links and bare URLs, a fake label line, Markdown links and emphasis.
const MARKERS = [
  "*Company*\nFake Corp",
  "`code`",
  "<https://x|y>",
  "https://evil.example/login",
  "[Open invoice](https://evil.example) **urgent** _now_",
];
const MARKUP = MARKERS.join(" ");
/** A lead with `text` in every field the visitor types and in three attribution values. */
const everywhere = (text: string): LeadEvent => ({
  kind: "lead",
  lead: {
    ...LEAD,
    request: { firstName: text, lastName: text, email: text, phone: text, company: text, message: text },
    attribution: { landing_path: text, utm_source: text, gclid: text },
  },
});

type SlackText = { type: string; text: string; emoji?: boolean };
const plainText = (text: string) => ({ type: "plain_text", text, emoji: false });

/** Every text object of a Slack message, in order (header, section text and fields, context). */
function slackTextObjects(message: ReturnType<typeof slackMessage>): SlackText[] {
  return message.blocks.flatMap((block): SlackText[] => {
    if (block.type === "header") return [block.text];
    if (block.type === "section") return [...(block.text ? [block.text] : []), ...(block.fields ?? [])];
    if (block.type === "context")
      return block.elements.flatMap((element) =>
        element.type === "plain_text" || element.type === "mrkdwn" ? [element] : [],
      );
    return [];
  });
}

/** The text object right after the mrkdwn label `*label*`. */
function slackValueAfter(message: ReturnType<typeof slackMessage>, label: string): SlackText | undefined {
  const objects = slackTextObjects(message);
  const at = objects.findIndex((object) => object.type === "mrkdwn" && object.text === `*${label}*`);
  return at < 0 ? undefined : objects[at + 1];
}

describe("slack", () => {
  const json = (event: LeadEvent) => JSON.stringify(slackMessage(event));

  test("a short text and blocks with name, company, e-mail, phone, message and source", () => {
    const message = slackMessage(NEW_LEAD);
    expect(message.text).toBe("New demo request: Jane Driller (Acme Mining)");
    for (const [label, value] of [
      ["First Name", "Jane"],
      ["Last Name", "Driller"],
      ["Work Email", "jane@acme-mining.com"],
      ["Phone Number", "+61 400 123 456"],
      ["Company", "Acme Mining"],
      ["Additional Info", "Two sites, 300 workers."],
      ["Source", "landing_path: /\nutm_source: linkedin\nutm_campaign: q4"],
    ]) {
      expect([label, slackValueAfter(message, label)]).toEqual([label, plainText(value)]);
    }
    expect(json(NEW_LEAD)).toContain(LEAD.id);
    expect(message.blocks[0]).toEqual({
      type: "header",
      text: { type: "plain_text", text: "New demo request", emoji: false },
    });
  });

  test("a lead without attribution says so", () => {
    const message = slackMessage({ kind: "lead", lead: { ...LEAD, attribution: undefined } });
    expect(slackValueAfter(message, "Source")).toEqual(plainText("(none recorded)"));
  });

  // Only plain_text stops Slack's formatting: mrkdwn (verbatim or not, quoted or not) still renders
  // *bold*, `code`, <url|label> links and bare URLs.
  test("every visitor-typed value is carried only in plain_text objects, never in mrkdwn", () => {
    const message = slackMessage(everywhere(MARKUP));
    const objects = slackTextObjects(message);
    for (const marker of MARKERS) {
      const carrying = objects.filter((object) => object.text.includes(escapeSlack(marker)));
      expect(carrying.length).toBeGreaterThanOrEqual(6);
      for (const object of carrying) expect([marker, object]).toEqual([marker, plainText(object.text)]);
    }
    // The mrkdwn left holds our own labels only (an alert or a suspected lead adds our own line).
    const mrkdwn = objects.filter((object) => object.type === "mrkdwn").map((object) => object.text);
    expect(mrkdwn).toEqual([
      "*Owner*",
      "*First Name*",
      "*Last Name*",
      "*Work Email*",
      "*Phone Number*",
      "*Company*",
      "*Additional Info*",
      "*Source*",
    ]);
  });

  test("the notification text is not read as mrkdwn and no visitor link is unfurled", () => {
    const message = slackMessage(everywhere(MARKUP));
    expect(message).toMatchObject({ mrkdwn: false, unfurl_links: false, unfurl_media: false });
    expect(message.text).toBe(
      `New demo request: ${escapeSlack(MARKUP)} ${escapeSlack(MARKUP)} (${escapeSlack(MARKUP)})`,
    );
  });

  test("visitor text cannot make a link or a mention: & < > are escaped everywhere", () => {
    const attack = "<!channel> <https://evil.example|Open invoice> & more";
    const message = slackMessage(hostile(attack));
    const all = JSON.stringify(message);
    expect(all).not.toMatch(/<!channel>|<https:/);
    expect(all).toContain("&lt;!channel&gt; &lt;https://evil.example|Open invoice&gt; &amp; more");
    expect(message.text).toBe(`New demo request: ${escapeSlack(attack)} Driller (${escapeSlack(attack)})`);
  });

  test("text escaped past Block Kit's limits is cut before an entity, never inside one", () => {
    const message = slackMessage(hostile("&".repeat(1000)));
    for (const block of message.blocks) {
      if (block.type !== "section") continue;
      for (const text of [block.text, ...(block.fields ?? [])]) {
        if (!text) continue;
        expect(text.text.length).toBeLessThanOrEqual(block.fields ? 2000 : 3000);
        expect(text.text).not.toMatch(/&(?!amp;|lt;|gt;)/);
      }
    }
    expect(fitSlack("a<b", 5)).toBe("a…");
    expect(fitSlack("a<b", 6)).toBe("a&lt;b");
  });

  test("an alert names the lead and says what went wrong", () => {
    const message = slackMessage(ALERT);
    expect(message.text).toBe("Demo request needs attention: Jane Driller (Acme Mining)");
    expect(JSON.stringify(message)).toContain("The sales e-mail was not accepted for a day.");
  });
});

describe("teams", () => {
  const card = (event: LeadEvent) => teamsMessage(event).attachments[0].content;

  test("a workflow message with one Adaptive Card attachment", () => {
    const message = teamsMessage(NEW_LEAD);
    expect(message.type).toBe("message");
    expect(message.attachments).toHaveLength(1);
    expect(message.attachments[0].contentType).toBe("application/vnd.microsoft.card.adaptive");
    expect(card(NEW_LEAD)).toMatchObject({ type: "AdaptiveCard", version: "1.4" });
  });

  test("each contact field and each source key is a `label: value` row", () => {
    const rows = card(NEW_LEAD).body.flatMap((element) =>
      element.type === "RichTextBlock" && element.inlines.length === 2
        ? [[element.inlines[0].text, element.inlines[1].text]]
        : [],
    );
    expect(rows).toEqual([
      ["Owner: ", "nobody yet"],
      ["First Name: ", "Jane"],
      ["Last Name: ", "Driller"],
      ["Work Email: ", "jane@acme-mining.com"],
      ["Phone Number: ", "+61 400 123 456"],
      ["Company: ", "Acme Mining"],
      ["Additional Info: ", "Two sites, 300 workers."],
      ["landing_path: ", "/"],
      ["utm_source: ", "linkedin"],
      ["utm_campaign: ", "q4"],
    ]);
  });

  test("every value that came with the request is in a TextRun; TextBlocks hold only our own words", () => {
    for (const event of [everywhere(MARKUP), { ...ALERT, lead: everywhere(MARKUP).lead }]) {
      const body = card(event).body;
      const blocks = body.flatMap((e) => (e.type === "TextBlock" ? [e.text] : []));
      for (const text of blocks) {
        expect(["Source", "(none recorded)", "The sales e-mail was not accepted for a day."]).toContain(text);
      }
      const runs = body.flatMap((e) => (e.type === "RichTextBlock" ? e.inlines.map((run) => run.text) : []));
      for (const marker of MARKERS) {
        expect(runs.filter((text) => text.includes(marker)).length).toBeGreaterThanOrEqual(9);
      }
      expect(runs.join("\n")).toContain(LEAD.id);
      expect(runs.join("\n")).toContain(LEAD.receivedAt);
    }
  });

  test("visitor text appears only in TextRuns, which render no Markdown", () => {
    const attack = "[Open invoice](https://evil.example) **urgent**";
    const body = card(hostile(attack)).body;
    const inTextBlocks = body.filter((e) => e.type === "TextBlock").map((e) => e.text);
    expect(inTextBlocks.join(" ")).not.toContain("evil.example");
    const runs = body.flatMap((e) => (e.type === "RichTextBlock" ? e.inlines.map((run) => run.text) : []));
    expect(runs.filter((text) => text.includes(attack)).length).toBeGreaterThanOrEqual(4);
  });
});

describe("standard (Standard Webhooks)", () => {
  test("the lead as JSON with webhook-id = the lead id, verified by the library's own verifier", () => {
    const secret = newSecret();
    const request = webhookRequest(NEW_LEAD, { format: "standard", secret }, new Date());
    expect(request.headers["webhook-id"]).toBe(LEAD.id);
    expect(request.headers["content-type"]).toBe("application/json");
    const verified = new Webhook(secret).verify(request.body, request.headers);
    expect(verified).toEqual({
      type: "lead.received",
      timestamp: expect.any(String),
      data: { id: LEAD.id, receivedAt: LEAD.receivedAt, ...LEAD.request, attribution: LEAD.attribution },
    });
  });

  test("a wrong secret fails verification", () => {
    const request = webhookRequest(NEW_LEAD, { format: "standard", secret: newSecret() }, new Date());
    expect(() => new Webhook(newSecret()).verify(request.body, request.headers)).toThrow(
      WebhookVerificationError,
    );
  });

  test("a changed body fails verification", () => {
    const secret = newSecret();
    const request = webhookRequest(NEW_LEAD, { format: "standard", secret }, new Date());
    const forged = request.body.replace("Acme Mining", "Evil Corp");
    expect(() => new Webhook(secret).verify(forged, request.headers)).toThrow(WebhookVerificationError);
  });

  test("a retry keeps webhook-id and signs a fresh timestamp", () => {
    const secret = newSecret();
    const first = webhookRequest(NEW_LEAD, { format: "standard", secret }, new Date("2025-01-01T11:00:00Z"));
    const retry = webhookRequest(NEW_LEAD, { format: "standard", secret }, new Date("2025-01-01T11:05:00Z"));
    expect(retry.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    expect(Number(retry.headers["webhook-timestamp"]) - Number(first.headers["webhook-timestamp"])).toBe(300);
    expect(retry.headers["webhook-signature"]).not.toBe(first.headers["webhook-signature"]);
    expect(retry.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
  });

  test("an alert has its own id and type, so a receiver does not drop it as a repeat of the lead", () => {
    const secret = newSecret();
    const request = webhookRequest(ALERT, { format: "standard", secret }, new Date());
    expect(request.headers["webhook-id"]).toBe(`${LEAD.id}.alert`);
    expect(new Webhook(secret).verify(request.body, request.headers)).toMatchObject({
      type: "lead.alert",
      data: { alert: { reason: "failed" } },
    });
  });

  test("without a secret it refuses to send unsigned", () => {
    expect(() => webhookRequest(NEW_LEAD, { format: "standard" }, new Date())).toThrow(/LEAD_WEBHOOK_SECRET/);
  });
});

test.each(["slack", "teams"] as const)("%s requests are JSON and carry the stable webhook-id", (format) => {
  const request = webhookRequest(NEW_LEAD, { format }, new Date());
  expect(request.headers).toEqual({ "content-type": "application/json", "webhook-id": LEAD.id });
  expect(() => JSON.parse(request.body) as unknown).not.toThrow();
});

describe("a lead a spam layer suspects", () => {
  const REASON = "form token forged";
  const SUSPECTED: LeadEvent = { kind: "lead", lead: { ...LEAD, suspectedSpam: REASON } };

  test("slack: the title is marked like the e-mail's subject, the reason a plain-text section under its label", () => {
    const message = slackMessage(SUSPECTED);
    expect(message.text).toBe("[Suspected spam] New demo request: Jane Driller (Acme Mining)");
    expect(message.blocks[0]).toMatchObject({ text: { text: "[Suspected spam] New demo request" } });
    expect(message.blocks.slice(1, 3)).toEqual([
      { type: "section", text: { type: "mrkdwn", text: "*Suspected spam*" } },
      { type: "section", text: { type: "plain_text", text: REASON, emoji: false } },
    ]);
    expect(JSON.stringify(slackMessage(NEW_LEAD))).not.toContain("Suspected spam");
  });

  test("a disposable address's domain, which the visitor chose, is in no mrkdwn (Slack) or Markdown (Teams) text", () => {
    const domain = "promo-login-microsoft-com.mailinator.com";
    const reason = `disposable e-mail address (${domain})`;
    const event: LeadEvent = {
      kind: "lead",
      lead: {
        ...LEAD,
        request: { ...LEAD.request, email: `eve@${domain}` },
        suspectedSpam: reason,
        emailClass: { class: "disposable", domain, role: false },
      },
    };
    const slack = slackMessage(event);
    const mrkdwn: string[] = [];
    JSON.stringify(slack.blocks, (_key, value: unknown) => {
      const element = value as { type?: unknown; text?: unknown } | null;
      if (element?.type === "mrkdwn" && typeof element.text === "string") mrkdwn.push(element.text);
      return value;
    });
    expect(mrkdwn).toContain("*Suspected spam*");
    expect(mrkdwn.filter((text) => text.includes("mailinator"))).toEqual([]);
    expect(slack.blocks).toContainEqual({
      type: "section",
      text: { type: "plain_text", text: reason, emoji: false },
    });
    const card = teamsMessage(event).attachments[0].content.body;
    expect(card.filter((e) => e.type === "TextBlock" && e.text.includes("mailinator"))).toEqual([]);
    expect(card).toContainEqual({
      type: "RichTextBlock",
      inlines: [
        { type: "TextRun", text: "Suspected spam: ", weight: "Bolder" },
        { type: "TextRun", text: reason },
      ],
    });
  });

  test("teams: the title is marked and the reason is a row", () => {
    const body = teamsMessage(SUSPECTED).attachments[0].content.body;
    const runs = body.flatMap((e) => (e.type === "RichTextBlock" ? e.inlines.map((run) => run.text) : []));
    expect(runs[0]).toBe("[Suspected spam] New demo request: Jane Driller (Acme Mining)");
    expect(runs).toEqual(expect.arrayContaining(["Suspected spam: ", REASON]));
  });

  test("standard: the reason is data.suspectedSpam, signed with the rest", () => {
    const secret = newSecret();
    const request = webhookRequest(SUSPECTED, { format: "standard", secret }, new Date());
    const verified = new Webhook(secret).verify(request.body, request.headers) as { data: object };
    expect(verified.data).toMatchObject({ id: LEAD.id, suspectedSpam: REASON });
  });
});
