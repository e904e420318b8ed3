/**
 * @jest-environment node
 */
// The claim page (docs/requirements.md#follow-up, docs/requirements.md#sales-tools,
// docs/decisions/0029-lead-follow-up.md): opening it changes nothing; a forged or foreign link is
// refused without telling whether an id exists; the actions are explicit form posts, checked like the
// demo-request function's; a second claim changes nothing and names the first owner. Made for a
// phone: the prospect first with one-tap links, local times, hand-over, one-step contacted, outcomes
// that went well, and the history. A link works for 30 days from when it was sent, and the roster's
// options are keys, never addresses (docs/decisions/0040-link-lifetime-and-roster-keys.md). After an action the
// page opens with what just happened on top, focused; a closed lead can be reopened
// (docs/decisions/0041-reopening-a-lead.md).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ServerConfig } from "../../../../netlify/lib/core/config";
import { parseBusinessHours } from "../../../../netlify/lib/kit/business-hours";
import { createClaimHandler } from "../../../../netlify/lib/add-ons/follow-up/claim-handler";
import { htmlPage } from "../../../../netlify/lib/kit/html-page";
import { claimSignature, claimUrlFor } from "../../../../netlify/lib/add-ons/follow-up/claim-link";
import { keyedRoster } from "../../../../netlify/lib/add-ons/follow-up/signed-page";
import { applyAction, INBOX_ONLY_LABEL } from "../../../../netlify/lib/add-ons/follow-up/follow-up-record";
import { createFollowUpStore } from "../../../../netlify/lib/add-ons/follow-up/follow-up-store";
import { newLead } from "../../../../netlify/lib/core/leads/lead-record";
import { startWebhookSink } from "../../../../scripts/sinks/webhook-sink.mjs";
import { scriptedMailer, TEST_CONFIG, testAddOns, VALID } from "../../../helpers/function-harness";
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
const DAY = 86_400_000;
// The keys the roster's options carry for Ana and Ben.
const [ANA, BEN] = keyedRoster(TEAM, TEST_CONFIG.formSecret)!.map(({ key }) => key);

// The page Netlify serves instead of a signed-link page past its rate limit (the function's
// `config.rateLimit.to`), a static file.
const TOO_MANY_REQUESTS_PATH = "/too-many-requests.html";
const renderTooManyRequestsPage = () =>
  htmlPage(
    "Too many requests",
    "<p>This page was opened more often in the last minute, from your network, than a team would open it. " +
      "It is resting for a moment.</p>" +
      "<p>Wait a minute, then open the link from the sales e-mail again or reload this page. If you had " +
      "just pressed a button, nothing was changed: press it again then.</p>" +
      "<p>If this keeps happening, tell the site&#39;s owner.</p>",
  );

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
  let now = NOW;
  const mailer = scriptedMailer();
  const handle = createClaimHandler({
    getConfig: () => ({ ok: true, config }),
    getAddOns: testAddOns,
    getLeadEvents: () => blobs,
    getStore: () => leads,
    getFollowUps: () => followUps,
    createMailer: () => mailer,
    now: () => now,
  });
  const link = claimUrlFor(TEST_CONFIG, ID, NOW)!;
  const open = (url = link, init: RequestInit = {}) =>
    handle(new Request(url, init), new URL(url).pathname.split("/")[2]);
  const post = (fields: Record<string, string>, url = link, headers: Record<string, string> = {}) =>
    open(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  const snapshot = () => JSON.stringify([...blobs.entries].sort(([a], [b]) => a.localeCompare(b)));
  const setNow = (at: Date) => void (now = at);
  return { leads, followUps, config, link, open, post, snapshot, setNow, mailer };
}

