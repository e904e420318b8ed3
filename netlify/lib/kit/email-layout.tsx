/**
 * The one layout of every e-mail we send (docs/decisions/0037-email-layout.md): React Email rendered to HTML with
 * inline styles, and a plain-text part derived from that HTML. No remote image and no tracking.
 */
import * as React from "react";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { convert } from "html-to-text";
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { addressParts, mailtoHref, telHref } from "./text";
import site from "../../../content/site.json";

export const COMPANY_NAME = site.siteName;

const COLOURS = {
  ink: "#0f172a",
  muted: "#475569",
  line: "#e2e8f0",
  page: "#f1f5f9",
  accent: "#fbbf24",
  accentInk: "#020617",
  warning: "#b45309",
};

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

/**
 * The frame: the company's name as a header, the body in a column of up to 600 px, a quiet footer. It fits a 375 px
 * phone: a word longer than the line (a name or an address typed without a space) breaks anywhere, as it must;
 * `word-break` for the clients that lack `overflow-wrap: anywhere`.
 */
export function EmailLayout({ preview, children }: { preview: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body
        style={{
          margin: 0,
          backgroundColor: COLOURS.page,
          fontFamily: FONT,
          color: COLOURS.ink,
          overflowWrap: "anywhere",
          wordBreak: "break-word",
        }}
      >
        <Container style={{ maxWidth: "600px", backgroundColor: "#ffffff" }}>
          <Section style={{ backgroundColor: COLOURS.ink, padding: "16px 24px" }}>
            <Text style={{ margin: 0, color: "#ffffff", fontSize: "18px", fontWeight: 700 }}>
              {COMPANY_NAME}
            </Text>
          </Section>
          <Section style={{ padding: "8px 24px 24px" }}>{children}</Section>
          <Section style={{ borderTop: `1px solid ${COLOURS.line}`, padding: "12px 24px" }}>
            <Text style={{ margin: 0, color: COLOURS.muted, fontSize: "12px" }}>{COMPANY_NAME}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export function Title({ children }: { children: ReactNode }) {
  return <Heading style={{ fontSize: "22px", lineHeight: "28px", margin: "16px 0 8px" }}>{children}</Heading>;
}

export function Subtitle({ children }: { children: ReactNode }) {
  return (
    <Heading as="h2" style={{ fontSize: "16px", margin: "20px 0 4px" }}>
      {children}
    </Heading>
  );
}

export function Paragraph({
  children,
  muted,
  warning,
}: {
  children: ReactNode;
  muted?: boolean;
  warning?: boolean;
}) {
  return (
    <Text
      style={{
        fontSize: "15px",
        lineHeight: "22px",
        margin: "8px 0",
        color: warning ? COLOURS.warning : muted ? COLOURS.muted : undefined,
        fontWeight: warning ? 600 : undefined,
      }}
    >
      {children}
    </Text>
  );
}

const withBreaks = (lines: readonly ReactNode[]) =>
  lines.map((line, index) => (
    <React.Fragment key={index}>
      {index > 0 && <br />}
      {line}
    </React.Fragment>
  ));

/** A paragraph of `lines`, each on its own line, e.g. a few "Label: value" lines. */
export function Lines({ lines, muted }: { lines: readonly ReactNode[]; muted?: boolean }) {
  return <Paragraph muted={muted}>{withBreaks(lines)}</Paragraph>;
}

/** A short label beside a heading, such as an e-mail class or a suspicion; "[label]" in the text part. */
export function Tag({ children, warning }: { children: ReactNode; warning?: boolean }) {
  const colour = warning ? COLOURS.warning : COLOURS.muted;
  return (
    <span
      data-tag="true"
      style={{
        border: `1px solid ${colour}`,
        borderRadius: "4px",
        color: colour,
        fontSize: "12px",
        padding: "1px 6px",
      }}
    >
      {children}
    </span>
  );
}

/** The one call to action of a message, at least 44 px tall (React Email sets its text's line to 120%). */
export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: "16px 0" }}>
      <Button
        href={href}
        style={{
          backgroundColor: COLOURS.accent,
          color: COLOURS.accentInk,
          borderRadius: "6px",
          fontSize: "16px",
          fontWeight: 600,
          lineHeight: "20px",
          padding: "14px 20px",
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

const LINK_STYLE = { color: "#0369a1", textDecoration: "underline" };

/** A link set apart as a tappable block, 44 px tall, for the prospect's phone and address in the sales e-mail. */
const ACTION_LINK_STYLE = {
  color: "#0369a1",
  textDecoration: "none",
  fontWeight: 600,
  display: "inline-block",
  maxWidth: "100%",
  boxSizing: "border-box",
  lineHeight: "20px",
  padding: "11px 12px",
  margin: "2px 0",
  border: `1px solid ${COLOURS.line}`,
  borderRadius: "6px",
} as const;

export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={LINK_STYLE}>
      {children}
    </Link>
  );
}

