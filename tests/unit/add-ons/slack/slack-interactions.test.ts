/**
 * @jest-environment node
 */
// Claim from Slack (docs/requirements.md#closing-the-loop, docs/decisions/0030-slack-and-booking-loop.md):
// the answer at once with the click applied after it, refusals before any store work, idempotent
// clicks, the Slack user recorded (or the roster member SLACK_USER_MAP names), the message updated
// through response_url, and a note in the channel once that cannot be used.
import type { ServerConfig } from "../../../../netlify/lib/core/config";
import { addOnsFor } from "../../../../netlify/lib/compose";
import { slackMessage } from "../../../../netlify/lib/add-ons/webhook/slack";
import { webhookRequest } from "../../../../netlify/lib/add-ons/webhook/post-lead-event";
import { createSlackInteractionsHandler } from "../../../../netlify/lib/add-ons/slack/slack-interactions";
import { slackSignature } from "../../../../netlify/lib/add-ons/slack/slack-signature";
import { claimUrlFor } from "../../../../netlify/lib/add-ons/follow-up/claim-link";
import { createClaimHandler } from "../../../../netlify/lib/add-ons/follow-up/claim-handler";
import {
  createFollowUpStore,
  type FollowUpStore,
} from "../../../../netlify/lib/add-ons/follow-up/follow-up-store";
import { silenceConsole } from "../../../helpers/console";
import { newLead } from "../../../../netlify/lib/core/leads/lead-record";
import { setUpWebhookSink } from "../../../helpers/webhook-sink";
import {
  memoryLimits,
  NO_WAITS,
  scriptedMailer,
  TEST_CONFIG,
  testAddOns,
  VALID,
} from "../../../helpers/function-harness";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";

const SECRET = "slack-signing-secret-for-tests-0123";
const ID = "5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b";
const RECEIVED = "2026-11-24T01:00:00.000Z";
const NOW = new Date("2026-11-24T01:04:00.000Z");
const RESPONSE_URL = "https://hooks.slack.com/actions/T1/1/abc";
const ANA = { name: "Ana Smith", email: "ana@example.com" };

const sink = setUpWebhookSink();

/** The lead message as it went to Slack with buttons, as Slack echoes it in a click. */
const messageBlocks = () =>
  slackMessage(
    {
      kind: "lead",
      lead: { id: ID, receivedAt: RECEIVED, request: { ...VALID } },
    },
    { buttons: true },
  ).blocks as unknown as Record<string, unknown>[];

function click(
  action: "claim" | "contacted",
  user: Record<string, string>,
  extra: Record<string, unknown> = {},
) {
  return {
    type: "block_actions",
    user,
    actions: [{ action_id: action, block_id: "follow_up_actions", value: ID, type: "button" }],
    response_url: RESPONSE_URL,
    message: { ts: String(Date.parse(RECEIVED) / 1000), blocks: messageBlocks() },
    ...extra,
  };
}