test("opening the link (GET or HEAD, any number of times) shows the lead and changes nothing", async () => {
  const { open, link, snapshot, followUps } = await setup();
  const before = snapshot();
  const response = await open();
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain("<dt>State</dt><dd>new</dd>");
  expect(html).toContain("<dt>Owner</dt><dd>nobody yet</dd>");
  expect(html).toContain('<h2 id="prospect">Jane Driller, Acme Mining</h2>');
  expect(html).toContain("2 h 5 min ago");
  expect(html).toContain("Anyone who holds this link");
  // Nothing submits by itself: no script, and no member chosen in advance.
  expect(html).not.toMatch(/<script|autofocus|onload|http-equiv/i);
  expect(html).toContain('<option value="" selected>Choose a person</option>');
  expect(html).toMatch(/<select id="owner" name="owner" required>/);
  expect(html).toContain(`action="${new URL(link).pathname}${new URL(link).search.replace("&", "&amp;")}"`);
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
    expect((await post({ action: "claim", owner: ANA }, url)).status).toBe(403);
  }
  expect(bodies.size).toBe(1);
  expect([...bodies][0]).toContain("This link is not valid");
  expect(snapshot()).toBe(before);

  await leads.remove(ID);
  const erased = await open();
  expect(erased.status).toBe(404);
  expect(await erased.text()).toContain("This lead is no longer stored");
});

/** Asserts `response` is the expired-link page: whom to ask, and nothing about the lead. */
async function expectExpired(response: Response) {
  expect(response.status).toBe(410);
  const html = await response.text();
  expect(html).toContain("<h1>This link has expired</h1>");
  expect(html).toContain("ask the site&#39;s owner to send a fresh link to the sales inbox");
  for (const secret of [ID, VALID.lastName, VALID.email, VALID.company, "npm", "<form"]) {
    expect(html).not.toContain(secret);
  }
}

test("a claim link works for 30 days from when it was made; then it opens a page saying whom to ask, and a post changes nothing", async () => {
  const { open, post, setNow, snapshot, followUps } = await setup();
  setNow(new Date(NOW.getTime() + 30 * DAY - 1000));
  expect((await open()).status).toBe(200);
  setNow(new Date(NOW.getTime() + 30 * DAY));
  const before = snapshot();
  await expectExpired(await open());
  await expectExpired(await post({ action: "claim", owner: ANA }));
  expect(snapshot()).toBe(before);
  expect((await followUps.get(ID)).state).toBe("new");
  // A fresh link, as every reminder and summary makes, opens it again.
  const fresh = claimUrlFor(TEST_CONFIG, ID, new Date(NOW.getTime() + 30 * DAY))!;
  expect((await open(fresh)).status).toBe(200);
});

test("a link sent before links carried an expiry works until 30 days after the lead arrived, its forms too", async () => {
  const { open, post, setNow, followUps } = await setup();
  const arrived = Date.parse("2026-11-24T01:00:00.000Z");
  const sent = `${ORIGIN}/leads/${ID}?sig=${claimSignature(ID, TEST_CONFIG.formSecret)}`;
  setNow(new Date(arrived + 30 * DAY - 60_000));
  const html = await (await open(sent)).text();
  expect(html).toContain(`action="/leads/${ID}?sig=${claimSignature(ID, TEST_CONFIG.formSecret)}"`);
  const claimed = await post({ action: "claim", owner: ANA }, sent);
  expect(claimed.status).toBe(303);
  expect((await followUps.get(ID)).owner).toEqual(TEAM[0]);
  setNow(new Date(arrived + 30 * DAY));
  await expectExpired(await open(sent));
  await expectExpired(await post({ action: "contacted" }, sent));
  expect((await followUps.get(ID)).state).toBe("claimed");
});

test("a tampered, garbled or dropped expiry is a 403 like a forged signature, and changes nothing", async () => {
  const { open, post, link, snapshot } = await setup();
  const signed = new URL(link);
  const exp = Number(signed.searchParams.get("exp"));
  const withExp = (value: string | null) => {
    const url = new URL(signed);
    if (value === null) url.searchParams.delete("exp");
    else url.searchParams.set("exp", value);
    return url.toString();
  };
  const before = snapshot();
  for (const url of [
    withExp(String(exp + 30 * 86_400)),
    withExp(String(exp - 1)),
    withExp(`0${exp}`),
    withExp(`${exp}.0`),
    withExp(""),
    withExp("never"),
    withExp(null),
    `${ORIGIN}/leads/${ID}?sig=${claimSignature(ID, TEST_CONFIG.formSecret)}&exp=${exp}`,
  ]) {
    const shown = await open(url);
    expect([url, shown.status]).toEqual([url, 403]);
    expect(await shown.text()).toContain("This link is not valid");
    expect((await post({ action: "claim", owner: ANA }, url)).status).toBe(403);
  }
  expect(snapshot()).toBe(before);
});

