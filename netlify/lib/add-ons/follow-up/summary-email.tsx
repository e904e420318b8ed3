/**
 * The weekly summary e-mail to sales (docs/requirements.md#sales-tools, docs/decisions/0038-weekly-summary.md).
 * Its bar charts are HTML tables with cell widths, which every mail client renders (not all show SVG).
 */
import * as React from "react";
import { DateTime } from "luxon";
import type { ServerConfig } from "../../core/config";
import { capSubject, CLAIM_LINK_TEXT, type MailMessage } from "../../core/delivery/mailer";
import { emailClassCell, type LeadRecord } from "../../core/leads/lead-record";
import { EmailLayout, Paragraph, renderEmail, Subtitle, TextLink, Title } from "../../kit/email-layout";
import { durationInWords, localTime, singleLine } from "../../kit/text";
import { emailClassOf } from "../email-class/email-class";
import { sourceOf } from "./report";
import type { SummaryLead, WeekFigures, WeeklySummary } from "./summary";

export const RELEASE_LINK_TEXT = "Not spam? Release this lead";

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
const shortTime = (at: string, zone: string) =>
  DateTime.fromISO(at, { zone }).setLocale("en-GB").toFormat("ccc d LLL, HH:mm");

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

// `data-text-table`: the text part keeps it as rows and columns (netlify/lib/kit/email-layout.tsx).
function DataTable({ head, children }: { head: readonly string[]; children: React.ReactNode }) {
  return (
    <table
      data-text-table="true"
      width="100%"
      cellPadding={4}
      cellSpacing={0}
      style={{ borderCollapse: "collapse", margin: "4px 0 8px", fontSize: "13px", lineHeight: "18px" }}
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

type RowProps = React.PropsWithChildren<{ cells: React.ReactNode[]; header?: number }>;

// No cell has a style of its own: a week's table is long.
function Row({ cells, header = 0, children }: RowProps) {
  return (
    <tr>
      {cells.map((cell, i) =>
        i === header ? (
          <th key={i} scope="row" align="left" style={{ fontWeight: 400 }}>
            {cell}
          </th>
        ) : (
          <td key={i}>{cell}</td>
        ),
      )}
      {children}
    </tr>
  );
}

/** The sentence a chart's figures make: "Leads received: 2026-W01 3, 2026-W02 5." */
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

// E.g. "Week 2026-W48, Mon 23 Nov 2026 to Sun 29 Nov 2026 (Australia/Perth)", and how far a running week is.
function weekInWords(summary: WeeklySummary): string {
  const { week, start, end, zone, hours } = summary;
  const last = new Date(end.getTime() - 1);
  const range = `Week ${week}, ${day(start, zone)} to ${day(last, zone)} (${hours?.zone ?? "UTC"})`;
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
    singleLine(`Week at a glance ${week}${isRunning(summary) ? " so far" : ""}: ${parts.join(", ")}`),
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
  const clock = summary.hours ? "business minutes (BUSINESS_HOURS)" : "calendar minutes";
  return (
    <>
      <Subtitle>The figures</Subtitle>
      <DataTable head={["", `This week (${summary.week})`, "The week before"]}>
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
        yet. Leads held as spam and leads closed as spam are left out, as in npm run leads:report.
      </Paragraph>
    </>
  );
}

function Charts({ summary }: { summary: WeeklySummary }) {
  const received = summary.history.map(({ week, figures }) => ({ label: week, value: figures.leads }));
  const kept = summary.history.map(({ week, figures: { keptWithin24Hours: value } }) => ({
    label: week,
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

type SpamLineProps = React.PropsWithChildren<{ lead: LeadRecord; zone: string }>;

// A held or suspected lead: who, their address, when, then why (`children`).
function SpamLine({ lead, zone, children }: SpamLineProps) {
  const { firstName, lastName, company, email } = lead.request;
  return (
    <Paragraph>
      <strong>{`${firstName} ${lastName} (${company})`}</strong>, {email}, received{" "}
      {shortTime(lead.receivedAt, zone)}. {children}
    </Paragraph>
  );
}

function HeldAsSpam({ summary }: { summary: WeeklySummary }) {
  const { held, suspectedOpen, zone } = summary;
  return (
    <>
      <Subtitle>Held as spam</Subtitle>
      {held.length === 0 ? (
        <Paragraph>No lead was held as spam this week.</Paragraph>
      ) : (
        <Paragraph>
          These requests were answered like any other but reached nobody: a spam defence held them. A real
          person may be among them (a password manager can fill the hidden field).
        </Paragraph>
      )}
      {held.map(({ lead, releaseUrl }) => (
        <SpamLine key={lead.id} lead={lead} zone={zone}>
          Held because: {lead.spamReason ?? "not recorded"}.{" "}
          {releaseUrl ? (
            <TextLink href={releaseUrl}>{RELEASE_LINK_TEXT}</TextLink>
          ) : (
            "(No release link: the site's URL is not set.)"
          )}
        </SpamLine>
      ))}
      {suspectedOpen.length > 0 && <Paragraph>Suspected as spam, delivered, and still untouched:</Paragraph>}
      {suspectedOpen.map(({ lead, claimUrl }) => (
        <SpamLine key={lead.id} lead={lead} zone={zone}>
          Suspected because: {lead.suspectedSpam}.{" "}
          {claimUrl && <TextLink href={claimUrl}>{CLAIM_LINK_TEXT}</TextLink>}
        </SpamLine>
      ))}
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

const LEAD_COLUMNS: readonly [heading: string, cell: (item: SummaryLead, zone: string) => React.ReactNode][] =
  [
    ["Received", ({ lead }, zone) => shortTime(lead.receivedAt, zone)],
    [
      "Name",
      ({ lead, claimUrl }) => {
        const name = `${lead.request.firstName} ${lead.request.lastName}`;
        return claimUrl ? <TextLink href={claimUrl}>{name}</TextLink> : name;
      },
    ],
    ["Company", ({ lead }) => lead.request.company],
    ["E-mail class", ({ lead }) => emailClassCell(emailClassOf(lead))],
    ["Source", ({ lead }) => sourceOf(lead)],
    ["State", stateText],
    ["Owner", ({ followUp }) => followUp.owner?.name ?? "nobody yet"],
    ["Time to claim", (item) => minutesText(item.minutesToClaim, "not yet")],
  ];

const csvFileName = (week: string) => `leads-${week}.csv`;

function SummaryEmail({ summary }: { summary: WeeklySummary }) {
  const preview = `${summary.figures.leads} leads, ${summary.stillOpen} still open`;
  return (
    <EmailLayout preview={preview}>
      <Title>The week at a glance</Title>
      <Paragraph>{weekInWords(summary)}</Paragraph>
      <Figures summary={summary} />
      <Charts summary={summary} />
      <HeldAsSpam summary={summary} />
      <Subtitle>The week&apos;s leads</Subtitle>
      {summary.leads.length === 0 ? (
        <Paragraph>No lead reached sales this week.</Paragraph>
      ) : (
        <>
          <Paragraph muted>
            Open leads first; times in {summary.hours?.zone ?? "UTC"}. Each name opens the lead&apos;s page.
          </Paragraph>
          <DataTable head={LEAD_COLUMNS.map(([heading]) => heading)}>
            {summary.leads.map((item) => (
              <Row
                key={item.lead.id}
                header={1}
                cells={LEAD_COLUMNS.map(([, cell]) => cell(item, summary.zone))}
              />
            ))}
          </DataTable>
        </>
      )}
      <Paragraph muted>
        Attached: {csvFileName(summary.week)}, every lead of the week (those held as spam too) with the
        columns of npm run leads:export.
      </Paragraph>
    </EmailLayout>
  );
}

/** The summary e-mail to SALES_EMAIL, with `csv` (the week's leads as `leads:export` writes them) attached. */
export function buildSummaryEmail(
  summary: WeeklySummary,
  config: Pick<ServerConfig, "salesEmail" | "mailFrom">,
  csv: string,
): MailMessage {
  const { html, text } = renderEmail(<SummaryEmail summary={summary} />);
  return {
    to: config.salesEmail,
    from: config.mailFrom,
    subject: summarySubject(summary),
    text,
    html,
    customArgs: { kind: "summary", week: summary.week },
    attachments: [
      {
        content: Buffer.from(csv, "utf8").toString("base64"),
        filename: csvFileName(summary.week),
        type: "text/csv",
        disposition: "attachment",
      },
    ],
  };
}