async function setup(slack: Partial<ServerConfig["slack"]> = {}, options: { store?: "slow" } = {}) {
  const blobs = createMemoryBlobs();
  const followUps: FollowUpStore = createFollowUpStore(blobs);
  const leads = createMemoryLeadStore({ followUps });
  await leads.create({ ...newLead(ID, { ...VALID }, new Date(RECEIVED)), state: "sent" });
  const config = {
    ...TEST_CONFIG,
    leadWebhook: { url: sink.url, format: "slack" as const, timeoutMs: 2000, slackButtons: true },
    slack: { signingSecret: SECRET, userMap: new Map(), ...slack },
  };
  const posted: { url: string; body: Record<string, unknown> }[] = [];
  let slackAnswers = true;
  const fakeFetch = (async (url: string, init: RequestInit) => {
    posted.push({ url: String(url), body: JSON.parse(init.body as string) as Record<string, unknown> });
    return new Response(null, { status: slackAnswers ? 200 : 404 });
  }) as unknown as typeof fetch;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const slowFollowUps: FollowUpStore = {
    ...followUps,
    update: async (...args) => {
      await gate;
      return followUps.update(...args);
    },
  };
  const limits = memoryLimits();
  const handle = createSlackInteractionsHandler({
    getConfig: () => ({ ok: true, config }),
    getAddOns: (current) =>
      addOnsFor(current, {
        confirmationLimits: () => limits,
        followUps: () => (options.store === "slow" ? slowFollowUps : followUps),
      }),
    getLeadEvents: () => blobs,
    getStore: () => leads,
    createMailer: () => scriptedMailer(),
    now: () => NOW,
    fetch: fakeFetch,
    retry: NO_WAITS,
  });
  const pending: Promise<unknown>[] = [];
  const send = async (payload: unknown, headers: Record<string, string> = {}, at = NOW) => {
    const body = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
    const timestamp = String(Math.floor(at.getTime() / 1000));
    const response = await handle(
      new Request("https://resources.example/api/slack/interactions", {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-slack-request-timestamp": timestamp,
          "x-slack-signature": slackSignature(SECRET, timestamp, body),
          ...headers,
        },
        body,
      }),
      { waitUntil: (promise) => void pending.push(promise) },
    );
    return response;
  };
  const settle = async () => {
    await Promise.all(pending.splice(0));
  };
  return {
    leads,
    blobs,
    config,
    followUps,
    send,
    settle,
    posted,
    release,
    setSlackAnswers: (ok: boolean) => (slackAnswers = ok),
  };
}

test("a signed Claim click is answered at once; the claim is applied after the answer, by the Slack user", async () => {
  const w = await setup({}, { store: "slow" });
  const response = await w.send(click("claim", { id: "U024BE7LH", name: "ana.smith" }));
  expect(response.status).toBe(200);
  expect(await response.text()).toBe("");
  // The store has not even been written yet: Slack's 3 seconds do not wait for it.
  expect((await w.followUps.get(ID)).state).toBe("new");
  w.release();
  await w.settle();
  expect(await w.followUps.get(ID)).toEqual({
    state: "claimed",
    owner: { name: "ana.smith", slackUserId: "U024BE7LH" },
    claimedAt: NOW.toISOString(),
    history: [{ at: NOW.toISOString(), kind: "claimed", by: "ana.smith" }],
  });
  expect(await w.followUps.markerIds("claimed")).toEqual([ID]);
});

test("the message is updated through response_url: the owner, the status line and only Contacted left", async () => {
  const w = await setup({ userMap: new Map([["U024BE7LH", ANA]]) });
  await w.send(click("claim", { id: "U024BE7LH", name: "ana.smith" }));
  await w.settle();
  expect((await w.followUps.get(ID)).owner).toEqual({ ...ANA, slackUserId: "U024BE7LH" });
  expect(w.posted).toHaveLength(1);
  const [{ url, body }] = w.posted;
  expect(url).toBe(RESPONSE_URL);
  expect(body).toMatchObject({ replace_original: true, text: "Claimed by Ana Smith, 4 min after arrival" });
  const text = JSON.stringify(body.blocks);
  expect(text).toContain('{"type":"plain_text","text":"Ana Smith","emoji":false}');
  expect(text).toContain('"text":"Claimed by Ana Smith, 4 min after arrival"');
  expect(text).toContain('"action_id":"contacted"');
  expect(text).not.toContain('"action_id":"claim"');
  expect(sink.deliveries()).toEqual([]);
});

test("clicks are idempotent: the same click again, or another person's, changes nothing and is told privately", async () => {
  const w = await setup();
  await w.send(click("claim", { id: "U024BE7LH", name: "ana" }));
  await w.send(click("claim", { id: "U024BE7LH", name: "ana" }));
  await w.send(click("claim", { id: "U0G9QF9C6", name: "ben" }));
  await w.settle();
  expect((await w.followUps.get(ID)).owner).toEqual({ name: "ana", slackUserId: "U024BE7LH" });
  const [, again, other] = w.posted.map((p) => p.body);
  expect(again).toMatchObject({
    response_type: "ephemeral",
    replace_original: false,
    text: "This lead is already claimed by ana.",
  });
  expect(other).toEqual(again);
});