test("the roster's options carry keys, never an address or a position; a roster change points no open page at another person", async () => {
  const { open, post, config, followUps } = await setup();
  const html = await (await open()).text();
  const owner = html.slice(html.indexOf('<select id="owner"'));
  const options = [...owner.slice(0, owner.indexOf("</select>")).matchAll(/<option value="([^"]*)"/g)];
  expect(options.map(([, value]) => value)).toEqual(["", ANA, BEN]);
  expect([...html.matchAll(/<option value="[^"]*@/g)]).toEqual([]);
  expect(html).not.toContain("@example.com");

  // Ana leaves and Cleo joins at the top while the page is open: Ana's key names nobody, Ben's still Ben.
  config.followUp!.salesTeam = [{ name: "Cleo Ray", email: "cleo@example.com" }, TEAM[1]];
  const left = await post({ action: "claim", owner: ANA });
  expect(left.status).toBe(422);
  expect(await left.text()).toContain("Choose who claims the lead.");
  expect((await followUps.get(ID)).state).toBe("new");
  expect((await post({ action: "claim", owner: BEN })).status).toBe(303);
  expect((await followUps.get(ID)).owner).toEqual(TEAM[1]);
});

test("claiming as a roster member: a blind submission claims nothing, a chosen member does", async () => {
  const { post, open, followUps, snapshot, link } = await setup();
  const before = snapshot();
  const blind: Record<string, string>[] = [
    { action: "claim" },
    { action: "claim", owner: "" },
    { action: "claim", owner: "eve@example.com" },
    // The address and the position the options once held stand for nobody.
    { action: "claim", owner: "ana@example.com" },
    { action: "claim", owner: "0" },
    {},
  ];
  for (const fields of blind) {
    const response = await post(fields);
    expect(response.status).toBe(422);
    expect(await response.text()).toMatch(/Choose (who claims the lead|an action)\./);
  }
  expect(snapshot()).toBe(before);

  const done = await post({ action: "claim", owner: ANA });
  expect(done.status).toBe(303);
  expect(done.headers.get("location")).toBe(`${new URL(link).pathname}${new URL(link).search}&done=1`);
  expect(await followUps.get(ID)).toEqual({
    state: "claimed",
    owner: TEAM[0],
    claimedAt: NOW.toISOString(),
    history: [{ at: NOW.toISOString(), kind: "claimed", by: "Ana Smith" }],
  });
  expect(await followUps.markerIds("claimed")).toEqual([ID]);
  expect(await followUps.markerSince("claimed", ID)).toBe("2026-11-24T01:00:00.000Z");
  expect(await followUps.markerIds("unclaimed")).toEqual([OTHER]);
  const html = await (await open()).text();
  expect(html).toContain("<dt>Owner</dt><dd>Ana Smith</dd>");
  expect(html).toContain("Mark as contacted");
  expect(html).not.toContain("Claim this lead");
});

test("a second claim changes nothing and names who holds the lead", async () => {
  const { post, followUps } = await setup();
  await post({ action: "claim", owner: ANA });
  const second = await post({ action: "claim", owner: BEN });
  expect(second.status).toBe(409);
  expect(await second.text()).toContain("This lead is already claimed by Ana Smith.");
  expect((await followUps.get(ID)).owner).toEqual(TEAM[0]);
});

test("mark contacted in one step (no box to tick), then close with an outcome; a closed lead offers only its reopening", async () => {
  const { post, open, followUps } = await setup();
  expect((await post({ action: "contacted" })).status).toBe(409); // not claimed yet
  await post({ action: "claim", owner: BEN });
  const page = await (await open()).text();
  expect(page).toContain(
    '<input type="hidden" name="action" value="contacted"><button type="submit" class="primary">',
  );
  expect(page).not.toContain('type="checkbox"');
  expect((await post({ action: "contacted" })).status).toBe(303);
  expect((await followUps.get(ID)).state).toBe("contacted");
  expect((await post({ action: "close", reason: "maybe" })).status).toBe(422);
  expect((await post({ action: "close", reason: "not a fit" })).status).toBe(303);
  expect(await followUps.get(ID)).toMatchObject({
    state: "closed",
    closedReason: "not a fit",
    contactedAt: NOW.toISOString(),
  });
  const html = await (await open()).text();
  expect(html.match(/<form /g)).toHaveLength(1);
  expect(html).toContain('<input type="hidden" name="action" value="reopen">');
  expect(html).toContain("<dt>Outcome</dt><dd>not a fit</dd>");
  expect(html).toContain("Closed (not a fit) by Ben Lee</li>");
  expect(await followUps.markerIds("claimed")).toEqual([]);
});

