/**
 * @jest-environment node
 */
// Releasing a lead held as spam (docs/requirements.md#sales-tools, docs/decisions/0038-weekly-summary.md),
// through the function `lead-follow-up-page` on @netlify/blobs' local server and the local SendGrid
// server: opening the link changes nothing; Release delivers the lead to sales and the webhook as a
// new lead, with no confirmation, records who and when, starts the follow-up clock and moves it
// from spam retention to lead retention, once; a forged, foreign or reused link changes nothing.
import { randomUUID } from "node:crypto";
import type { Context } from "@netlify/functions";
import handler from "../../../../netlify/functions/lead-follow-up-page.mts";
import {
  checkClaimLink,
  claimSignature,
  claimUrlFor,
  releaseUrlFor,
} from "../../../../netlify/lib/add-ons/follow-up/claim-link";
import { createFollowUpStore } from "../../../../netlify/lib/add-ons/follow-up/follow-up-store";
import { NO_CONFIRMATION } from "../../../../netlify/lib/add-ons/confirmation/confirmation";
import { dueReminders } from "../../../../netlify/lib/add-ons/follow-up/follow-up-job";
import { isPastRetention } from "../../../../netlify/lib/add-ons/privacy/retention";
import { DEFAULT_RETENTION } from "../../../../netlify/lib/add-ons/privacy/settings";
import { resetConfig } from "../../../../netlify/lib/compose";
import { newLead, type LeadRecord } from "../../../../netlify/lib/core/leads/lead-record";
import { createBlobLeadStore, LEAD_STORE_NAME } from "../../../../netlify/lib/core/leads/lead-store";
import { jsonBlobsOver } from "../../../../netlify/lib/kit/json-blobs";
import { rosterMemberKey } from "../../../../netlify/lib/kit/keys";
import { keyOf } from "../../../../netlify/lib/kit/storage";
import { localTime } from "../../../../netlify/lib/kit/text";
import { startWebhookSink } from "../../../../scripts/sinks/webhook-sink.mjs";
import { silenceConsole } from "../../../helpers/console";
import { setUpFunctionEnv } from "../../../helpers/function-env";
import { NO_WAITS, TEST_CONFIG, VALID } from "../../../helpers/function-harness";
import { addOnsFor, getConfig } from "../../../../netlify/lib/compose";
import { createSendGridMailer } from "../../../../netlify/lib/core/delivery/mailer";
import { retryPendingLeads } from "../../../../netlify/lib/core/delivery/retry-job";

const ORIGIN = "https://resources.example";
const SECRET = "release-test-form-secret-of-32-characters";
const DAY = 86_400_000;
// The keys the roster's options carry for Ana and Ben.
const [ANA, BEN] = ["ana@example.com", "ben@example.com"].map((address) => rosterMemberKey(SECRET, address));
const { sink, blobs } = setUpFunctionEnv({
  URL: ORIGIN,
  FORM_TOKEN_SECRET: SECRET,
  SALES_TEAM: "Ana Smith <ana@example.com>, Ben Lee <ben@example.com>",
  CONFIRMATION_EMAIL: "on",
});

const raw = () => blobs.open(LEAD_STORE_NAME);
const leads = () => createBlobLeadStore(raw());

/** Stores a lead held as spam, received `days` (default two) ago; resolves with its id and release link. */
async function heldLead(days = 2) {
  const id = randomUUID();
  const received = new Date(Date.now() - days * DAY);
  const verdict = { kind: "spam", reason: "honeypot field filled" } as const;
  await leads().create(newLead(id, { ...VALID }, received, { verdict, honeypot: "autofilled" }));
  const link = releaseUrlFor({ siteOrigin: ORIGIN, formSecret: SECRET, followUp: {} }, id)!;
  return { id, link };
}

const call = (url: string, init: RequestInit = {}, waitUntil?: (work: Promise<unknown>) => void) =>
  handler(new Request(url, init), {
    params: { id: new URL(url).pathname.split("/")[2] },
    waitUntil,
  } as unknown as Context);

