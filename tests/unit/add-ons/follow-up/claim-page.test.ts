/**
 * @jest-environment node
 */
// The claim page (docs/requirements.md#follow-up, docs/decisions/0029-lead-follow-up.md): opening it
// changes nothing; a forged or foreign link is refused without telling whether an id exists; the
// actions are explicit form posts, checked like the demo-request function's; a second claim
// changes nothing and names the first owner.
import type { ServerConfig } from "../../../../netlify/lib/core/config";
import { claimSignature, claimUrlFor } from "../../../../netlify/lib/add-ons/follow-up/claim-link";
import { applyAction, INBOX_ONLY_LABEL } from "../../../../netlify/lib/add-ons/follow-up/follow-up-record";
import { createFollowUpStore } from "../../../../netlify/lib/add-ons/follow-up/follow-up-store";
import { newLead } from "../../../../netlify/lib/core/leads/lead-record";
import { createClaimHandler } from "../../../../netlify/lib/add-ons/follow-up/claim-handler";
import { startWebhookSink } from "../../../../scripts/sinks/webhook-sink.mjs";
import { TEST_CONFIG, VALID } from "../../../helpers/function-harness";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";
import { silenceConsole } from "../../../helpers/console";

const ID = "5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b";
const OTHER = "6a0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b";
const ORIGIN = TEST_CONFIG.siteOrigin!;
const TEAM = [
  { name: "Ana Smith", email: "ana@example.com" },
  { name: "Ben Lee", email: "ben@example.com" },
];
const NOW = new Date("2026-11-24T03:05:00.000Z");

