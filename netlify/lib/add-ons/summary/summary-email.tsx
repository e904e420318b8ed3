/**
 * The weekly summary e-mail to sales (docs/requirements.md#sales-tools, docs/decisions/0038-weekly-summary.md).
 * Its bar charts are HTML tables with cell widths, which every mail client renders (not all show SVG).
 */
import * as React from "react";
import { DateTime } from "luxon";
import type { ServerConfig } from "../../core/config";
import { capSubject, CLAIM_LINK_TEXT, type MailMessage } from "../../core/delivery/mailer";
import { emailClassCell, type LeadRecord } from "../../core/leads/lead-record";
import {
  EmailLayout,
  Lines,
  Paragraph,
  renderEmail,
  Subtitle,
  TextLink,
  Title,
} from "../../kit/email-layout";
import { durationInWords, localTime, singleLine } from "../../kit/text";
import { emailClassOf } from "../../kit/email-lists";
import { weekName } from "../../kit/business-hours";
import { sourceOf } from "./report";
import {
  countText,
  FloodLine,
  listed,
  listedReason,
  More,
  ReleaseLink,
  shortTime,
  Who,
} from "../../core/spam/held-leads";
import type { SummaryLead, WeekFigures, WeeklySummary } from "./summary";
import { REPEATED_SHOWN } from "./company-figures";

// The bounds that keep the HTML under Gmail's 102 KB clip whatever the week holds (about 84 KB at most), chosen
// by measuring leads of maximum length whose listed text HTML-escapes to 6 bytes a character
// (tests/helpers/longest-lead.ts, docs/decisions/0038-weekly-summary.md).
/** Leads of the week's list. */
export const LEADS_SHOWN = 25;
/** Entries of the held-as-spam list: a lone lead or a flood from one sender. */
export const HELD_SHOWN = 10;
/** Entries of the suspected-and-untouched list. */
export const SUSPECTED_SHOWN = 10;
/** Rows of the attached CSV: under 9 KB each, so the message stays under 10 MB (SendGrid takes 30 MB). */
export const CSV_MAX_ROWS = 500;

/** Minutes in words ("under 1 min", "8 min", "1 h 5 min"); `none` without a figure. */
export function minutesText(minutes: number | null | undefined, none = "none yet"): string {
  if (minutes === null || minutes === undefined) return none;
  return minutes < 1 ? "under 1 min" : durationInWords(Math.round(minutes));
}

/** A share as a whole percentage, e.g. 0.905 -> "91%"; "none yet" when no lead counts. */
export function shareText(share: number | null): string {
  return share === null ? "none yet" : `${Math.round(share * 100)}%`;
}

const day = (at: Date, zone: string) =>
  DateTime.fromJSDate(at, { zone }).setLocale("en-GB").toFormat("ccc d LLL yyyy");

const BAR_COLOUR = "#fbbf24";

type Bar = { label: string; value: number | null; shown?: string };

/** `value` as a whole percentage of `max` (0 when either is missing), e.g. 3 of 12 -> 25. */
export function barWidth(value: number | null, max: number): number {
  return value === null || max <= 0 ? 0 : Math.round((Math.max(0, value) / max) * 100);
}

// Hidden from the text part and screen readers: the figures are in the cells beside it.
function BarCell({ percent }: { percent: number }) {
  const fill = { fontSize: "1px", lineHeight: "12px", height: "12px" } as const;
  return (
    <table
      role="presentation"
      aria-hidden="true"
      data-skip-in-text="true"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ borderCollapse: "collapse" }}
    >
      <tbody>
        <tr>
          {percent > 0 && (
            <td width={`${percent}%`} style={{ ...fill, backgroundColor: BAR_COLOUR }}>
              {"\u00a0"}
            </td>
          )}
          {percent < 100 && <td style={fill}>{"\u00a0"}</td>}
        </tr>
      </tbody>
    </table>
  );
}