const release = (
  url: string,
  fields: Record<string, string> = { by: ANA },
  origin = ORIGIN,
  waitUntil?: (work: Promise<unknown>) => void,
) =>
  call(
    url,
    {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin },
      body: new URLSearchParams(fields).toString(),
    },
    waitUntil,
  );

/** Every key of the lead store and its value. */
async function snapshot(): Promise<[string, unknown][]> {
  const { blobs: list } = await raw().list();
  return Promise.all(list.map(async ({ key }) => [key, await raw().get(key)] as [string, unknown]));
}

const salesEmails = () => sink.messages().filter((m) => m.customArgs.kind === "sales");

test("opening the link (GET or HEAD) shows the lead and a Release button, and changes nothing", async () => {
  const { link } = await heldLead();
  const before = await snapshot();
  const response = await call(link);
  expect(response.status).toBe(200);
  expect(response.headers.get("referrer-policy")).toBe("same-origin");
  const html = await response.text();
  expect(html).toContain("<strong>Prospect:</strong> Jane Driller (Acme Mining)");
  expect(html).toContain(
    "<strong>Held because:</strong> a field people can&#39;t see was filled in, often by a password manager",
  );
  expect(html).toContain('<button type="submit">Release</button>');
  expect(html).toContain('<option value="" selected>Choose a person</option>');
  expect(html).not.toContain("autofilled");
  expect(html).not.toMatch(/<script|autofocus|onload|http-equiv/i);
  expect((await call(link, { method: "HEAD" })).status).toBe(200);
  expect(await snapshot()).toEqual(before);
  expect(sink.messages()).toEqual([]);
});

test("Release delivers the lead to sales and the webhook as a new lead, records who and when, once", async () => {
  const webhook = await startWebhookSink({ port: 0 });
  try {
    process.env.LEAD_WEBHOOK_URL = webhook.url;
    process.env.LEAD_WEBHOOK_FORMAT = "standard";
    process.env.LEAD_WEBHOOK_SECRET = "whsec_ZTJlLXdlYmhvb2stc2VjcmV0LW9mLXRoaXJ0eS10d28=";
    const { id, link } = await heldLead();
    const before = Date.now();
    const answer = await release(link);
    expect(answer.status).toBe(303);

    expect(salesEmails().map((m) => m.replyTo)).toEqual([VALID.email]);
    expect(sink.messages().filter((m) => m.customArgs.kind === "confirmation")).toEqual([]);
    expect(webhook.deliveries().map((d) => (d.body as { type: string }).type)).toEqual(["lead.received"]);

    const lead = (await leads().get(id)) as LeadRecord;
    expect(lead.state).toBe("sent");
    expect(lead.released?.by).toBe("Ana Smith");
    const at = Date.parse(lead.released!.at);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(lead.deliveries.confirmation).toEqual({
      state: "skipped",
      attempts: 0,
      lastError: NO_CONFIRMATION,
    });
    expect(lead.honeypot).toBeUndefined();
    expect(lead.spamReason).toBe("honeypot field filled");
    expect(await leads().pendingIds()).not.toContain(id);

    // The follow-up clock runs from the release: the nudge is due 15 minutes after it, not after arrival.
    const followUp = await createFollowUpStore(jsonBlobsOver(raw())).get(id);
    expect(followUp.clockFrom).toBe(lead.released!.at);
    expect(await raw().get(keyOf("unclaimed", id), { type: "json" })).toEqual({ since: lead.released!.at });
    const settings = TEST_CONFIG.followUp;
    expect(dueReminders(lead, followUp, new Date(at + 10 * 60_000), settings)).not.toContain("nudge");
    expect(dueReminders(lead, followUp, new Date(at + 16 * 60_000), settings)).toContain("nudge");
    // So does the 24-hour promise: the lead arrived two days ago, but is not at risk until 20 h after release.
    expect(dueReminders(lead, followUp, new Date(at + 60 * 60_000), settings)).not.toContain(
      "promise-at-risk",
    );
    expect(dueReminders(lead, followUp, new Date(at + 20 * 3_600_000), settings)).toContain(
      "promise-at-risk",
    );

    // The page now says who released it and nothing of the prospect; the link, used again, changes nothing.
    const shown = await (await call(link)).text();
    expect(shown).toContain("Released by Ana Smith");
    expect(shown).not.toContain("<button");
    for (const value of [VALID.email, VALID.phone, VALID.lastName, VALID.company]) {
      expect(shown).not.toContain(value);
    }
    const stored = await snapshot();
    const again = await release(link);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Nothing was changed: this lead is not held as spam any more.");
    expect(await snapshot()).toEqual(stored);
    expect(salesEmails()).toHaveLength(1);
    expect(webhook.deliveries()).toHaveLength(1);
  } finally {
    await webhook.close();
  }
});

