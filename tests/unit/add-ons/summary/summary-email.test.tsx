/**
 * @jest-environment node
 */
// The weekly summary e-mail (docs/requirements.md#sales-tools, docs/decisions/0038-weekly-summary.md): the
// figures beside the week before, bar charts as HTML tables with widths and a text equivalent each, the
// leads held as spam with their release links, every lead of the week, the week's CSV attached, and a
// plain-text part that says the same in the same order. No image, no script.
import * as React from "react";
import { createFollowUpStore } from "../../../../netlify/lib/add-ons/follow-up/follow-up-store";
import { companyMatchAddOn } from "../../../../netlify/lib/add-ons/company-match/add-on";
import { drySummary } from "../../../helpers/dry-summary";
import {
  BarChart,
  barWidth,
  chartInWords,
  CSV_MAX_ROWS,
  HELD_SHOWN,
  LEADS_SHOWN,
  SUSPECTED_SHOWN,
} from "../../../../netlify/lib/add-ons/summary/summary-email";
import { RELEASE_LINK_TEXT } from "../../../../netlify/lib/core/spam/held-leads";
import { summaryEvent } from "../../../../netlify/lib/add-ons/summary/summary-event";
import { storedLeadsCsv } from "../../../helpers/leads-csv";
import { newLead } from "../../../../netlify/lib/core/leads/lead-record";
import { NO_TOKEN_REASON } from "../../../../netlify/lib/core/spam/spam";
import { EmailLayout, renderEmail } from "../../../../netlify/lib/kit/email-layout";
import { TEST_CONFIG, VALID } from "../../../helpers/function-harness";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";
import { longestLead } from "../../../helpers/longest-lead";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";

describe("a bar chart", () => {
  const bars = [
    { label: "2026-W47", value: 2, shown: "2" },
    { label: "2026-W48", value: 8, shown: "8" },
    { label: "2026-W49", value: null, shown: "none yet" },
  ];
  const { html, text } = renderEmail(
    <EmailLayout preview="p">
      <BarChart title="Leads received per week" head={["Week", "Leads"]} bars={bars} />
    </EmailLayout>,
  );

  test("is a table: a row per bar with its label and value, the bar a cell as wide as its share of the largest", () => {
    expect(barWidth(2, 8)).toBe(25);
    expect(barWidth(null, 8)).toBe(0);
    expect(barWidth(3, 0)).toBe(0);
    expect(html).toContain('<th scope="col" align="left">Week</th><th scope="col" align="left">Leads</th>');
    expect(html).toMatch(
      /<th scope="row"[^>]*>2026-W47<\/th><td>2<\/td><td width="55%"><table role="presentation" aria-hidden="true"/,
    );
    expect(html).toMatch(/<td width="25%" style="[^"]*background-color:#fbbf24/);
    expect(html).toMatch(/<td width="100%" style="[^"]*background-color:#fbbf24/);
    expect(html).not.toMatch(/<img|<svg|<script|<link/);
  });

  test("says the same in words, and its text part keeps the rows without the bars", () => {
    const words = "Leads received per week: 2026-W47 2, 2026-W48 8, 2026-W49 none yet.";
    expect(chartInWords("Leads received per week", bars)).toBe(words);
    expect(html).toContain(words);
    expect(text).toContain(words);
    expect(text).toMatch(/^Week {7}Leads$/m);
    expect(text).toMatch(/^2026-W48 {3}8$/m);
    expect(text).toMatch(/^2026-W49 {3}none yet$/m);
    expect(text).not.toContain("\u00a0");
  });
});

