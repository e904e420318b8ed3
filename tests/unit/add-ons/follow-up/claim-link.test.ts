/**
 * @jest-environment node
 */
// The claim link every new lead's sales e-mail and webhook message carry (docs/requirements.md#follow-up):
// signed with the server secret, under the site's own origin (URL, which Netlify sets and `npm start` sets
// to its own address), never the Host a request was sent with: the demo request's sales e-mail and webhook
// message, and the scheduled re-send and follow-up runs. Without URL they carry no claim link.
import retryFunction from "../../../../netlify/functions/retry-demo-requests.mts";
import followUpFunction from "../../../../netlify/functions/lead-follow-up.mts";
import { checkClaimLink, claimSignature } from "../../../../netlify/lib/add-ons/follow-up/claim-link";
import { slackMessage } from "../../../../netlify/lib/add-ons/webhook/slack";
import { teamsMessage } from "../../../../netlify/lib/add-ons/webhook/teams";
import { loadConfig, resetConfig } from "../../../../netlify/lib/compose";
import { createBlobLeadStore, LEAD_STORE_NAME } from "../../../../netlify/lib/core/leads/lead-store";
import { setUpWebhookSink } from "../../../helpers/webhook-sink";
import { startBlobsServer, type TestBlobsServer } from "../../../helpers/blobs-server";
import { restoreEnvAfterEach } from "../../../helpers/env";
import {
  harness,
  leadIdOf,
  leadRecord,
  sentOfKind,
  TEST_CONFIG,
  VALID,
} from "../../../helpers/function-harness";
import { startSendGridTestServer, type MailSink } from "../../../helpers/sendgrid-test-server";
import { namesOnly } from "../../../helpers/setting-problems";

const REQUEST_ID = "9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const NOW = new Date("2026-11-24T01:00:00.000Z");
const linkIn = (text: string) => new URL(/^Claim this lead \[(\S+)\]$/m.exec(text)![1]);
/** The target of the HTML's "Claim this lead" button (its `&amp;`s decoded). */
const buttonIn = (html: string) =>
  /<a href="([^"]+)"[^>]*>(?:(?!<\/a>).)*>Claim this lead<(?:(?!<\/a>).)*<\/a>/
    .exec(html)![1]
    .replace(/&amp;/g, "&");

test("the sales e-mail links to the lead's claim page, signed for that lead only, for 30 days", async () => {
  const { post, mailer } = harness({ now: () => NOW });
  expect((await post({ ...VALID, requestId: REQUEST_ID })).status).toBe(200);
  const [sales] = sentOfKind(mailer, "sales");
  const link = linkIn(sales.text);
  const id = leadIdOf(REQUEST_ID);
  expect(link.origin).toBe(TEST_CONFIG.siteOrigin);
  expect(link.pathname).toBe(`/leads/${id}`);
  expect(checkClaimLink(id, link.searchParams, TEST_CONFIG.formSecret)).toEqual({
    kind: "signed",
    expires: NOW.getTime() / 1000 + 30 * 86_400,
  });
  const other = leadIdOf("0c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d");
  expect(checkClaimLink(other, link.searchParams, TEST_CONFIG.formSecret)).toEqual({ kind: "forged" });
  expect(buttonIn(sales.html)).toBe(link.toString());
});

test("in a local run the link names the local server's origin (its URL), not the Host the request named", async () => {
  const { handle, mailer } = harness({ config: { siteOrigin: "http://localhost:8888", isLocal: true } });
  const response = await handle(
    new Request("http://localhost:1/api/send-contact-email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...VALID, requestId: REQUEST_ID, formToken: undefined }),
    }),
  );
  expect(response.status).toBe(200);
  expect(linkIn(sentOfKind(mailer, "sales")[0].text).origin).toBe("http://localhost:8888");
});

test("a signature is 43 base64url characters; anything else is refused before any comparison", () => {
  const sig = claimSignature(leadIdOf(REQUEST_ID), TEST_CONFIG.formSecret);
  expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // The last character carries two spare bits: another character decoding to the same bytes is
  // still not this signature.
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const last = alphabet.indexOf(sig[42]);
  const sameBytes = `${sig.slice(0, 42)}${alphabet[last ^ 1]}`;
  expect(Buffer.from(sameBytes, "base64url")).toEqual(Buffer.from(sig, "base64url"));
  for (const bad of [null, "", `${sig}=`, sig.slice(1), `${sig.slice(0, 42)}+`, sameBytes]) {
    const query = new URLSearchParams(bad === null ? {} : { sig: bad });
    expect(checkClaimLink(leadIdOf(REQUEST_ID), query, TEST_CONFIG.formSecret)).toEqual({ kind: "forged" });
  }
});

test("the chat messages show who holds the lead and carry the claim link as our own words", () => {
  const lead = {
    id: "b6f8a0e4-1c2d-4e3f-9a8b-7c6d5e4f3a2b",
    receivedAt: "2026-11-24T01:00:00.000Z",
    request: { ...VALID },
    owner: "<!channel> Ana",
    claimUrl: "https://resources.example/leads/b6f8a0e4-1c2d-4e3f-9a8b-7c6d5e4f3a2b?sig=abc",
  };
  const slack = JSON.stringify(slackMessage({ kind: "lead", lead }));
  expect(slack).toContain('{"type":"plain_text","text":"&lt;!channel&gt; Ana","emoji":false}');
  expect(slack).toContain(`"text":"<${lead.claimUrl}|Claim or update this lead>"`);
  const teams = JSON.stringify(teamsMessage({ kind: "lead", lead }));
  expect(teams).toContain('{"type":"TextRun","text":"<!channel> Ana"}');
  expect(teams).toContain(`"text":"[Claim or update this lead](${lead.claimUrl})"`);
});

