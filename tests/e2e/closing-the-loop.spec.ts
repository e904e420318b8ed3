/**
 * Closing the loop through `npm start` (docs/requirements.md#closing-the-loop,
 * docs/decisions/0030-slack-and-booking-loop.md), on a server of this spec's own configured as a
 * team with a Slack app would be: the lead webhook in the `slack` format with the app's signing
 * secret, the Cal.com webhook's secret and a roster. A demo request reaches the local webhook sink as
 * a Slack message with a Claim button; a click signed with the app's secret claims the lead (the
 * export shows the owner) and a wrongly signed one does not; a signed BOOKING_CREATED for the
 * prospect marks the lead booked and a wrongly signed one does not.
 */
import { createHmac } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { exportedLead } from "./support/leads-export";
import { uniqueProspect } from "./support/mail-sink";
import { startRateLimitedServer, type RateLimitedServer } from "./support/rate-limited-server";

const SLACK_SECRET = "e2e-slack-signing-secret-0123456";
const CAL_SECRET = "e2e-cal-webhook-secret-012345678";
const ANA_SLACK_ID = "U024BE7LH";

let server: RateLimitedServer;
test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async () => {
  // A hook keeps the default timeout whatever the describe block sets; the server's warm-up alone takes about 25 s.
  test.setTimeout(180_000);
  server = await startRateLimitedServer({
    RATE_LIMIT: "off",
    LEAD_WEBHOOK_URL: "local",
    LEAD_WEBHOOK_FORMAT: "slack",
    SLACK_SIGNING_SECRET: SLACK_SECRET,
    SALES_TEAM: "Ana Smith <ana@example.com>, Ben Lee <ben@example.com>",
    SLACK_USER_MAP: `${ANA_SLACK_ID}=ana@example.com`,
    CAL_WEBHOOK_SECRET: CAL_SECRET,
    BOOKING_URL: "https://booking.example/resources-ai/demo",
  });
});
test.afterAll(async () => {
  await server?.stop();
});

/** A demo request posted as the form posts it; resolves with the lead id and the booking link offered. */
async function submit(request: APIRequestContext, prospect: Record<string, string>) {
  const token = await request.get(`${server.url}/api/form-token`);
  expect(token.ok()).toBe(true);
  const { token: formToken } = (await token.json()) as { token: string };
  const answer = await request.post(`${server.url}/api/send-contact-email`, {
    headers: { origin: server.url },
    data: {
      firstName: prospect["First Name"],
      lastName: prospect["Last Name"],
      email: prospect["Work Email"],
      phone: prospect["Phone Number"],
      company: prospect.Company,
      message: "",
      formToken,
    },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { reference: string; bookingUrl: string };
}

type Block = { type: string; block_id?: string; elements?: { action_id?: string; value?: string }[] };

/** The Slack message about lead `id` the local webhook sink received. */
async function slackMessageFor(request: APIRequestContext, id: string) {
  const origin = new URL(server.webhookSinkUrl!).origin;
  let found: { blocks: Block[] } | undefined;
  await expect
    .poll(async () => {
      const all = (await (await request.get(`${origin}/__sink/messages`)).json()) as {
        body: { blocks?: Block[] };
      }[];
      found = all
        .map((d) => d.body as { blocks: Block[] })
        .find((b) => JSON.stringify(b.blocks ?? []).includes(id));
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

/** A Claim click by Ana on lead `id`, signed with `secret` at the current time. */
function claimClick(id: string, secret: string) {
  const payload = {
    type: "block_actions",
    user: { id: ANA_SLACK_ID, name: "ana.smith" },
    actions: [{ action_id: "claim", block_id: "follow_up_actions", value: id, type: "button" }],
  };
  const body = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = `v0=${createHmac("sha256", secret).update(`v0:${timestamp}:${body}`).digest("hex")}`;
  return {
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-slack-request-timestamp": timestamp,
      "x-slack-signature": signature,
    },
    data: body,
  };
}

test("a lead's Slack message carries a Claim button; a signed click claims it, a wrongly signed one does not", async ({
  request,
}) => {
  const { reference: id } = await submit(request, uniqueProspect());
  const message = await slackMessageFor(request, id);
  const actions = message.blocks.find((block) => block.type === "actions");
  expect(actions?.elements?.map((e) => [e.action_id, e.value])).toEqual([
    ["claim", id],
    ["contacted", id],
  ]);
  expect(JSON.stringify(message.blocks)).not.toContain("Claim or update this lead");

  const forged = await request.post(
    `${server.url}/api/slack/interactions`,
    claimClick(id, "not-the-apps-secret-0123456789"),
  );
  expect(forged.status()).toBe(401);
  expect((await exportedLead(id))?.owner).toBe("");

  const signed = await request.post(`${server.url}/api/slack/interactions`, claimClick(id, SLACK_SECRET));
  expect(signed.status()).toBe(200);
  await expect.poll(async () => (await exportedLead(id))?.owner).toBe("Ana Smith");
  expect((await exportedLead(id))?.followUpState).toBe("claimed");
});

test("a signed BOOKING_CREATED for the prospect marks the lead booked; a wrongly signed one does not", async ({
  request,
}) => {
  const prospect = uniqueProspect();
  const { reference: id, bookingUrl } = await submit(request, prospect);
  const leadRef = new URL(bookingUrl).searchParams.get("metadata[leadRef]");
  expect(leadRef).toMatch(/^[A-Za-z0-9_-]{59}$/);
  const event = JSON.stringify({
    triggerEvent: "BOOKING_CREATED",
    createdAt: new Date().toISOString(),
    payload: {
      uid: `e2e-${id}`,
      startTime: "2030-01-07T01:00:00.000Z",
      attendees: [{ email: prospect["Work Email"], name: "Grace Hopper" }],
      metadata: { leadRef },
    },
  });
  const send = (secret: string) =>
    request.post(`${server.url}/api/booking-webhook`, {
      headers: {
        "content-type": "application/json",
        "x-cal-signature-256": createHmac("sha256", secret).update(event).digest("hex"),
      },
      data: event,
    });
  expect((await send("not-the-webhooks-secret-0123456")).status()).toBe(401);
  expect((await exportedLead(id))?.followUpState).toBe("new");
  const booked = await send(CAL_SECRET);
  expect(booked.status()).toBe(200);
  expect(await booked.json()).toEqual({ applied: true, state: "booked" });
  expect((await exportedLead(id))?.followUpState).toBe("booked");
});