test("a held lead the digest listed, released later, gets a new lead's follow-up", async () => {
  const { id, link } = await heldLead();
  const followUps = createFollowUpStore(jsonBlobsOver(raw()));
  const listed = await followUps.update(id, (current) => ({
    ok: true,
    followUp: { ...current, reminders: { digest: new Date(Date.now() - DAY).toISOString() } },
  }));
  const held = (await leads().get(id)) as LeadRecord;
  // As the follow-up job leaves it once listed: nothing more due, its marker retired.
  expect(dueReminders(held, listed.followUp, new Date(Date.now() + DAY), TEST_CONFIG.followUp)).toEqual([]);
  await followUps.syncMarkers(id, "retire", held.receivedAt);
  expect((await release(link)).status).toBe(303);
  const lead = (await leads().get(id)) as LeadRecord;
  const followUp = await followUps.get(id);
  expect(await followUps.markerIds("unclaimed")).toContain(id);
  const at = Date.parse(lead.released!.at);
  expect(dueReminders(lead, followUp, new Date(at + 16 * 60_000), TEST_CONFIG.followUp)).toEqual(["nudge"]);
});

test("after Release the page offers Claim, a call and an e-mail, through a fresh claim link; the release link does not", async () => {
  const { id, link } = await heldLead();
  const answer = await release(link);
  expect(answer.status).toBe(303);
  const lead = (await leads().get(id)) as LeadRecord;
  const releasedAt = new Date(lead.released!.at);
  const location = answer.headers.get("location")!;
  expect(new URL(location).pathname).toBe(`/leads/${id}`);
  // Made as the lead was released, it works for 30 days from then.
  const check = checkClaimLink(id, new URL(location).searchParams, SECRET);
  expect(check).toEqual({ kind: "signed", expires: expect.any(Number) });
  const lifetime = (check as { expires: number }).expires * 1000 - releasedAt.getTime();
  expect(Math.abs(lifetime - 30 * DAY)).toBeLessThan(10_000);

  const page = await (await call(location)).text();
  expect(page).toContain("Claim this lead</button>");
  expect(page).toContain('href="tel:');
  expect(page).toContain(`href="mailto:${VALID.email}"`);
  const later = await (await call(link)).text();
  expect(later).not.toContain("/leads/" + id + "?");
  expect(later).not.toContain(VALID.email);
});

test("a released lead's sales e-mail says when it was held, and who released it and when", async () => {
  const { id, link } = await heldLead();
  expect((await release(link)).status).toBe(303);
  const lead = (await leads().get(id)) as LeadRecord;
  const text = salesEmails()[0].text ?? "";
  expect(text).toContain(`Held as spam when it arrived, ${localTime(lead.receivedAt)}.`);
  expect(text).toContain(`Released by Ana Smith, ${localTime(lead.released!.at)}.`);
  // Near the top: before the claim button and the ways to reach the prospect.
  expect(text.indexOf("Released by")).toBeLessThan(text.indexOf("Claim this lead"));
});