const SITE = "https://site.example";
const EVIL = "http://evil.example";
const LEAD = "0b7c3a55-1f7e-4e8e-9a51-6c1d2f3e4a5b";

const webhooks = setUpWebhookSink();

/** A demo request sent to the evil origin, with the site's origin `siteOrigin` configured. */
async function requestAtEvilOrigin(siteOrigin: string | undefined) {
  const { handle, mailer } = harness({
    config: { siteOrigin, leadWebhook: { url: webhooks.url, format: "slack", timeoutMs: 2000 } },
  });
  const res = await handle(
    new Request(`${EVIL}/api/send-contact-email`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...VALID }).toString(),
    }),
  );
  expect(res.status).toBe(303);
  const [sales] = sentOfKind(mailer, "sales");
  return {
    sales: `${sales.text}\n${sales.html}`,
    webhook: webhooks
      .deliveries()
      .map((d) => d.raw)
      .join("\n"),
  };
}

test("the sales e-mail and the webhook link to the configured origin, whatever the request's own", async () => {
  const { sales, webhook } = await requestAtEvilOrigin(SITE);
  for (const text of [sales, webhook]) {
    expect(text).toContain(`${SITE}/leads/`);
    expect(text).not.toContain("evil.example");
  }
});

test("without a configured origin they carry no claim link, never one on the request's origin", async () => {
  const { sales, webhook } = await requestAtEvilOrigin(undefined);
  expect(sales).toContain(VALID.company);
  for (const text of [sales, webhook]) {
    expect(text).not.toContain("/leads/");
    expect(text).not.toContain("evil.example");
  }
});

test("URL is the site's origin when it is an http(s) origin, and a misconfiguration otherwise", () => {
  const required = {
    SENDGRID_API_KEY: "SG.x",
    SALES_EMAIL: "sales@example.com",
    MAIL_FROM: "site@example.com",
  };
  const origin = (URL?: string) => {
    const result = loadConfig({ ...required, URL });
    return result.ok ? result.config.siteOrigin : result.problems;
  };
  expect(origin(SITE)).toBe(SITE);
  expect(origin(`${SITE}/`)).toBe(SITE);
  expect(origin("http://localhost:8888")).toBe("http://localhost:8888");
  expect(origin(undefined)).toBeUndefined();
  for (const bad of [
    "javascript:alert(1)",
    "ftp://site.example",
    `${SITE}/path`,
    `${SITE}?q=1`,
    "https://u:p@site.example",
  ])
    expect([bad, (origin(bad) as string[]).map(namesOnly)]).toEqual([bad, ["URL is invalid"]]);
});

describe("the scheduled runs", () => {
  let blobs: TestBlobsServer;
  let mail: MailSink;
  restoreEnvAfterEach();

  beforeAll(async () => {
    blobs = await startBlobsServer();
    mail = await startSendGridTestServer({ apiKey: "SG.claim-link-origin" });
  });
  afterAll(async () => {
    blobs.close();
    await mail.close();
  });

  beforeEach(async () => {
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    Object.assign(process.env, {
      NETLIFY_BLOBS_CONTEXT: blobs.context,
      SENDGRID_API_KEY: "SG.claim-link-origin",
      SENDGRID_API_BASE_URL: mail.url,
      ALLOW_SENDGRID_BASE_URL: "true",
      SALES_EMAIL: "sales@example.com",
      MAIL_FROM: "site@example.com",
      CONFIRMATION_EMAIL: "off",
    });
    delete process.env.URL;
    resetConfig();
    mail.clear();
    const store = blobs.open(LEAD_STORE_NAME);
    for (const { key } of (await store.list()).blobs) await store.delete(key);
    // Pending for two hours: due for a re-send, and past the follow-up's nudge and escalation.
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
    await createBlobLeadStore(store).create(
      leadRecord(LEAD, "pending", { receivedAt: twoHoursAgo, sales: { lastAttemptAt: twoHoursAgo } }),
    );
  });
  afterEach(() => {
    jest.restoreAllMocks();
    resetConfig();
  });

  /** Every message the re-send run and the follow-up run send when called at the evil origin. */
  async function runBothAtEvilOrigin(): Promise<string> {
    const trigger = { method: "POST", headers: { "x-leads-retry": "now" } };
    expect(
      (await retryFunction(new Request(`${EVIL}/.netlify/functions/retry-demo-requests`, trigger))).status,
    ).toBe(200);
    expect((await followUpFunction()).status).toBe(200);
    const messages = mail.messages();
    expect(messages.map((m) => m.customArgs?.kind)).toContain("sales");
    return messages.map((m) => `${m.text}\n${m.html}`).join("\n");
  }

  test("link to URL", async () => {
    process.env.URL = SITE;
    const sent = await runBothAtEvilOrigin();
    expect(sent).toContain(`${SITE}/leads/${LEAD}?sig=`);
    expect(sent).not.toContain("evil.example");
  });

  test("without URL, carry no claim link rather than one on the origin they were called at", async () => {
    const sent = await runBothAtEvilOrigin();
    expect(sent).not.toContain(`/leads/${LEAD}?sig=`);
    expect(sent).not.toContain("evil.example");
  });
});
