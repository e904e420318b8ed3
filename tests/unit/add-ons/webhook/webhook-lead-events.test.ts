/**
 * @jest-environment node
 */
// Follow-up changes reach the lead webhook as durable lead events (docs/decisions/0044-durable-lead-events.md):
// a note the receiver missed is kept and posted by the retry job, byte for byte as it would have been posted
// at that time, and removed once it is delivered.
import type { ServerConfig } from "../../../../netlify/lib/core/config";
import { retryPendingLeads } from "../../../../netlify/lib/core/delivery/retry-job";
import { newLead } from "../../../../netlify/lib/core/leads/lead-record";
import { keyOf, STORAGE } from "../../../../netlify/lib/kit/storage";
import { webhookLead, webhookRequest } from "../../../../netlify/lib/add-ons/webhook/post-lead-event";
import { applyAction } from "../../../../netlify/lib/add-ons/follow-up/follow-up-record";
import { createFollowUpStore } from "../../../../netlify/lib/add-ons/follow-up/follow-up-store";
import { postFollowUpUpdate } from "../../../../netlify/lib/add-ons/follow-up/follow-up-update";
import { NO_WAITS, scriptedMailer, TEST_CONFIG, testAddOns, VALID } from "../../../helpers/function-harness";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";
import { setUpWebhookSink } from "../../../helpers/webhook-sink";
import { silenceConsole } from "../../../helpers/console";

const ID = "5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b";
const ANA = { name: "Ana Smith", email: "ana@example.com" };
const BEN = { name: "Ben Lee", email: "ben@example.com" };
const RECEIVED = new Date("2026-11-24T01:00:00.000Z");
const NOW = new Date("2026-11-24T03:05:00.000Z");
const NEXT_RUN = new Date(NOW.getTime() + 5 * 60_000);

const sink = setUpWebhookSink();

async function setup() {
  const settings = {
    url: sink.url,
    format: "standard" as const,
    secret: `whsec_${Buffer.alloc(32, 9).toString("base64")}`,
    timeoutMs: 2000,
  };
  const config: ServerConfig = { ...TEST_CONFIG, leadWebhook: settings };
  const blobs = createMemoryBlobs();
  const followUps = createFollowUpStore(blobs);
  const leads = createMemoryLeadStore({ followUps });
  const lead = { ...newLead(ID, { ...VALID }, RECEIVED), state: "sent" as const };
  await leads.create(lead);
  await leads.settle(ID);
  const claimed = await followUps.update(ID, (c) => applyAction(c, { kind: "claim", owner: ANA }, NOW));
  if (!claimed.changed) throw new Error("not claimed");
  const context = {
    config,
    now: () => NOW,
    mailer: scriptedMailer(),
    retry: NO_WAITS,
    getAddOns: testAddOns,
    getLeadEvents: () => blobs,
  };
  const retryJob = async (at: Date) =>
    retryPendingLeads({
      store: leads,
      mailer: scriptedMailer(),
      config,
      addOns: await testAddOns(config),
      now: () => at,
      retry: NO_WAITS,
      leadEvents: blobs,
    });
  const stored = () => blobs.entries.get(keyOf("leadEvents", ID))?.data;
  return { settings, lead, followUp: claimed.followUp, blobs, context, retryJob, stored };
}

test("a lead event missed by its subscriber is delivered by the retry job", async () => {
  const errors = silenceConsole("error");
  const { settings, lead, followUp, context, retryJob, stored } = await setup();
  sink.setMode({ status: 503 });
  await postFollowUpUpdate(lead, followUp, "claimed", { ...context, by: ANA.name });
  expect(sink.deliveries()).toEqual([]);
  const detail = "Claimed by Ana Smith, 2 h 5 min after arrival: Jane Driller (Acme Mining)";
  expect(stored()).toEqual({
    events: [
      {
        leadId: ID,
        name: "claimed",
        at: NOW.toISOString(),
        detail,
        owner: ANA.name,
        deliveries: {
          "lead webhook": {
            state: "pending",
            attempts: 3,
            lastAttemptAt: NOW.toISOString(),
            nextAttemptAt: new Date(NOW.getTime() + 4 * 60_000).toISOString(),
            lastError: "Webhook answered 503",
          },
        },
      },
    ],
  });
  expect(errors.text()).toContain(`follow-up update not accepted by the webhook {"requestId":"${ID}"`);
  expect(errors.text()).not.toContain("Jane");

  sink.setMode({ status: 200 });
  expect(await retryJob(NEXT_RUN)).toEqual({ sent: 0, failed: 0, waiting: 0 });
  // What the note would have been had it been posted at the retry's time, byte for byte.
  const expected = webhookRequest(
    {
      kind: "update",
      lead: webhookLead(lead, { owner: ANA.name }),
      update: { action: "claimed", at: NOW.toISOString(), detail },
    },
    settings,
    NEXT_RUN,
  );
  const [note] = sink.deliveries() as { headers: Record<string, string>; raw: string }[];
  expect(sink.deliveries()).toHaveLength(1);
  expect(note.raw).toBe(expected.body);
  expect(note.headers).toEqual(expected.headers);
  expect(note.headers["webhook-id"]).toBe(`${ID}.claimed.${NOW.toISOString()}`);
  expect(stored()).toBeUndefined();
});

test("a hand-over goes to the subscribed add-on as claimed, with its new owner, and leaves nothing stored", async () => {
  const { lead, followUp, blobs, context, retryJob, stored } = await setup();
  const handed = { ...followUp, owner: BEN };
  // Only an add-on that is on takes it: with none, nothing is posted or kept.
  await postFollowUpUpdate(lead, handed, "handed-over", { ...context, getAddOns: async () => [] });
  expect(sink.deliveries()).toEqual([]);
  expect(stored()).toBeUndefined();
  await postFollowUpUpdate(lead, handed, "handed-over", { ...context, from: ANA.name });
  const [note] = sink.deliveries() as {
    headers: Record<string, string>;
    body: { type: string; data: { owner: string; update: unknown } };
  }[];
  expect(note.body.type).toBe("lead.updated");
  expect(note.body.data.owner).toBe("Ben Lee");
  expect(note.body.data.update).toEqual({
    action: "claimed",
    at: NOW.toISOString(),
    detail: "Handed over from Ana Smith to Ben Lee, 2 h 5 min after arrival: Jane Driller (Acme Mining)",
  });
  expect(note.headers["webhook-id"]).toBe(`${ID}.claimed.${NOW.toISOString()}`);
  expect(stored()).toBeUndefined();
  await retryJob(NEXT_RUN);
  expect(sink.deliveries()).toHaveLength(1);
  expect([...blobs.entries.keys()].filter((key) => key.startsWith(STORAGE.leadEvents.prefix))).toEqual([]);
});