test("the release moves the lead from spam retention to lead retention", async () => {
  const { id, link } = await heldLead();
  const held = (await leads().get(id)) as LeadRecord;
  const spamLimit = new Date(Date.parse(held.receivedAt) + DEFAULT_RETENTION.spamDays * DAY);
  expect(isPastRetention(held, spamLimit, DEFAULT_RETENTION)).toBe(true);
  expect((await release(link)).status).toBe(303);
  const lead = (await leads().get(id)) as LeadRecord;
  expect(isPastRetention(lead, spamLimit, DEFAULT_RETENTION)).toBe(false);
  const settled = Date.parse(lead.settledAt!);
  expect(settled).toBeGreaterThanOrEqual(Date.parse(lead.released!.at));
  expect(
    isPastRetention(lead, new Date(settled + DEFAULT_RETENTION.leadDays * DAY - 1), DEFAULT_RETENTION),
  ).toBe(false);
  expect(isPastRetention(lead, new Date(settled + DEFAULT_RETENTION.leadDays * DAY), DEFAULT_RETENTION)).toBe(
    true,
  );
});

test("two presses at once release the lead once", async () => {
  const { id, link } = await heldLead();
  const answers = await Promise.all([release(link), release(link, { by: BEN })]);
  expect(answers.map((a) => a.status).sort()).toEqual([303, 409]);
  expect(salesEmails()).toHaveLength(1);
  const lead = (await leads().get(id)) as LeadRecord;
  expect(["Ana Smith", "Ben Lee"]).toContain(lead.released?.by);
});

test("a forged or foreign link, or a post from another site, is refused and changes nothing", async () => {
  const { id, link } = await heldLead();
  const other = await heldLead();
  const sig = new URL(link).searchParams.get("sig")!;
  const withSig = (value: string | null, path = `/leads/${id}/release`) => {
    const url = new URL(path, ORIGIN);
    if (value !== null) url.searchParams.set("sig", value);
    return url.toString();
  };
  const refused = [
    withSig(null),
    withSig((sig[0] === "A" ? "B" : "A") + sig.slice(1)),
    // The claim link's signature opens the claim page only.
    withSig(claimSignature(id, SECRET)),
    // Another lead's release link.
    withSig(new URL(other.link).searchParams.get("sig")),
    withSig(sig, `/leads/not-a-uuid/release`),
  ];
  const before = await snapshot();
  for (const url of refused) {
    for (const answer of [await call(url), await release(url)]) {
      expect(answer.status).toBe(403);
      expect(answer.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await answer.text()).toContain("This link is not valid");
    }
  }
  const foreign = await release(link, { by: ANA }, "https://evil.example");
  expect(foreign.status).toBe(403);
  expect(await foreign.text()).toContain("This form can only be sent from this site.");
  for (const by of ["mallory@example.com", "ana@example.com", "0"]) {
    const nobody = await release(link, { by });
    expect(nobody.status).toBe(422);
    expect(await nobody.text()).toContain("Choose who releases the lead.");
  }
  expect(await snapshot()).toEqual(before);
  expect(sink.messages()).toEqual([]);
});

test("the form's options carry keys, never an address; a key of someone who left the roster is refused", async () => {
  const { id, link } = await heldLead();
  const html = await (await call(link)).text();
  const options = [...html.matchAll(/<option value="([^"]*)"/g)].map(([, value]) => value);
  expect(options).toEqual(["", ANA, BEN]);
  expect(html).not.toContain("@example.com");

  process.env.SALES_TEAM = "Ben Lee <ben@example.com>";
  resetConfig();
  const before = await snapshot();
  const left = await release(link, { by: ANA });
  expect(left.status).toBe(422);
  expect(await left.text()).toContain("Choose who releases the lead.");
  expect(await snapshot()).toEqual(before);
  expect((await release(link, { by: BEN })).status).toBe(303);
  expect(((await leads().get(id)) as LeadRecord).released?.by).toBe("Ben Lee");
});

test("a method other than GET, HEAD or POST is a 405 page", async () => {
  const { link } = await heldLead();
  const answer = await call(link, { method: "PUT" });
  expect(answer.status).toBe(405);
  expect(answer.headers.get("allow")).toBe("GET, HEAD, POST");
  expect(answer.headers.get("content-type")).toMatch(/^text\/html/);
});