// `data-text-table`: the text part keeps it as rows and columns (netlify/lib/kit/email-layout.tsx). Its cells hold
// our short words only, so none is cut to make a column narrower than it.
function DataTable({ head, children }: { head: readonly string[]; children: React.ReactNode }) {
  return (
    <table
      data-text-table="true"
      width="100%"
      cellPadding={4}
      cellSpacing={0}
      style={{
        borderCollapse: "collapse",
        margin: "4px 0 8px",
        fontSize: "13px",
        lineHeight: "18px",
        overflowWrap: "normal",
        wordBreak: "normal",
      }}
    >
      <thead>
        <tr>
          {head.map((cell, i) => (
            <th key={i} scope="col" align="left">
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

type RowProps = React.PropsWithChildren<{ cells: React.ReactNode[] }>;

// The first cell heads its row.
function Row({ cells: [head, ...rest], children }: RowProps) {
  return (
    <tr>
      <th scope="row" align="left" style={{ fontWeight: 400 }}>
        {head}
      </th>
      {rest.map((cell, i) => (
        <td key={i}>{cell}</td>
      ))}
      {children}
    </tr>
  );
}

/** The sentence a chart's figures make: "Leads received: week of Mon 5 Jan 3, week of Mon 12 Jan 5." */
export function chartInWords(title: string, bars: readonly Bar[]): string {
  return `${title}: ${bars.map((bar) => `${bar.label} ${bar.shown ?? bar.value}`).join(", ")}.`;
}

type BarChartProps = { title: string; head: readonly [string, string]; bars: readonly Bar[]; max?: number };

/** A bar chart: a row per bar (label, value, bar scaled to the largest or `max`), then its figures in words. */
export function BarChart({ title, head, bars, max }: BarChartProps) {
  const scale = max ?? Math.max(0, ...bars.map((bar) => bar.value ?? 0));
  return (
    <>
      <Paragraph>
        <strong>{title}</strong>
      </Paragraph>
      <DataTable head={[...head, ""]}>
        {bars.map((bar) => (
          <Row key={bar.label} cells={[bar.label, bar.shown ?? bar.value]}>
            <td width="55%">
              <BarCell percent={barWidth(bar.value, scale)} />
            </td>
          </Row>
        ))}
      </DataTable>
      <Paragraph muted>{chartInWords(title, bars)}</Paragraph>
    </>
  );
}

const isRunning = (summary: WeeklySummary) => summary.now < summary.end;

// E.g. "Mon 23 Nov 2026 to Sun 29 Nov 2026 (Australia/Perth)", and how far a running week is.
function weekInWords(summary: WeeklySummary): string {
  const { start, end, zone, hours } = summary;
  const last = new Date(end.getTime() - 1);
  const range = `${day(start, zone)} to ${day(last, zone)} (${hours?.zone ?? "UTC"})`;
  return isRunning(summary) ? `${range}, so far: to ${localTime(summary.now, hours?.zone)}` : range;
}

function summarySubject(summary: WeeklySummary): string {
  const { week, figures, stillOpen, held } = summary;
  const parts = [
    `${figures.leads} lead${figures.leads === 1 ? "" : "s"}`,
    `${stillOpen} still open`,
    ...(held.length > 0 ? [`${held.length} held as spam`] : []),
  ];
  return capSubject(
    singleLine(
      `Week at a glance, ${weekName(week, summary.now)}${isRunning(summary) ? " so far" : ""}: ${parts.join(", ")}`,
    ),
  );
}

const FIGURE_ROWS: readonly [label: string, show: (f: WeekFigures) => string][] = [
  ["Leads received", (f) => String(f.leads)],
  ["Median time to claim", (f) => minutesText(f.medianMinutesToClaim)],
  ["90th percentile time to claim", (f) => minutesText(f.p90MinutesToClaim)],
  ["24-hour promise kept", (f) => shareText(f.keptWithin24Hours)],
  ["Booked", (f) => `${f.booked} (${shareText(f.bookedShare)})`],
  ["Bookings matched by inbox only, counted apart", (f) => String(f.bookedByInboxOnly)],
];

function Figures({ summary }: { summary: WeeklySummary }) {
  const clock = summary.hours ? "business minutes (the team's working hours only)" : "calendar minutes";
  return (
    <>
      <Subtitle>The figures</Subtitle>
      <DataTable head={["", "This week", "The week before"]}>
        {FIGURE_ROWS.map(([label, show]) => (
          <Row key={label} cells={[label, show(summary.figures), show(summary.weekBefore)]} />
        ))}
      </DataTable>
      <Paragraph>
        Still open: {summary.stillOpen} of this week&apos;s leads are new or claimed and not yet contacted,
        booked or closed.
      </Paragraph>
      <Paragraph muted>
        Time to claim runs from arrival to the first claim, in {clock}. The 24-hour promise is kept when a
        lead is contacted, booked or closed within 24 hours; a lead whose 24 hours are not over is not counted
        yet. Leads held as spam and leads closed as spam are left out, as in the follow-up report.
      </Paragraph>
    </>
  );
}

// Without an add-on that knows companies, the section is left out.
function Companies({ summary }: { summary: WeeklySummary }) {
  const { companies } = summary;
  if (!companies) return null;
  const { repeated } = companies;
  return (
    <>
      <Subtitle>Companies</Subtitle>
      <DataTable head={["", "This week"]}>
        <Row cells={["New companies", countText(companies.newCompanies)]} />
        <Row cells={["Returning companies", countText(companies.returningCompanies)]} />
      </DataTable>
      <Paragraph muted>
        A company is the domain of the prospect&apos;s e-mail address; free mail and the like belong to none.
        A returning company asked before this week. Leads held as spam and leads closed as spam are left out.
      </Paragraph>
      {repeated.length === 0 ? (
        <Paragraph>No company sent more than one request this week.</Paragraph>
      ) : (
        <>
          <Paragraph>Companies with more than one request this week, most requests first:</Paragraph>
          <Lines
            lines={repeated
              .slice(0, REPEATED_SHOWN)
              .map(({ company, requests }) => `${listed(company)}: ${countText(requests)} requests`)}
          />
        </>
      )}
      <More count={repeated.length - REPEATED_SHOWN}>
        companies with more than one request, not listed here.
      </More>
    </>
  );
}

function Charts({ summary }: { summary: WeeklySummary }) {
  const label = (week: string) => weekName(week, summary.now);
  const received = summary.history.map(({ week, figures }) => ({ label: label(week), value: figures.leads }));
  const kept = summary.history.map(({ week, figures: { keptWithin24Hours: value } }) => ({
    label: label(week),
    value,
    shown: shareText(value),
  }));
  const bands = summary.bands.map(({ label, count }) => ({ label, value: count }));
  return (
    <>
      <Subtitle>The last {summary.history.length} weeks</Subtitle>
      <BarChart title="Leads received per week" head={["Week", "Leads"]} bars={received} />
      <BarChart title="24-hour promise kept per week" head={["Week", "Kept"]} bars={kept} max={1} />
      <Subtitle>Time to claim this week</Subtitle>
      <BarChart title="Leads by time to claim" head={["Time to claim", "Leads"]} bars={bands} />
    </>
  );
}

function HeldAsSpam({ summary, where }: { summary: WeeklySummary; where: string }) {
  const { held, heldBySender, zone } = summary;
  const alone = heldBySender.alone.slice(0, HELD_SHOWN);
  const floods = heldBySender.floods.slice(0, HELD_SHOWN - alone.length);
  const listedCount = alone.length + floods.reduce((sum, flood) => sum + flood.items.length, 0);
  return (
    <>
      <Subtitle>Held as spam</Subtitle>
      {held.length === 0 ? (
        <Paragraph>No lead was held as spam this week.</Paragraph>
      ) : (
        <Paragraph>
          These requests were answered like any other but reached nobody: a spam defence held them. A real
          person may be among them (a password manager can fill the hidden field). Lone requests come first,
          oldest first, then floods from one sender, largest first.
        </Paragraph>
      )}
      {alone.map(({ lead, releaseUrl }) => (
        <Paragraph key={lead.id}>
          <Who lead={lead} zone={zone} />. Held because: {listedReason(lead.spamReason ?? "not recorded")}.{" "}
          <ReleaseLink url={releaseUrl} />
        </Paragraph>
      ))}
      {floods.map((flood) => (
        <FloodLine key={`${flood.by} ${flood.key}`} flood={flood} zone={zone} where={where} />
      ))}
      <More count={held.length - listedCount}>
        held requests, not listed here: each is {where} with the person&apos;s details, so a real one can
        still be contacted.
      </More>
    </>
  );
}

function SuspectedUntouched({ summary, where }: { summary: WeeklySummary; where: string }) {
  const { suspectedOpen, zone } = summary;
  return (
    <>
      {suspectedOpen.length > 0 && (
        <Paragraph>Suspected as spam, delivered, and still untouched, oldest first:</Paragraph>
      )}
      {suspectedOpen.slice(0, SUSPECTED_SHOWN).map(({ lead, claimUrl }) => (
        <Paragraph key={lead.id}>
          <Who lead={lead} zone={zone} />. Suspected because:{" "}
          {listedReason(lead.suspectedSpam ?? "not recorded")}.{" "}
          {claimUrl && <TextLink href={claimUrl}>{CLAIM_LINK_TEXT}</TextLink>}
        </Paragraph>
      ))}
      <More count={suspectedOpen.length - SUSPECTED_SHOWN}>
        suspected and untouched, not listed here: each went to the sales inbox with &quot;Suspected spam&quot;
        in the subject, and each is {where}.
      </More>
    </>
  );
}

// E.g. "closed (not a fit)" or "new, suspected spam".
function stateText({ lead, followUp }: SummaryLead): string {
  const state = followUp.closedReason ? `${followUp.state} (${followUp.closedReason})` : followUp.state;
  const notes = [
    ...(lead.suspectedSpam ? ["suspected spam"] : []),
    ...(lead.released ? ["released from spam"] : []),
  ];
  return [state, ...notes].join(", ");
}

const LEAD_FACTS: readonly [label: string, fact: (item: SummaryLead, zone: string) => string][] = [
  ["Company", ({ lead }) => listed(lead.request.company)],
  ["Received", ({ lead }, zone) => shortTime(lead.receivedAt, zone)],
  ["E-mail class", ({ lead }) => emailClassCell(emailClassOf(lead))],
  ["Source", ({ lead }) => listed(sourceOf(lead))],
  ["State", stateText],
  ["Owner", ({ followUp }) => (followUp.owner ? listed(followUp.owner.name) : "nobody yet")],
  ["Time to claim", (item) => minutesText(item.minutesToClaim, "not yet")],
];

// One block per lead, not a table: it fits a phone without the media queries many mail clients ignore.
function LeadBlock({ item, zone }: { item: SummaryLead; zone: string }) {
  const { lead, claimUrl } = item;
  const name = listed(`${lead.request.firstName} ${lead.request.lastName}`);
  return (
    <Lines
      lines={[
        <strong key="name">{claimUrl ? <TextLink href={claimUrl}>{name}</TextLink> : name}</strong>,
        ...LEAD_FACTS.map(([label, fact]) => `${label}: ${fact(item, zone)}`),
      ]}
    />
  );
}

const csvFileName = (week: string) => `leads-${week}.csv`;

type SummaryEmailProps = { summary: WeeklySummary; csvRows: number };

function Attachment({ summary, csvRows }: SummaryEmailProps) {
  const total = summary.records.length;
  if (csvRows === total) {
    return (
      <Paragraph muted>
        Attached: a spreadsheet (CSV) of every lead of the week (those held as spam too), with the columns of
        the full export.
      </Paragraph>
    );
  }
  return (
    <Paragraph muted>
      Attached: a spreadsheet (CSV) of {countText(csvRows)} of the week&apos;s {countText(total)} leads, taken
      in the order above (those held as spam last), with the columns of the full export. It is cut so that
      this e-mail stays small enough to arrive: ask the site&apos;s owner for the full export.
    </Paragraph>
  );
}

function SummaryEmail({ summary, csvRows }: SummaryEmailProps) {
  const preview = `${summary.figures.leads} leads, ${summary.stillOpen} still open`;
  const where = csvRows === summary.records.length ? "in the attached CSV" : "in the full export";
  return (
    <EmailLayout preview={preview}>
      <Title>The week at a glance</Title>
      <Paragraph>{weekInWords(summary)}</Paragraph>
      <Figures summary={summary} />
      <Companies summary={summary} />
      <Charts summary={summary} />
      <HeldAsSpam summary={summary} where={where} />
      <SuspectedUntouched summary={summary} where={where} />
      <Subtitle>The week&apos;s leads</Subtitle>
      {summary.leads.length === 0 ? (
        <Paragraph>No lead reached sales this week.</Paragraph>
      ) : (
        <>
          <Paragraph muted>
            Open leads first, then the others, each oldest first; leads suspected as spam after all others.
            Times in {summary.hours?.zone ?? "UTC"}. Each name opens the lead&apos;s page.
          </Paragraph>
          {summary.leads.slice(0, LEADS_SHOWN).map((item) => (
            <LeadBlock key={item.lead.id} item={item} zone={summary.zone} />
          ))}
          <More count={summary.leads.length - LEADS_SHOWN}>leads, not listed here: each is {where}.</More>
        </>
      )}
      <Attachment summary={summary} csvRows={csvRows} />
    </EmailLayout>
  );
}

/**
 * The summary e-mail to SALES_EMAIL, its HTML under 100 KB whatever the week holds, with the week's first
 * CSV_MAX_ROWS leads (`summary.records`, most relevant first) attached as `csv` writes them (`leads:export`'s
 * CSV).
 */
export function buildSummaryEmail(
  summary: WeeklySummary,
  config: Pick<ServerConfig, "salesEmail" | "mailFrom">,
  csv: (records: readonly LeadRecord[]) => string,
): MailMessage {
  const rows = summary.records.slice(0, CSV_MAX_ROWS);
  const { html, text } = renderEmail(<SummaryEmail summary={summary} csvRows={rows.length} />);
  return {
    to: config.salesEmail,
    from: config.mailFrom,
    subject: summarySubject(summary),
    text,
    html,
    customArgs: { kind: "summary", week: summary.week },
    attachments: [
      {
        content: Buffer.from(csv(rows), "utf8").toString("base64"),
        filename: csvFileName(summary.week),
        type: "text/csv",
        disposition: "attachment",
      },
    ],
  };
}