async function setup(
  followUp: Partial<ServerConfig["followUp"]> = { salesTeam: TEAM },
  extra: Partial<ServerConfig> = {},
) {
  const blobs = createMemoryBlobs();
  const followUps = createFollowUpStore(blobs);
  const leads = createMemoryLeadStore({ followUps });
  await leads.create({ ...newLead(ID, { ...VALID }, new Date("2026-11-24T01:00:00.000Z")), state: "sent" });
  await leads.create({
    ...newLead(OTHER, { ...VALID }, new Date("2026-11-24T01:00:00.000Z")),
    state: "sent",
  });
  const config: ServerConfig = {
    ...TEST_CONFIG,
    ...extra,
    followUp: { ...TEST_CONFIG.followUp, ...followUp },
  };
  const handle = createClaimHandler({
    getConfig: () => ({ ok: true, config }),
    getStore: () => leads,
    getFollowUps: () => followUps,
    now: () => NOW,
  });
  const link = claimUrlFor(TEST_CONFIG, ID)!;
  const open = (url = link, init: RequestInit = {}) =>
    handle(new Request(url, init), new URL(url).pathname.split("/")[2]);
  const post = (fields: Record<string, string>, url = link, headers: Record<string, string> = {}) =>
    open(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  const snapshot = () => JSON.stringify([...blobs.entries].sort(([a], [b]) => a.localeCompare(b)));
  return { leads, followUps, link, open, post, snapshot };
}

test("opening the link (GET or HEAD, any number of times) shows the lead and changes nothing", async () => {
  const { open, link, snapshot, followUps } = await setup();
  const before = snapshot();
  const response = await open();
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain("<strong>Follow-up:</strong> new");
  expect(html).toContain("<strong>Owner:</strong> nobody yet");
  expect(html).toContain("<strong>Prospect:</strong> Jane Driller (Acme Mining)");
  expect(html).toContain("(2 h 5 min ago)");
  expect(html).toContain("Anyone who holds this link");
  // Nothing submits by itself: no script, and no member chosen in advance.
  expect(html).not.toMatch(/<script|autofocus|onload|http-equiv/i);
  expect(html).toContain('<option value="" selected>Choose a person</option>');
  expect(html).toMatch(/<select id="owner" name="owner" required>/);
  expect(html).toContain(`action="/leads/${ID}?sig=${claimSignature(ID, TEST_CONFIG.formSecret)}"`);
  expect((await open(link, { method: "HEAD" })).status).toBe(200);
  await open();
  expect(snapshot()).toBe(before);
  expect((await followUps.get(ID)).state).toBe("new");
  expect(response.headers.get("x-robots-tag")).toBe("noindex");
  expect(response.headers.get("referrer-policy")).toBe("same-origin");
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(response.headers.get("content-security-policy")).toMatch(
    /^default-src 'none'; style-src 'sha256-.*form-action 'self'/,
  );
});

test("a wrong, missing or another lead's signature is a 403 whether or not the id exists; a signed erased lead is a 404", async () => {
  const { open, post, leads, snapshot } = await setup();
  const unknown = "7b0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b";
  const forged = [
    `${ORIGIN}/leads/${ID}`,
    `${ORIGIN}/leads/${ID}?sig=${claimSignature(OTHER, TEST_CONFIG.formSecret)}`,
    `${ORIGIN}/leads/${ID}?sig=${claimSignature(ID, "another-secret-of-at-least-32-characters")}`,
    `${ORIGIN}/leads/${ID}?sig=${"A".repeat(43)}`,
    `${ORIGIN}/leads/${unknown}?sig=${claimSignature(ID, TEST_CONFIG.formSecret)}`,
    `${ORIGIN}/leads/not-a-uuid?sig=x`,
  ];
  const before = snapshot();
  const bodies = new Set<string>();
  for (const url of forged) {
    const response = await open(url);
    expect([url, response.status]).toEqual([url, 403]);
    bodies.add(await response.text());
    expect((await post({ action: "claim", owner: "ana@example.com" }, url)).status).toBe(403);
  }
  expect(bodies.size).toBe(1);
  expect([...bodies][0]).toContain("This link is not valid");
  expect(snapshot()).toBe(before);

  await leads.remove(ID);
  const erased = await open();
  expect(erased.status).toBe(404);
  expect(await erased.text()).toContain("This lead is no longer stored");
});

test("claiming as a roster member: a blind submission claims nothing, a chosen member does", async () => {
  const { post, open, followUps, snapshot } = await setup();
  const before = snapshot();
  const blind: Record<string, string>[] = [
    { action: "claim" },
    { action: "claim", owner: "" },
    { action: "claim", owner: "eve@example.com" },
    {},
  ];
  for (const fields of blind) {
    const response = await post(fields);
    expect(response.status).toBe(422);
    expect(await response.text()).toMatch(/Choose (who claims the lead|an action)\./);
  }
  expect(snapshot()).toBe(before);

  const done = await post({ action: "claim", owner: "ana@example.com" });
  expect(done.status).toBe(303);
  expect(done.headers.get("location")).toBe(`/leads/${ID}?sig=${claimSignature(ID, TEST_CONFIG.formSecret)}`);
  expect(await followUps.get(ID)).toEqual({ state: "claimed", owner: TEAM[0], claimedAt: NOW.toISOString() });
  expect(await followUps.markerIds("claimed")).toEqual([ID]);
  expect(await followUps.markerSince("claimed", ID)).toBe("2026-11-24T01:00:00.000Z");
  expect(await followUps.markerIds("unclaimed")).toEqual([OTHER]);
  const html = await (await open()).text();
  expect(html).toContain("<strong>Owner:</strong> Ana Smith");
  expect(html).toContain("Mark as contacted");
  expect(html).not.toContain("Claim this lead");
});

test("a second claim changes nothing and names who holds the lead", async () => {
  const { post, followUps } = await setup();
  await post({ action: "claim", owner: "ana@example.com" });
  const second = await post({ action: "claim", owner: "ben@example.com" });
  expect(second.status).toBe(409);
  expect(await second.text()).toContain("This lead is already claimed by Ana Smith.");
  expect((await followUps.get(ID)).owner).toEqual(TEAM[0]);
});

test("mark contacted, then close with a reason; a closed lead offers no action", async () => {
  const { post, open, followUps } = await setup();
  expect((await post({ action: "contacted", confirm: "yes" })).status).toBe(409); // not claimed yet
  await post({ action: "claim", owner: "ben@example.com" });
  const unticked = await post({ action: "contacted" });
  expect(unticked.status).toBe(422);
  expect(await unticked.text()).toContain("Tick the box to confirm you have contacted the prospect.");
  expect((await followUps.get(ID)).state).toBe("claimed");
  expect((await post({ action: "contacted", confirm: "yes" })).status).toBe(303);
  expect((await post({ action: "close", reason: "maybe" })).status).toBe(422);
  expect((await post({ action: "close", reason: "not a fit" })).status).toBe(303);
  expect(await followUps.get(ID)).toMatchObject({
    state: "closed",
    closedReason: "not a fit",
    contactedAt: NOW.toISOString(),
  });
  const html = await (await open()).text();
  expect(html).not.toContain("<form");
  expect(html).toContain("<strong>Closed:</strong> 2026-11-24T03:05:00.000Z (not a fit)");
  expect(await followUps.markerIds("claimed")).toEqual([]);
});

test("without a roster the claim asks for a name, one printable line", async () => {
  const { post, open, followUps } = await setup({ salesTeam: undefined });
  const html = await (await open()).text();
  expect(html).toMatch(/<input id="owner-name" name="ownerName" required maxlength="80"/);
  for (const name of [
    "",
    "   ",
    "Ana\nSmith",
    "A".repeat(81),
    "Ana\u202eSmith",
    "\u3164",
    "Ana\u3164",
    "12345",
  ]) {
    expect((await post({ action: "claim", ownerName: name })).status).toBe(422);
  }
  expect((await post({ action: "claim", ownerName: " Ana Smith " })).status).toBe(303);
  expect((await followUps.get(ID)).owner).toEqual({ name: "Ana Smith" });
});

test("the post is checked like the demo request's: method, origin, content type, size", async () => {
  const { open, post, link, snapshot } = await setup();
  const before = snapshot();
  const put = await open(link, { method: "PUT" });
  expect(put.status).toBe(405);
  expect(put.headers.get("allow")).toBe("GET, HEAD, POST");
  expect(
    (await post({ action: "claim", owner: "ana@example.com" }, link, { origin: "https://evil.example" }))
      .status,
  ).toBe(403);
  expect(
    (await post({ action: "claim", owner: "ana@example.com" }, link, { "content-type": "application/json" }))
      .status,
  ).toBe(415);
  expect((await post({ action: "claim", owner: "ana@example.com", pad: "x".repeat(33 * 1024) })).status).toBe(
    413,
  );
  expect(snapshot()).toBe(before);
});

test("a visitor's markup in the lead is shown as text", async () => {
  const { leads, open } = await setup();
  const lead = (await leads.get(ID))!;
  await leads.update({ ...lead, request: { ...lead.request, company: '<img src=x onerror="alert(1)">' } });
  const html = await (await open()).text();
  expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  expect(html).not.toContain("<img");
});

test("a change made on the page is told to the team's channel as a short note", async () => {
  const sink = await startWebhookSink();
  try {
    const { post } = await setup(
      { salesTeam: TEAM },
      {
        leadWebhook: {
          url: sink.url,
          format: "standard",
          secret: `whsec_${Buffer.alloc(32, 9).toString("base64")}`,
          timeoutMs: 2000,
        },
      },
    );
    await post({ action: "claim", owner: "ana@example.com" });
    const [note] = sink.deliveries() as {
      headers: Record<string, string>;
      body: { type: string; data: { update: unknown } };
    }[];
    expect(note.body.type).toBe("lead.updated");
    expect(note.body.data.update).toEqual({
      action: "claimed",
      at: NOW.toISOString(),
      detail: "Claimed by Ana Smith, 2 h 5 min after arrival: Jane Driller (Acme Mining)",
    });
    expect(note.headers["webhook-id"]).toBe(`${ID}.claimed.${NOW.toISOString()}`);
  } finally {
    await sink.close();
  }
});

test("a booking matched by inbox only is labelled on the page until a person confirms it; then the lead is booked", async () => {
  const { followUps, open, post } = await setup();
  await followUps.update(ID, (c) =>
    applyAction(
      c,
      { kind: "booked", booking: { uid: "bk-1", via: "email", startTime: "2026-11-26T02:00:00.000Z" } },
      NOW,
    ),
  );
  const before = await (await open()).text();
  expect(before).toContain(`2026-11-26T02:00:00.000Z (${INBOX_ONLY_LABEL})`);
  expect(before).toContain('name="booking" value="bk-1"');
  expect((await followUps.get(ID)).state).toBe("new");
  expect((await post({ action: "confirm-booking" })).status).toBe(422);
  expect((await post({ action: "confirm-booking", booking: "bk-1" })).status).toBe(303);
  expect(await followUps.get(ID)).toMatchObject({ state: "booked", bookedAt: NOW.toISOString() });
  const after = await (await open()).text();
  expect(after).toContain(`matched by e-mail address, confirmed ${NOW.toISOString()}`);
  expect(after).not.toContain('name="booking"');
});

test("a lead whose stored record is malformed is a clear 409 naming its id, not a 503; a store fault stays 503", async () => {
  const errors = silenceConsole("error");
  const { leads, open, post } = await setup();
  leads.records.set(ID, { ...newLead(ID, { ...VALID }, NOW), request: { ...VALID, email: 42 } } as never);
  const shown = await open();
  expect(shown.status).toBe(409);
  const html = await shown.text();
  expect(html).toContain("This lead cannot be shown");
  expect(html).toContain(`Tell the site&#39;s owner: request ${ID}.`);
  expect(html).not.toMatch(/MalformedLeadError|not a lead record|TypeError|at \w+ \(/);
  expect((await post({ action: "contacted", confirm: "yes" })).status).toBe(409);
  expect(errors.mock.calls.join("\n")).toContain(`the claim page skipped it {"requestId":"${ID}"}`);

  leads.get = () => Promise.reject(new Error("blobs down"));
  const down = await open();
  expect(down.status).toBe(503);
  expect(await down.text()).not.toContain("blobs down");
  errors.mockRestore();
});