test("without a reachable lead store the page says to try again, as HTML without the exception's text", async () => {
  const { link } = await heldLead();
  const errors = silenceConsole();
  const context = process.env.NETLIFY_BLOBS_CONTEXT;
  delete process.env.NETLIFY_BLOBS_CONTEXT;
  try {
    const answer = await call(link);
    expect(answer.status).toBe(503);
    expect(answer.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await answer.text();
    expect(html).toContain("Try again shortly");
    expect(html).not.toMatch(/Error|environment|NETLIFY_/);
    expect(errors.text()).toContain("release page: lead unreadable");
  } finally {
    process.env.NETLIFY_BLOBS_CONTEXT = context;
  }
});

test("a stored record that is not JSON is a clear 409 naming its id, as on the claim page, not a 503", async () => {
  const errors = silenceConsole("error");
  const { id, link } = await heldLead();
  await raw().set(keyOf("leads", id), "{not json");
  for (const answer of [await call(link), await release(link)]) {
    expect(answer.status).toBe(409);
    expect(await answer.text()).toContain(`Tell the site&#39;s owner: request ${id}.`);
  }
  expect(errors.mock.calls.join("\n")).toContain(`the release page skipped it {"requestId":"${id}"}`);
  errors.mockRestore();
});

test("a released lead's 24-hour promise runs from the release, in the sales e-mail and on the claim page", async () => {
  const { id, link } = await heldLead();
  expect((await release(link)).status).toBe(303);
  const lead = (await leads().get(id)) as LeadRecord;
  const replyBy = `Reply by ${localTime(new Date(Date.parse(lead.released!.at) + DAY))} to keep the 24-hour promise.`;
  expect(salesEmails()[0].text).toContain(replyBy);
  const page = await (
    await call(
      claimUrlFor({ siteOrigin: ORIGIN, formSecret: SECRET, followUp: {} }, id, new Date(lead.released!.at))!,
    )
  ).text();
  expect(page).toContain(replyBy);
});

test("a lead held 3 days, released while SendGrid answers 503, is delivered by the retry job: not failed, not overdue", async () => {
  const errors = silenceConsole("error");
  const { id, link } = await heldLead(3);
  sink.setMode({ status: 503 });
  expect((await release(link)).status).toBe(303);
  const released = (await leads().get(id)) as LeadRecord;
  expect(released).toMatchObject({ state: "pending", deliveries: { sales: { state: "pending" } } });
  expect(released.alert).toBeUndefined();

  sink.setMode({ status: 202 });
  const configured = getConfig();
  if (!configured.ok) throw new Error(configured.problems.join("; "));
  const { config } = configured;
  const at = () => new Date(Date.parse(released.released!.at) + 5 * 60_000);
  await retryPendingLeads({
    store: leads(),
    mailer: createSendGridMailer(config),
    config,
    addOns: await addOnsFor(config),
    now: at,
    retry: NO_WAITS,
  });
  const lead = (await leads().get(id)) as LeadRecord;
  expect(lead.state).toBe("sent");
  expect(lead.alert).toBeUndefined();
  expect(salesEmails().map((m) => m.replyTo)).toEqual([VALID.email]);
  expect(sink.messages().filter((m) => m.customArgs.kind === "alert")).toEqual([]);
  expect(errors.mock.calls.join("\n")).not.toMatch(/LEAD FAILED/);
  expect(errors.text()).toContain("sales e-mail not accepted");
});

test("the release answers once the sales e-mail is accepted; a webhook that never answers finishes after it", async () => {
  const consoleErrors = silenceConsole("error");
  const webhook = await startWebhookSink({ port: 0 });
  try {
    webhook.setMode({ status: "hang" });
    process.env.LEAD_WEBHOOK_URL = webhook.url;
    process.env.LEAD_WEBHOOK_TIMEOUT_MS = "2000";
    const { id, link } = await heldLead();
    const work: Promise<unknown>[] = [];
    expect((await release(link, undefined, undefined, (promise) => void work.push(promise))).status).toBe(
      303,
    );
    expect(salesEmails()).toHaveLength(1);
    expect((await leads().get(id))?.deliveries.webhook.state).toBe("sending");
    await Promise.all(work);
    expect((await leads().get(id))?.deliveries.webhook).toMatchObject({
      state: "pending",
      lastError: "Webhook timed out",
    });
    expect(consoleErrors.text()).toContain("lead webhook not accepted");
  } finally {
    await webhook.close();
  }
});
