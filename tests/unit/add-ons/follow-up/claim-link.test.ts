/**
 * @jest-environment node
 */
// The claim link every new lead's sales e-mail and webhook message carry (docs/requirements.md#follow-up):
// signed with the server secret, under the site's own origin (URL; `npm start` sets it to its own
// address), never the Host a request was sent with (tests/unit/add-ons/follow-up/claim-link-origin.test.ts).
import { claimSignature, isClaimSignature } from "../../../../netlify/lib/add-ons/follow-up/claim-link";
import { slackMessage } from "../../../../netlify/lib/add-ons/webhook/slack";
import { teamsMessage } from "../../../../netlify/lib/add-ons/webhook/teams";
import { harness, leadIdOf, sentOfKind, TEST_CONFIG, VALID } from "../../../helpers/function-harness";

const REQUEST_ID = "9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const linkIn = (text: string) => new URL(/^Claim this lead \[(\S+)\]$/m.exec(text)![1]);
/** The target of the HTML's "Claim this lead" button (its `&amp;`s decoded). */
const buttonIn = (html: string) =>
  /<a href="([^"]+)"[^>]*>(?:(?!<\/a>).)*>Claim this lead<(?:(?!<\/a>).)*<\/a>/
    .exec(html)![1]
    .replace(/&amp;/g, "&");

test("the sales e-mail links to the lead's claim page, signed for that lead only", async () => {
  const { post, mailer } = harness();
  expect((await post({ ...VALID, requestId: REQUEST_ID })).status).toBe(200);
  const [sales] = sentOfKind(mailer, "sales");
  const link = linkIn(sales.text);
  const id = leadIdOf(REQUEST_ID);
  expect(link.origin).toBe(TEST_CONFIG.siteOrigin);
  expect(link.pathname).toBe(`/leads/${id}`);
  expect(isClaimSignature(id, link.searchParams.get("sig"), TEST_CONFIG.formSecret)).toBe(true);
  expect(
    isClaimSignature(
      leadIdOf("0c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"),
      link.searchParams.get("sig"),
      TEST_CONFIG.formSecret,
    ),
  ).toBe(false);
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
    expect(isClaimSignature(leadIdOf(REQUEST_ID), bad, TEST_CONFIG.formSecret)).toBe(false);
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
