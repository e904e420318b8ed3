/**
 * @jest-environment node
 */
// The weekly summary e-mail (docs/requirements.md#sales-tools, docs/decisions/0038-weekly-summary.md): the
// figures beside the week before, bar charts as HTML tables with widths and a text equivalent each, the
// leads held as spam with their release links, every lead of the week, the week's CSV attached, and a
// plain-text part that says the same in the same order. No image, no script.
import * as React from "react";
import { createFollowUpStore } from "../../../../netlify/lib/add-ons/follow-up/follow-up-store";
import { summaryNow } from "../../../../netlify/lib/add-ons/follow-up/summary-job";
import {
  BarChart,
  barWidth,
  chartInWords,
  RELEASE_LINK_TEXT,
} from "../../../../netlify/lib/add-ons/follow-up/summary-email";
import { leadsToCsv } from "../../../../netlify/lib/add-ons/privacy/leads-csv";
import { newLead } from "../../../../netlify/lib/core/leads/lead-record";
import { EmailLayout, renderEmail } from "../../../../netlify/lib/kit/email-layout";
import { scriptedMailer, TEST_CONFIG, VALID } from "../../../helpers/function-harness";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";
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
    return summaryNow({
      leads,
      followUps,
      blobs,
      mailer: scriptedMailer(),
      config: TEST_CONFIG,
      leadsCsv: leadsToCsv,
      now: () => new Date("2026-11-30T09:00:00Z"),
      week: "2026-W48",
      dryRun: true,
    });
  }

  test("goes to sales with the week's counts in the subject and the week's leads as the export's CSV", async () => {
    const { message, summary: built } = await summary();
    expect(message.to).toBe(TEST_CONFIG.salesEmail);
    expect(message.subject).toBe("Week at a glance 2026-W48: 2 leads, 1 still open, 1 held as spam");
    expect(message.customArgs).toEqual({ kind: "summary", week: "2026-W48" });
    const [file] = message.attachments!;
    expect(file).toMatchObject({
      filename: "leads-2026-W48.csv",
      type: "text/csv",
      disposition: "attachment",
    });
    const csv = Buffer.from(file.content, "base64").toString("utf8");
    expect(csv).toBe(leadsToCsv(built.records, built.followUps));
    expect(csv.split("\r\n")[0]).toMatch(/^"id","receivedAt","state","firstName"/);
    expect(csv).toContain('"held-lead"');
  });

  test("holds the figures, the charts, the held lead's release link and each lead's row with its link", async () => {
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
    expect(message.text).toMatch(
      /^Tue 24 Nov, 02:00 +Jane Driller \[https:\/\/resources\.example\/leads\/new-lead\?sig=\S+\] +Acme Mining +company +direct +new +nobody yet +not yet$/m,
    );
    expect(message.text).toMatch(/Done Co +company +direct +closed \(not a fit\) +Ana Smith +4 min$/m);
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
      "Attached: leads-2026-W48.csv",
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
  const company = `Acme. Not spam? ${RELEASE_LINK_TEXT} [https://evil.example/release]`;
  await leads.create(
    newLead("held-lead", { ...VALID, company }, new Date("2026-11-25T02:00:00Z"), {
      verdict: { kind: "spam", reason: "honeypot field filled" },
      honeypot: "autofill",
    }),
  );
  const { message } = await summaryNow({
    leads,
    followUps,
    blobs,
    mailer: scriptedMailer(),
    config: TEST_CONFIG,
    leadsCsv: leadsToCsv,
    now: () => new Date("2026-11-30T09:00:00Z"),
    week: "2026-W48",
    dryRun: true,
  });
  expect(message.text).not.toContain("[https://evil.example/release]");
  expect(message.text).toContain(`${RELEASE_LINK_TEXT} (https://evil.example/release)`);
  expect(message.html).toContain(company);
});