describe("the e-mail", () => {
  async function summary() {
    const blobs = createMemoryBlobs();
    const followUps = createFollowUpStore(blobs);
    const leads = createMemoryLeadStore({ followUps });
    const held = { ...VALID, firstName: "Grace", lastName: "<b>Hopper</b>", email: "grace@example.org" };
    await leads.create(
      newLead("held-lead", held, new Date("2026-11-25T02:00:00Z"), {
        verdict: { kind: "spam", reason: "honeypot field filled" },
        honeypot: "autofill",
      }),
    );
    await leads.create({
      ...newLead("new-lead", { ...VALID }, new Date("2026-11-24T02:00:00Z")),
      state: "sent",
    });
    await leads.create({
      ...newLead("done-lead", { ...VALID, company: "Done Co" }, new Date("2026-11-23T02:00:00Z")),
      state: "sent",
    });
    await followUps.update("done-lead", () => ({
      ok: true,
      followUp: {
        state: "closed",
        closedReason: "not a fit",
        owner: { name: "Ana Smith" },
        claimedAt: "2026-11-23T02:04:00.000Z",
        closedAt: "2026-11-23T05:00:00.000Z",
      },
    }));
    return { blobs, ...(await drySummary({ leads, followUps, blobs })) };
  }

  test("goes to sales with the week's counts in the subject and the week's leads as the export's CSV", async () => {
    const { blobs, message, summary: built } = await summary();
    expect(message.to).toBe(TEST_CONFIG.salesEmail);
    expect(message.subject).toBe(
      "Week at a glance, week of Mon 23 Nov: 2 leads, 1 still open, 1 held as spam",
    );
    expect(message.customArgs).toEqual({ kind: "summary", week: "2026-W48" });
    const [file] = message.attachments!;
    expect(file).toMatchObject({
      filename: "leads-2026-W48.csv",
      type: "text/csv",
      disposition: "attachment",
    });
    const csv = Buffer.from(file.content, "base64").toString("utf8");
    expect(csv).toBe(await storedLeadsCsv(built.records, blobs, TEST_CONFIG));
    expect(csv.split("\r\n")[0]).toMatch(/^"id","receivedAt","state","firstName"/);
    expect(csv).toContain('"held-lead"');
  });

  test("holds the figures, the charts, the held lead's release link and each lead's block with its link", async () => {
    const { message } = await summary();
    const release = "https://resources.example/leads/held-lead/release?sig=";
    for (const body of [message.html, message.text]) {
      expect(body).toContain("Leads received");
      expect(body).toContain("Leads by time to claim: within 5 min 1, 5 to 15 min 0");
      expect(body).toContain("Still open: 1 of this week");
      expect(body).toContain(RELEASE_LINK_TEXT);
      expect(body).toContain(release);
      expect(body).toContain("https://resources.example/leads/new-lead?sig=");
    }
    expect(message.html).toContain("Grace &lt;b&gt;Hopper&lt;/b&gt;");
    expect(message.html).not.toContain("<b>Hopper");
    // One block per lead, its facts a line each, so that it fits a phone.
    expect(message.text).toMatch(
      /^Jane Driller \[https:\/\/resources\.example\/leads\/new-lead\?sig=\S+\]\nCompany: Acme Mining\nReceived: Tue 24 Nov, 02:00\nE-mail class: company\nSource: direct\nState: new\nOwner: nobody yet\nTime to claim: not yet$/m,
    );
    expect(message.text).toMatch(
      /^Company: Done Co\nReceived: Mon 23 Nov, 02:00\nE-mail class: company\nSource: direct\nState: closed \(not a fit\)\nOwner: Ana Smith\nTime to claim: 4 min$/m,
    );
    expect(message.html).not.toContain(">Owner</th>");
    // What the honeypot held is never shown.
    expect(message.html).not.toContain("autofill");
  });

  test("says the same in HTML and text, in the same order", async () => {
    const { message } = await summary();
    const order = [
      "The week at a glance",
      "The figures",
      "The last 12 weeks",
      "Time to claim this week",
      "Held as spam",
      "The week's leads",
      "Attached: a spreadsheet (CSV) of every lead of the week",
    ];
    const html = message.html.replace(/&#x27;/g, "'");
    for (const body of [html, message.text]) {
      const at = order.map((part) => body.indexOf(part));
      expect(at.every((i) => i >= 0)).toBe(true);
      expect(at).toEqual([...at].sort((a, b) => a - b));
    }
  });
});

test("a held lead's typed text cannot pose as one of the summary's links in the plain text", async () => {
  const blobs = createMemoryBlobs();
  const followUps = createFollowUpStore(blobs);
  const leads = createMemoryLeadStore({ followUps });
  // Short enough to be listed whole.
  const company = `Release [https://evil.example/release]`;
  await leads.create(
    newLead("held-lead", { ...VALID, company }, new Date("2026-11-25T02:00:00Z"), {
      verdict: { kind: "spam", reason: "honeypot field filled" },
      honeypot: "autofill",
    }),
  );
  const { message } = await drySummary({ leads, followUps, blobs });
  expect(message.text).not.toContain("[https://evil.example/release]");
  expect(message.text).toContain(`Release (https://evil.example/release)`);
  expect(message.html).toContain(company);
});

describe("a week of 10,000 leads of maximum length", () => {
  const idOf = (n: number) => `lead-${String(n).padStart(6, "0")}`;
  const count = (n: number) => n.toLocaleString("en-GB");
  let built: Awaited<ReturnType<typeof drySummary>>;

  // 6,000 claimed, 2,000 suspected and untouched, 2,000 held from 20 clients: every list is full.
  beforeAll(async () => {
    const blobs = createMemoryBlobs();
    const followUps = createFollowUpStore(blobs);
    const leads = createMemoryLeadStore({ followUps });
    const suspectedSpam = `${NO_TOKEN_REASON}; disposable e-mail address (${"d".repeat(200)}.com)`;
    const owner = { name: "'".repeat(100) };
    for (let n = 0; n < 10_000; n += 1) {
      const at = new Date(Date.parse("2026-11-23T00:00:00Z") + n * 60_000);
      if (n >= 8_000) {
        const verdict = { kind: "spam", reason: "honeypot field filled" } as const;
        await leads.create(longestLead(n, at, { verdict, clientKey: `client-${n % 20}` }));
      } else if (n >= 6_000) {
        await leads.create({ ...longestLead(n, at), state: "sent", suspectedSpam });
      } else {
        await leads.create({ ...longestLead(n, at), state: "sent" });
        const followUp = { state: "claimed", owner, claimedAt: at.toISOString() } as const;
        await followUps.update(idOf(n), () => ({ ok: true, followUp }));
      }
    }
    built = await drySummary(
      {
        // Read as stored, without the store's copy and check of each record: the bound is the e-mail's.
        leads: { ids: () => leads.ids(), get: async (id) => leads.records.get(id) ?? null },
        followUps,
        blobs,
      },
      // Company match on: the week's one company, with its 8,000 requests, is listed too.
      { addOns: [companyMatchAddOn(TEST_CONFIG, () => ({ blobs, leads }))] },
    );
  }, 60_000);

  test("renders under 100 KB of HTML, listing the most relevant of each list and counting the rest", () => {
    const { html, text } = built.message;
    expect(Buffer.byteLength(html)).toBeLessThan(100_000);
    // The suspected and untouched, then the table: oldest first, open before the suspected.
    const claimed = [...html.matchAll(/\/leads\/(lead-\d+)\?sig=/g)].map(([, id]) => id);
    expect(claimed).toEqual([
      ...Array.from({ length: SUSPECTED_SHOWN }, (_, i) => idOf(6_000 + i)),
      ...Array.from({ length: LEADS_SHOWN }, (_, i) => idOf(i)),
    ]);
    expect(html.match(/\/leads\/lead-\d+\/release\?sig=/g)).toHaveLength(HELD_SHOWN);
    expect(html.match(/100 requests from one sender/g)).toHaveLength(HELD_SHOWN);
    for (const body of [html.replace(/&#x27;/g, "'"), text]) {
      expect(body).toContain(`…and ${count(8_000 - LEADS_SHOWN)} more leads, not listed here`);
      expect(body).toContain(`…and ${count(2_000 - SUSPECTED_SHOWN)} more suspected and untouched`);
      expect(body).toContain(`…and ${count(2_000 - 100 * HELD_SHOWN)} more held requests`);
      expect(body).toContain(`${"c".repeat(39)}…: ${count(8_000)} requests`);
    }
  });

  test("the subject and the webhook count every lead, not only those listed", () => {
    expect(built.message.subject).toBe(
      "Week at a glance, week of Mon 23 Nov: 8000 leads, 8000 still open, 2000 held as spam",
    );
    expect(summaryEvent(built.summary)).toMatchObject({
      figures: { leads: 8_000 },
      stillOpen: 8_000,
      heldAsSpam: 2_000,
    });
  });

  test("the attached CSV keeps its most relevant rows, well under SendGrid's 30 MB, and the e-mail says so", () => {
    const { html, text, attachments } = built.message;
    const [file] = attachments!;
    const csv = Buffer.from(file.content, "base64").toString("utf8");
    const rows = csv.split("\r\n").flatMap((line) => line.match(/^"(lead-\d+)"/)?.[1] ?? []);
    expect(rows).toEqual(Array.from({ length: CSV_MAX_ROWS }, (_, n) => idOf(n)));
    expect(Buffer.byteLength(html) + Buffer.byteLength(text) + file.content.length).toBeLessThan(10_000_000);
    for (const body of [html.replace(/&#x27;/g, "'"), text]) {
      expect(body).toContain(`a spreadsheet (CSV) of ${count(CSV_MAX_ROWS)} of the week's 10,000 leads`);
      expect(body).toContain("ask the site's owner for the full export");
    }
  });
});

test("held leads from one client or one domain are one entry each, with the first's release link; lone ones keep theirs", async () => {
  const blobs = createMemoryBlobs();
  const followUps = createFollowUpStore(blobs);
  const leads = createMemoryLeadStore({ followUps });
  const verdict = { kind: "spam", reason: "honeypot field filled" } as const;
  const held = async (id: string, minute: number, email: string, clientKey: string, firstName = "Bot") =>
    leads.create(
      newLead(
        id,
        { ...VALID, firstName, email },
        new Date(Date.parse("2026-11-24T02:00:00Z") + minute * 60_000),
        {
          verdict,
          clientKey,
        },
      ),
    );
  // 12 from one client, each from another address; 4 from one domain, each from another client.
  for (let i = 0; i < 12; i += 1) await held(`client-${i}`, 10 + i, `bot${i}@x${i}.example`, "one-client");
  for (let i = 0; i < 4; i += 1) await held(`domain-${i}`, 30 + i, `b${i}@spam.example`, `c${i}`);
  // Two colleagues from one domain, and one more person: under a flood, so each keeps a line.
  await held("ana", 1, "ana@acme-mining.com", "a", "Ana");
  await held("ben", 2, "ben@acme-mining.com", "b", "Ben");
  await held("cleo", 50, "cleo@other.example", "one-client-no", "Cleo");
  const { message, summary: built } = await drySummary({ leads, followUps, blobs });
  const released = [...message.html.matchAll(/\/leads\/([\w-]+)\/release\?sig=/g)].map(([, id]) => id);
  expect(released).toEqual(["ana", "ben", "cleo", "client-0", "domain-0"]);
  expect(message.text).toContain(
    "12 requests from one sender (the same network address), received Tue 24 Nov, 02:10 to Tue 24 Nov, 02:21, held because: a field people can't see was filled in, often by a password manager. The first: Bot Driller (Acme Mining), bot0@x0.example, received Tue 24 Nov, 02:10.",
  );
  expect(message.text).toContain("The other 11 are in the attached CSV.");
  expect(message.text).toContain("4 requests from addresses at spam.example, received");
  expect(message.text).toContain("The other 3 are in the attached CSV.");
  expect(message.text).not.toContain("more held requests");
  expect(message.subject).toContain("19 held as spam");
  expect(built.held).toHaveLength(19);
});
