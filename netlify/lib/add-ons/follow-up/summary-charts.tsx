/**
 * The weekly summary's charts (docs/decisions/0038-weekly-summary.md): bar charts as HTML tables with cell
 * widths, which every mail client renders (not all show SVG, and we load no image).
 */
import * as React from "react";
import type { ReactNode } from "react";
import { Paragraph } from "../../kit/email-layout";

/** The site's amber, as the layout's button. */
const BAR_COLOUR = "#fbbf24";

/** One bar: its label, its value (null when there is none) and the value as shown. */
export interface Bar {
  label: string;
  value: number | null;
  shown: string;
}

/** `value` as a whole percentage of `max` (0 when either is missing), e.g. 3 of 12 -> 25. */
export function barWidth(value: number | null, max: number): number {
  return value === null || max <= 0 ? 0 : Math.round((Math.max(0, value) / max) * 100);
}

/** A bar `percent` wide: a coloured cell beside an empty one, hidden from the text part and screen readers. */
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

/** A table of data that the text part keeps as rows and columns (netlify/lib/kit/email-layout.tsx). */
export function DataTable({ head, children }: { head: readonly string[]; children: ReactNode }) {
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

/** A data cell; `header` makes it the row's header. Cells carry no style of their own: a week's table is long. */
export function Cell({ children, header }: { children: ReactNode; header?: boolean }) {
  return header ? (
    <th scope="row" align="left" style={{ fontWeight: 400 }}>
      {children}
    </th>
  ) : (
    <td>{children}</td>
  );
}

/** The sentence a chart's figures make: "Leads received: 2026-W01 3, 2026-W02 5." */
export function chartInWords(title: string, bars: readonly Bar[]): string {
  return `${title}: ${bars.map((bar) => `${bar.label} ${bar.shown}`).join(", ")}.`;
}

/**
 * A bar chart titled `title`: one row per bar (its label, its value as shown, the bar), the bars
 * scaled to the largest value (or to `max`), then its figures in words.
 */
export function BarChart({
  title,
  head,
  bars,
  max,
}: {
  title: string;
  head: readonly [label: string, value: string];
  bars: readonly Bar[];
  max?: number;
}) {
  const scale = max ?? Math.max(0, ...bars.map((bar) => bar.value ?? 0));
  return (
    <>
      <Paragraph>
        <strong>{title}</strong>
      </Paragraph>
      <DataTable head={[...head, ""]}>
        {bars.map((bar) => (
          <tr key={bar.label}>
            <Cell header>{bar.label}</Cell>
            <Cell>{bar.shown}</Cell>
            <td width="55%">
              <BarCell percent={barWidth(bar.value, scale)} />
            </td>
          </tr>
        ))}
      </DataTable>
      <Paragraph muted>{chartInWords(title, bars)}</Paragraph>
    </>
  );
}
