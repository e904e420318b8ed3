/**
 * The pieces of the e-mails that list leads, the daily digest and the weekly summary
 * (docs/decisions/0038-weekly-summary.md, 0048-summary-plugin.md): a visitor's text cut to a list's length, a spam
 * reason in words, "…and N more", and a lead held as spam with its release link, alone or as a flood from one sender.
 */
import * as React from "react";
import { DateTime } from "luxon";
import type { LeadRecord } from "../leads/lead-record";
import { Address, Paragraph, TextLink } from "../../kit/email-layout";
import { shortText } from "../../kit/text";
import { reasonInWords } from "./spam";
import type { Flood } from "./sender-floods";

/** The release link's words. */
export const RELEASE_LINK_TEXT = "Not spam? Release this lead";

// Two of the bounds that keep the weekly summary under Gmail's clip (docs/decisions/0038-weekly-summary.md).
/** Characters of a visitor's text (name, company, address, source) in a list; the CSV has them whole. */
const LISTED_TEXT_LENGTH = 40;
/** Characters of a spam reason in a list (ours, but it may name the visitor's domain). */
const REASON_LENGTH = 100;

/** A visitor's `text` as a list shows it, at most LISTED_TEXT_LENGTH characters. */
export const listed = (text: string) => shortText(text, LISTED_TEXT_LENGTH);

/** A stored spam reason as a list shows it: in words, at most REASON_LENGTH characters. */
export const listedReason = (reason: string) => shortText(reasonInWords(reason), REASON_LENGTH);

/** A count as sales reads it, e.g. 9950 -> "9,950". */
export const countText = (count: number) => count.toLocaleString("en-GB");

/** "…and 9,950 more …" after a cut list; nothing when every entry is listed. */
export function More({ count, children }: { count: number; children: React.ReactNode }) {
  return count > 0 ? (
    <Paragraph muted>
      …and {countText(count)} more {children}
    </Paragraph>
  ) : null;
}

/** A stored time as a list shows it in `zone`, e.g. "Tue 24 Nov, 10:00". */
export const shortTime = (at: string, zone: string) =>
  DateTime.fromISO(at, { zone }).setLocale("en-GB").toFormat("ccc d LLL, HH:mm");

/** A held or suspected lead in a list: who, their address, when it arrived. */
export function Who({ lead, zone }: { lead: LeadRecord; zone: string }) {
  const { firstName, lastName, company, email } = lead.request;
  return (
    <>
      <strong>{`${listed(`${firstName} ${lastName}`)} (${listed(company)})`}</strong>,{" "}
      <Address text={listed(email)} />, received {shortTime(lead.receivedAt, zone)}
    </>
  );
}

/** The release link of a lead held as spam, or why there is none. */
export function ReleaseLink({ url }: { url?: string }) {
  return url ? (
    <TextLink href={url}>{RELEASE_LINK_TEXT}</TextLink>
  ) : (
    <>(No release link: the site&apos;s URL is not set.)</>
  );
}

type FloodLineProps = {
  flood: Flood<{ lead: LeadRecord; releaseUrl?: string }>;
  zone: string;
  where: string;
};

/** E.g. "12 requests from one sender (the same network address), received ... to ..., held because: ...". */
export function FloodLine({ flood, zone, where }: FloodLineProps) {
  const [first] = flood.items;
  const last = flood.items.at(-1)!;
  const reasons = new Set(flood.items.map(({ lead }) => lead.spamReason ?? "not recorded"));
  return (
    <Paragraph>
      <strong>
        {countText(flood.items.length)} requests from{" "}
        {flood.by === "client" ? "one sender" : `addresses at ${listed(flood.key)}`}
      </strong>
      {flood.by === "client" && " (the same network address)"}, received{" "}
      {shortTime(first.lead.receivedAt, zone)} to {shortTime(last.lead.receivedAt, zone)}, held because:{" "}
      {listedReason([...reasons].join("; "))}. The first: <Who lead={first.lead} zone={zone} />.{" "}
      <ReleaseLink url={first.releaseUrl} /> The other {countText(flood.items.length - 1)} are {where}.
    </Paragraph>
  );
}