test("the close outcomes include those that went well, grouped apart from those that did not go ahead", async () => {
  const { post, open, followUps } = await setup();
  const html = await (await open()).text();
  expect(html).toContain(
    '<optgroup label="Went well"><option value="demo held">demo held</option>' +
      '<option value="pilot agreed">pilot agreed</option></optgroup>' +
      '<optgroup label="Did not go ahead"><option value="not a fit">not a fit</option>' +
      '<option value="duplicate">duplicate</option><option value="spam">spam</option></optgroup>',
  );
  await post({ action: "claim", owner: ANA });
  expect((await post({ action: "close", reason: "demo held" })).status).toBe(303);
  expect(await followUps.get(ID)).toMatchObject({ state: "closed", closedReason: "demo held" });
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
  expect((await post({ action: "claim", owner: ANA }, link, { origin: "https://evil.example" })).status).toBe(
    403,
  );
  expect(
    (await post({ action: "claim", owner: ANA }, link, { "content-type": "application/json" })).status,
  ).toBe(415);
  expect((await post({ action: "claim", owner: ANA, pad: "x".repeat(33 * 1024) })).status).toBe(413);
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

/** The lead webhook in the standard format, posting to `url`. */
const standardWebhook = (url: string) => ({
  url,
  format: "standard" as const,
  secret: `whsec_${Buffer.alloc(32, 9).toString("base64")}`,
  timeoutMs: 2000,
});

test("a change made on the page is told to the team's channel as a short note", async () => {
  const sink = await startWebhookSink();
  try {
    const { post } = await setup({ salesTeam: TEAM }, { leadWebhook: standardWebhook(sink.url) });
    await post({ action: "claim", owner: ANA });
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
  const { followUps, open, post, mailer } = await setup();
  await followUps.update(ID, (c) =>
    applyAction(
      c,
      { kind: "booked", booking: { uid: "bk-1", via: "email", startTime: "2026-11-26T02:00:00.000Z" } },
      NOW,
    ),
  );
  const before = await (await open()).text();
  expect(before).toContain(`Thu 26 Nov 2026, 02:00 UTC (${INBOX_ONLY_LABEL})`);
  expect(before).toContain('name="booking" value="bk-1"');
  expect((await followUps.get(ID)).state).toBe("new");
  expect((await post({ action: "confirm-booking" })).status).toBe(422);
  expect((await post({ action: "confirm-booking", booking: "bk-1" })).status).toBe(303);
  expect(await followUps.get(ID)).toMatchObject({ state: "booked", bookedAt: NOW.toISOString() });
  const after = await (await open()).text();
  expect(after).toContain("matched by e-mail address, confirmed Tue 24 Nov 2026, 03:05 UTC");
  expect(after).not.toContain('name="booking"');
  // The person confirming it is on the page: nobody is e-mailed.
  expect(mailer.sent).toEqual([]);
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
  expect((await post({ action: "contacted" })).status).toBe(409);
  expect(errors.mock.calls.join("\n")).toContain(`the claim page skipped it {"requestId":"${ID}"}`);

  leads.get = () => Promise.reject(new Error("blobs down"));
  const down = await open();
  expect(down.status).toBe(503);
  expect(await down.text()).not.toContain("blobs down");
  errors.mockRestore();
});

test("the prospect comes first: one-tap call and e-mail, the message, the source in words, the e-mail class, local times", async () => {
  const { leads, open } = await setup({
    salesTeam: TEAM,
    businessHours: parseBusinessHours("Mon-Fri 08:00-17:00 Australia/Perth"),
  });
  const lead = (await leads.get(ID))!;
  await leads.update({
    ...lead,
    request: { ...lead.request, phone: "+61 8 9000 0001 ext. 12", message: "Three sites.\nCan we pilot?" },
    attribution: {
      utm_source: "linkedin",
      utm_medium: "paid",
      utm_campaign: "pilbara-q4",
      landing_path: "/",
    },
    emailClass: { class: "free", domain: "gmail.com", role: true },
  });
  const html = await (await open()).text();
  expect(html).toContain(
    '<a class="button primary" href="tel:+61890000001">Call +61 8 9000 0001 ext. 12</a>',
  );
  expect(html).toContain(
    // Its lines break after "@" or "." only, never inside a word.
    '<a class="button" href="mailto:jane@acme-mining.com" aria-label="E-mail jane@acme-mining.com">E-mail jane@<wbr>acme-mining.<wbr>com</a>',
  );
  expect(html).toContain("<blockquote>Three sites.\nCan we pilot?</blockquote>");
  expect(html).toContain(
    "<dt>Source</dt><dd>Came from LinkedIn (paid), campaign pilbara-q4, landed on /</dd>",
  );
  expect(html).toContain(
    '<span class="tag">Free mail: gmail.com</span><span class="tag">Role address</span>',
  );
  // Arrived 01:00 UTC = 09:00 in Perth; the promise runs out 24 hours later.
  expect(html).toContain(
    "<dt>Received</dt><dd>Tue 24 Nov 2026, 09:00 GMT+8 (Australia/Perth), 2 h 5 min ago</dd>",
  );
  expect(html).toContain(
    '<p class="promise">Reply by Wed 25 Nov 2026, 09:00 GMT+8 (Australia/Perth) to keep the 24-hour promise.</p>',
  );
  expect(html).toContain(
    '<time datetime="2026-11-24T01:00:00.000Z">Tue 24 Nov 2026, 09:00 GMT+8 (Australia/Perth)</time>Request received',
  );
  expect(html).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z</);
});

test("a claimed lead is handed over to another roster member; the history and the channel record it", async () => {
  const sink = await startWebhookSink();
  try {
    const { post, open, followUps } = await setup(
      { salesTeam: TEAM },
      { leadWebhook: standardWebhook(sink.url) },
    );
    const unclaimed = await post({ action: "hand-over", to: BEN });
    expect(unclaimed.status).toBe(409);
    expect(await unclaimed.text()).toContain("Claim this lead before handing it over.");
    await post({ action: "claim", owner: ANA });
    const page = await (await open()).text();
    // Only the others are offered, nobody chosen in advance.
    expect(page).toContain(
      '<label for="to">Hand over to</label><select id="to" name="to" required>' +
        `<option value="" selected>Choose a person</option><option value="${BEN}">Ben Lee</option></select>`,
    );
    for (const to of ["", "eve@example.com", "ben@example.com", "Ben Lee"]) {
      const refused = await post({ action: "hand-over", to });
      expect(refused.status).toBe(422);
      expect(await refused.text()).toContain("Choose who takes the lead over.");
    }
    const same = await post({ action: "hand-over", to: ANA });
    expect(same.status).toBe(409);
    expect(await same.text()).toContain("This lead is already held by Ana Smith.");

    expect((await post({ action: "hand-over", to: BEN })).status).toBe(303);
    const followUp = await followUps.get(ID);
    expect(followUp).toMatchObject({ state: "claimed", owner: TEAM[1], claimedAt: NOW.toISOString() });
    expect(followUp.history).toEqual([
      { at: NOW.toISOString(), kind: "claimed", by: "Ana Smith" },
      { at: NOW.toISOString(), kind: "handed-over", from: "Ana Smith", to: "Ben Lee" },
    ]);
    const html = await (await open()).text();
    expect(html).toContain("<dt>Owner</dt><dd>Ben Lee</dd>");
    expect(html).toContain("Handed over from Ana Smith to Ben Lee</li>");
    expect(html).toContain(`<option value="${ANA}">Ana Smith</option>`);
    // The marker stays: the lead is still claimed, its reminders unchanged.
    expect(await followUps.markerIds("claimed")).toEqual([ID]);

    const updates = (
      sink.deliveries() as {
        body: { data: { owner?: string; update: { action: string; detail: string } } };
      }[]
    ).map((note) => note.body.data);
    expect(updates.map((u) => u.update.action)).toEqual(["claimed", "claimed"]);
    expect(updates[1].owner).toBe("Ben Lee");
    expect(updates[1].update.detail).toBe(
      "Handed over from Ana Smith to Ben Lee, 2 h 5 min after arrival: Jane Driller (Acme Mining)",
    );
  } finally {
    await sink.close();
  }
});

test("a hand-over e-mails the new owner the lead's page and who handed it over; a name without an address, the sales inbox", async () => {
  const { post, mailer, setNow } = await setup();
  await post({ action: "claim", owner: ANA });
  expect(mailer.sent).toEqual([]);
  const later = new Date(NOW.getTime() + 10 * 60_000);
  setNow(later);
  expect((await post({ action: "hand-over", to: BEN })).status).toBe(303);
  const [notice] = mailer.sent;
  expect(notice).toMatchObject({
    to: "ben@example.com",
    subject: "Lead handed over to Ben Lee: Jane Driller (Acme Mining)",
    customArgs: { requestId: ID, kind: "hand-over" },
  });
  expect(notice.text).toContain(
    "Ana Smith handed the demo request from Jane Driller (Acme Mining) over to Ben Lee.",
  );
  // A fresh link to the lead's page, made when the e-mail went out.
  const fresh = claimUrlFor(TEST_CONFIG, ID, later)!;
  expect(notice.text).toContain(`Claim or update this lead [${fresh}]`);
  expect(notice.html).toContain(`href="${fresh.replace("&", "&amp;")}"`);

  const typed = await setup({ salesTeam: undefined });
  await typed.post({ action: "claim", ownerName: "Ana Smith" });
  expect((await typed.post({ action: "hand-over", toName: "Ben Lee" })).status).toBe(303);
  expect(typed.mailer.sent.map(({ to, subject }) => ({ to, subject }))).toEqual([
    { to: TEST_CONFIG.salesEmail, subject: "Lead handed over to Ben Lee: Jane Driller (Acme Mining)" },
  ]);
  expect(typed.mailer.sent[0].text).toContain(
    "Sent to the sales inbox: the team list has no address for Ben Lee.",
  );
});

test("without a roster a lead is handed over to a typed name, one printable line", async () => {
  const { post, open, followUps } = await setup({ salesTeam: undefined });
  await post({ action: "claim", ownerName: "Ana Smith" });
  expect(await (await open()).text()).toMatch(
    /<label for="to-name">Hand over to \(their name\)<\/label><input id="to-name" name="toName" required maxlength="80"/,
  );
  for (const toName of ["", "Ben\nLee", "\u3164"]) {
    expect((await post({ action: "hand-over", toName })).status).toBe(422);
  }
  expect((await post({ action: "hand-over", toName: " Ben Lee " })).status).toBe(303);
  expect((await followUps.get(ID)).owner).toEqual({ name: "Ben Lee" });
});

test("the history says who did what and when, newest first: claim, hand-over, reminders, contact, booking, close", async () => {
  const { post, open, followUps } = await setup();
  const at = (minutes: number) => new Date(Date.parse("2026-11-24T01:00:00.000Z") + minutes * 60_000);
  await followUps.update(ID, (c) => ({
    ok: true,
    followUp: { ...c, reminders: { digest: at(10).toISOString(), nudge: at(15).toISOString() } },
  }));
  await followUps.update(ID, (c) => applyAction(c, { kind: "claim", owner: TEAM[0] }, at(20)));
  await followUps.update(ID, (c) => applyAction(c, { kind: "hand-over", to: TEAM[1] }, at(30)));
  await followUps.update(ID, (c) => applyAction(c, { kind: "contacted", by: "Ben Lee" }, at(40)));
  await followUps.update(ID, (c) =>
    applyAction(
      c,
      { kind: "booked", booking: { uid: "bk-1", via: "reference", startTime: "2026-11-26T02:00:00.000Z" } },
      at(50),
    ),
  );
  expect((await post({ action: "close", reason: "pilot agreed" })).status).toBe(303);
  const html = await (await open()).text();
  const history = html.slice(html.indexOf("<ol>"), html.indexOf("</ol>"));
  const lines = [...history.matchAll(/<li><time datetime="([^"]+)">([^<]+)<\/time>([^<]+)<\/li>/g)].map(
    ([, iso, shown, words]) => `${iso} | ${shown} | ${words}`,
  );
  expect(lines).toEqual([
    "2026-11-24T03:05:00.000Z | Tue 24 Nov 2026, 03:05 UTC | Closed (pilot agreed) by Ben Lee",
    "2026-11-24T01:50:00.000Z | Tue 24 Nov 2026, 01:50 UTC | Demo booked for Thu 26 Nov 2026, 02:00 UTC",
    "2026-11-24T01:40:00.000Z | Tue 24 Nov 2026, 01:40 UTC | Marked contacted by Ben Lee",
    "2026-11-24T01:30:00.000Z | Tue 24 Nov 2026, 01:30 UTC | Handed over from Ana Smith to Ben Lee",
    "2026-11-24T01:20:00.000Z | Tue 24 Nov 2026, 01:20 UTC | Claimed by Ana Smith",
    "2026-11-24T01:15:00.000Z | Tue 24 Nov 2026, 01:15 UTC | Nudge sent to the sales inbox: nobody had claimed it",
    "2026-11-24T01:10:00.000Z | Tue 24 Nov 2026, 01:10 UTC | Listed in the daily digest of held and suspected spam",
    "2026-11-24T01:00:00.000Z | Tue 24 Nov 2026, 01:00 UTC | Request received",
  ]);
});

test("the page Netlify answers past the rate limit is the static file, rendered like every function page", async () => {
  const file = readFileSync(join(__dirname, "../../../../static", TOO_MANY_REQUESTS_PATH), "utf8");
  // Regenerate after a change of the page or its style: write renderTooManyRequestsPage() to the file.
  expect(file).toBe(`${renderTooManyRequestsPage()}\n`);
  expect(file).toContain("<h1>Too many requests</h1>");
  expect(file).toContain(
    "Wait a minute, then open the link from the sales e-mail again or reload this page.",
  );
  expect(file).not.toMatch(/<script|\{"error"/);
  const { config } = await import("../../../../netlify/functions/lead-follow-up-page.mts");
  expect(config.rateLimit).toMatchObject({ action: "rewrite", to: TOO_MANY_REQUESTS_PATH });
  expect(config.rateLimit?.windowLimit).toBeGreaterThanOrEqual(300);
});

/** The status line a page opens with, or null. */
const statusOf = (html: string) => /<p id="status"[^>]*>([^<]*)<\/p>/.exec(html)?.[1] ?? null;

test("after each action the page opens with what just happened on top, in the team's local time, focused", async () => {
  const { post, open, link, setNow } = await setup({
    salesTeam: TEAM,
    businessHours: parseBusinessHours("Mon-Fri 09:00-17:00 Australia/Perth"),
  });
  const done = `${link}&done=1`;
  // Nothing has happened yet: a marker in the link shows nothing.
  expect(statusOf(await (await open(done)).text())).toBeNull();
  const steps: [Record<string, string>, string][] = [
    [{ action: "claim", owner: ANA }, "Claimed by Ana Smith at 11:06"],
    [{ action: "hand-over", to: BEN }, "Handed over from Ana Smith to Ben Lee at 11:07"],
    [{ action: "contacted" }, "Marked contacted by Ben Lee at 11:08"],
    [{ action: "close", reason: "spam" }, "Closed (spam) by Ben Lee at 11:09"],
    [{ action: "reopen", by: ANA }, "Reopened by Ana Smith at 11:10"],
  ];
  for (const [i, [fields, said]] of steps.entries()) {
    setNow(new Date(NOW.getTime() + (i + 1) * 60_000));
    const answer = await post(fields);
    expect(answer.status).toBe(303);
    const html = await (await open(new URL(answer.headers.get("location")!, ORIGIN).toString())).text();
    expect(html).toContain(
      `<h1>Demo request follow-up</h1><p id="status" role="status" tabindex="-1" autofocus>${said}</p>`,
    );
  }
  // Without the marker the page opens as it always did: no status line, nothing focused.
  const plain = await (await open()).text();
  expect(statusOf(plain)).toBeNull();
  expect(plain).not.toContain("autofocus");
});

test("a forged marker shows only the newest history line, never text from the link nor a reminder", async () => {
  const { post, open, link, followUps } = await setup();
  await post({ action: "claim", owner: ANA });
  await followUps.update(ID, (c) => ({
    ok: true,
    followUp: { ...c, reminders: { "promise-at-risk": new Date(NOW.getTime() + DAY).toISOString() } },
  }));
  for (const marker of ["done=1&status=You+are+fired", "done=1&done=2"]) {
    const html = await (await open(`${link}&${marker}`)).text();
    expect(statusOf(html)).toBe("Claimed by Ana Smith at 03:05");
    expect(html).not.toContain("fired");
  }
  for (const marker of ["done=yes", "done=", "Done=1"]) {
    expect(statusOf(await (await open(`${link}&${marker}`)).text())).toBeNull();
  }
});

test("a closed lead is reopened by a named person to the state it was in; the history, the markers and the channel follow", async () => {
  const sink = await startWebhookSink();
  try {
    const { post, open, followUps, snapshot, setNow } = await setup(
      { salesTeam: TEAM },
      { leadWebhook: standardWebhook(sink.url) },
    );
    expect((await post({ action: "reopen", by: ANA })).status).toBe(409);
    await post({ action: "claim", owner: ANA });
    await post({ action: "close", reason: "spam" });
    expect(await followUps.markerIds("claimed")).toEqual([]);
    const page = await (await open()).text();
    expect(page).toContain(
      '<label for="by">Reopen as</label><select id="by" name="by" required>' +
        `<option value="" selected>Choose a person</option><option value="${ANA}">Ana Smith</option>` +
        `<option value="${BEN}">Ben Lee</option></select><button type="submit">Reopen this lead</button>`,
    );
    const before = snapshot();
    for (const by of ["", "ben@example.com", "Ben Lee"]) {
      const refused = await post({ action: "reopen", by });
      expect(refused.status).toBe(422);
      expect(await refused.text()).toContain("Choose who reopens the lead.");
    }
    expect(snapshot()).toBe(before);

    const later = new Date(NOW.getTime() + 2 * DAY);
    setNow(later);
    expect((await post({ action: "reopen", by: BEN })).status).toBe(303);
    const followUp = await followUps.get(ID);
    expect(followUp).toMatchObject({ state: "claimed", owner: TEAM[0], clockFrom: later.toISOString() });
    expect(followUp).not.toHaveProperty("closedReason");
    expect(followUp.history?.slice(-2)).toEqual([
      { at: NOW.toISOString(), kind: "closed", reason: "spam", by: "Ana Smith" },
      { at: later.toISOString(), kind: "reopened", by: "Ben Lee" },
    ]);
    expect(await followUps.markerIds("claimed")).toEqual([ID]);
    const html = await (await open()).text();
    expect(html).toContain("<dt>State</dt><dd>claimed</dd>");
    expect(html).not.toContain("<dt>Outcome</dt>");
    expect(html).toContain("Reopened by Ben Lee</li>");
    expect(html).toContain("Mark as contacted");
    expect(html).not.toContain("Reopen this lead");
    expect((await post({ action: "reopen", by: BEN })).status).toBe(409);

    const notes = (
      sink.deliveries() as {
        headers: Record<string, string>;
        body: { type: string; data: { owner?: string; update: { action: string } } };
      }[]
    ).map(({ headers, body }) => ({ id: headers["webhook-id"], type: body.type, data: body.data }));
    expect(notes.map((note) => note.data.update.action)).toEqual(["claimed", "closed", "reopened"]);
    expect(notes[2]).toMatchObject({
      id: `${ID}.reopened.${later.toISOString()}`,
      type: "lead.updated",
      data: {
        owner: "Ana Smith",
        update: {
          action: "reopened",
          at: later.toISOString(),
          detail: "Reopened by Ben Lee, 2 d 2 h after arrival: Jane Driller (Acme Mining)",
        },
      },
    });
  } finally {
    await sink.close();
  }
});

test("without a roster a lead is reopened by a typed name, one printable line", async () => {
  const { post, open, followUps } = await setup({ salesTeam: undefined });
  await post({ action: "close", reason: "duplicate" });
  expect(await (await open()).text()).toMatch(
    /<label for="by-name">Your name<\/label><input id="by-name" name="byName" required maxlength="80"/,
  );
  for (const byName of ["", "Ben\nLee", "\u3164"]) {
    expect((await post({ action: "reopen", byName })).status).toBe(422);
  }
  expect((await post({ action: "reopen", byName: " Ben Lee " })).status).toBe(303);
  expect(await followUps.get(ID)).toMatchObject({ state: "new" });
  expect((await followUps.get(ID)).history?.at(-1)).toMatchObject({ kind: "reopened", by: "Ben Lee" });
  expect(await followUps.markerIds("unclaimed")).toContain(ID);
});