// `label`: the accessible name, where `text` has <wbr>, which a screen reader reads as a space.
type OwnTextProps = { href: string; text: ReactNode; action?: boolean; label?: string };

function OwnTextLink({ href, text, action, label }: OwnTextProps) {
  return (
    <Link href={href} aria-label={label} data-own-text="true" style={action ? ACTION_LINK_STYLE : LINK_STYLE}>
      {text}
    </Link>
  );
}

/** An address whose lines may break after each "@" and "." (`<wbr>`, nothing in the text part). */
export function Address({ text }: { text: string }) {
  return (
    <>
      {addressParts(text).map((part, index) => (
        <React.Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </React.Fragment>
      ))}
    </>
  );
}

/** A phone number as a `tel:` link (`telHref`), a tappable block with `action`, or plain text without one. */
export function PhoneLink({ number, action }: { number: string; action?: boolean }) {
  const href = telHref(number);
  return href ? <OwnTextLink href={href} text={number} action={action} /> : <>{number}</>;
}

/** An address as a `mailto:` link (`mailtoHref`), a tappable block with `action`, or plain text without an "@". */
export function EmailLink({ address, action }: { address: string; action?: boolean }) {
  const href = mailtoHref(address);
  return href ? (
    <OwnTextLink href={href} text={<Address text={address} />} label={address} action={action} />
  ) : (
    <>{address}</>
  );
}

/** Items as a bulleted list; "- item" lines in the text part. */
export function List({ items }: { items: readonly ReactNode[] }) {
  return (
    <ul style={{ fontSize: "15px", lineHeight: "22px", margin: "8px 0", paddingLeft: "20px" }}>
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

/** Text as typed by a person, each of its lines kept, set apart as a quotation. */
export function Quote({ text }: { text: string }) {
  const lines = text.split(/\r\n|[\r\n\u2028\u2029]/);
  return (
    <blockquote style={{ borderLeft: `3px solid ${COLOURS.line}`, margin: "8px 0", padding: "0 12px" }}>
      <Text style={{ fontSize: "15px", lineHeight: "22px", margin: 0, whiteSpace: "pre-wrap" }}>
        {withBreaks(lines)}
      </Text>
    </blockquote>
  );
}

/**
 * `email` as `html` (an XHTML document with inline styles) and `text`, the same content in order as plain text.
 * In the text part every bracket of text reads as a parenthesis: only a link's URL and a tag are bracketed
 * there, so nothing a visitor typed can pose as one of our `label [url]` lines.
 */
export function renderEmail(email: ReactNode): { html: string; text: string } {
  const html = `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">${renderToStaticMarkup(email)}`;
  const text = convert(html, {
    wordwrap: false,
    encodeCharacters: { "[": "(", "]": ")" },
    selectors: [
      // The preview line is for the inbox list only; React Email marks it.
      { selector: "[data-skip-in-text=true]", format: "skip" },
      { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
      // A number or address is its own link text; "[tel:...]" beside it would only repeat it.
      { selector: "a[data-own-text=true]", format: "anchor", options: { ignoreHref: true } },
      { selector: "[data-tag=true]", format: "tag" },
      { selector: "ul", options: { itemPrefix: "- " } },
      { selector: "h1", options: { uppercase: false } },
      { selector: "h2", options: { uppercase: false } },
      { selector: "table", format: "block" },
      // A table of data (marked so; layout tables are blocks) keeps its rows and columns.
      {
        selector: "table[data-text-table=true]",
        format: "dataTable",
        options: { uppercaseHeaderCells: false, maxColumnWidth: 200 },
      },
    ],
    formatters: {
      tag: (elem, walk, builder) => {
        builder.addInline("[", { noWordTransform: true });
        walk(elem.children, builder);
        builder.addInline("]", { noWordTransform: true });
      },
    },
  });
  const tidy = text
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n");
  return { html, text: `${tidy.replace(/\n{3,}/g, "\n\n").trim()}\n` };
}