test("an owner name typed on the claim page, and a Slack name, reach Slack as plain text, never as mrkdwn", async () => {
  const hostile = "<https://evil.example/login|Open the lead> <!channel> *x*";
  const escaped = "&lt;https://evil.example/login|Open the lead&gt; &lt;!channel&gt; *x*";
  const w = await setup();
  const claimPage = createClaimHandler({
    getConfig: () => ({
      ok: true,
      config: { ...w.config, followUp: { ...w.config.followUp, salesTeam: undefined } },
    }),
    getAddOns: testAddOns,
    getLeadEvents: () => w.blobs,
    getStore: () => w.leads,
    getFollowUps: () => w.followUps,
    createMailer: () => scriptedMailer(),
    now: () => NOW,
  });
  const link = claimUrlFor(TEST_CONFIG, ID, NOW)!;
  const notes: Promise<unknown>[] = [];
  const claimed = await claimPage(
    new Request(link, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: TEST_CONFIG.siteOrigin! },
      body: new URLSearchParams({ action: "claim", ownerName: hostile }).toString(),
    }),
    ID,
    { waitUntil: (promise) => void notes.push(promise) },
  );
  expect(claimed.status).toBe(303);
  await Promise.all(notes);
  await w.send(click("claim", { id: "U0G9QF9C6", name: "ben" }));
  await w.send(click("contacted", { id: "U0G9QF9C6", name: "<!here> *ben*" }));
  await w.settle();
  const [reply, update] = w.posted.map((p) => p.body);
  const line = `This lead is already claimed by ${escaped}.`;
  expect(reply).toEqual({
    response_type: "ephemeral",
    replace_original: false,
    text: line,
    blocks: [{ type: "section", text: { type: "plain_text", text: line, emoji: false } }],
    mrkdwn: false,
  });
  expect(update).toMatchObject({
    text: "Marked contacted by &lt;!here&gt; *ben*, 4 min after arrival",
    mrkdwn: false,
  });
  // Nothing Slack receives (replies, the update, the channel's note of the claim) holds the raw text.
  const sent = [...w.posted.map((p) => JSON.stringify(p.body)), ...sink.deliveries().map((d) => d.raw)];
  expect(sent).toHaveLength(3);
  for (const body of sent) {
    expect(body).not.toContain("<https://evil");
    expect(body).not.toContain("<!channel>");
    expect(body).not.toContain("<!here>");
    expect(body).not.toMatch(/"type":"mrkdwn","text":"[^"]*(evil|ben)/);
  }
});

test("Contacted on an unclaimed lead claims it for the clicker and marks it contacted", async () => {
  const w = await setup();
  await w.send(click("contacted", { id: "U024BE7LH", username: "ana" }));
  await w.settle();
  expect(await w.followUps.get(ID)).toMatchObject({
    state: "contacted",
    owner: { name: "ana", slackUserId: "U024BE7LH" },
    contactedAt: NOW.toISOString(),
    // The history names the clicker for both steps.
    history: [
      { at: NOW.toISOString(), kind: "claimed", by: "ana" },
      { at: NOW.toISOString(), kind: "contacted", by: "ana" },
    ],
  });
  expect(await w.followUps.markerIds("unclaimed")).toEqual([]);
  expect(JSON.stringify(w.posted[0].body.blocks)).not.toContain('"type":"actions"');
});

test("a click whose message cannot be updated any more (Slack refuses the response_url) gets a note in the channel", async () => {
  const failing = await setup();
  failing.setSlackAnswers(false);
  await failing.send(click("claim", { id: "U024BE7LH", name: "ana" }));
  await failing.settle();
  expect(failing.posted).toHaveLength(1);
  const [note] = sink.deliveries() as { body: { text: string } }[];
  expect(note.body.text).toBe("Claimed by ana, 4 min after arrival: Jane Driller (Acme Mining)");
  expect((await failing.followUps.get(ID)).state).toBe("claimed");
});

test("unsigned, stale, forged or malformed requests are refused before anything changes", async () => {
  const w = await setup();
  const payload = click("claim", { id: "U024BE7LH", name: "ana" });
  expect((await w.send(payload, { "x-slack-signature": "v0=" + "0".repeat(64) })).status).toBe(401);
  expect((await w.send(payload, { "x-slack-request-timestamp": "" })).status).toBe(401);
  const stale = new Date(NOW.getTime() - 6 * 60_000);
  const body = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
  const timestamp = String(Math.floor(stale.getTime() / 1000));
  const handleStale = await w.send(payload, {
    "x-slack-request-timestamp": timestamp,
    "x-slack-signature": slackSignature(SECRET, timestamp, body),
  });
  expect(handleStale.status).toBe(401);
  expect((await w.send({ type: "view_submission" })).status).toBe(400);
  expect(
    (await w.send(click("claim", { id: "U1" }, { actions: [{ action_id: "close", value: ID }] }))).status,
  ).toBe(400);
  await w.settle();
  expect(await w.followUps.get(ID)).toEqual({ state: "new" });
  expect(w.posted).toEqual([]);
});

test("a response_url that is not Slack's is never called; a click on an erased lead changes nothing", async () => {
  const w = await setup();
  await w.send(
    click("claim", { id: "U024BE7LH", name: "ana" }, { response_url: "https://evil.example/hook" }),
  );
  await w.settle();
  expect(w.posted).toEqual([]);
  expect((await w.followUps.get(ID)).state).toBe("claimed");
  expect(sink.deliveries()).toHaveLength(1); // the note instead of the update
});

test("a click on a lead whose stored record is malformed changes nothing and tells the clicker why", async () => {
  const errors = silenceConsole("error");
  const w = await setup();
  w.leads.records.set(ID, "a lead" as never);
  expect((await w.send(click("claim", { id: "U024BE7LH", name: "ana" }))).status).toBe(200);
  await w.settle();
  expect(await w.followUps.get(ID)).toEqual({ state: "new" });
  expect(w.posted.map((p) => p.body.text)).toEqual([
    "This lead's stored record is damaged, so it cannot be changed; tell the site's owner its request id.",
  ]);
  expect(errors.mock.calls.join("\n")).toContain(`the Slack buttons skipped it {"requestId":"${ID}"}`);
  errors.mockRestore();
});

test("without SLACK_SIGNING_SECRET the endpoint does not exist; only POST is answered", async () => {
  const handle = createSlackInteractionsHandler({
    getConfig: () => ({ ok: true, config: TEST_CONFIG }),
    getAddOns: testAddOns,
    getLeadEvents: () => createMemoryBlobs(),
    getStore: () => createMemoryLeadStore(),
    createMailer: () => scriptedMailer(),
  });
  expect(
    (await handle(new Request("https://x.example/api/slack/interactions", { method: "POST", body: "" })))
      .status,
  ).toBe(404);
  const get = await handle(new Request("https://x.example/api/slack/interactions"));
  expect(get.status).toBe(405);
  expect(get.headers.get("allow")).toBe("POST");
});

test("with the app's signing secret the lead message carries Claim and Contacted buttons instead of the claim link", () => {
  const lead = {
    id: ID,
    receivedAt: RECEIVED,
    request: { ...VALID },
    claimUrl: `https://resources.example/leads/${ID}?sig=x`,
  };
  const withButtons = JSON.stringify(
    webhookRequest({ kind: "lead", lead }, { format: "slack", slackButtons: true }, NOW).body,
  );
  expect(withButtons).toContain('\\"action_id\\":\\"claim\\",\\"value\\":\\"' + ID);
  expect(withButtons).toContain('\\"action_id\\":\\"contacted\\"');
  expect(withButtons).not.toContain("Claim or update this lead");
  const withLink = webhookRequest({ kind: "lead", lead }, { format: "slack" }, NOW).body;
  expect(withLink).toContain("Claim or update this lead");
  expect(withLink).not.toContain('"type":"actions"');
  // A claimed lead's reminder offers only Contacted.
  const claimed = webhookRequest(
    { kind: "lead", lead: { ...lead, owner: "Ana" } },
    { format: "slack", slackButtons: true },
    NOW,
  ).body;
  expect(claimed).toContain('"action_id":"contacted"');
  expect(claimed).not.toContain('"action_id":"claim"');
});
