/** Where a lead came from, in words sales reads at a glance (docs/decisions/0024-lead-attribution.md). */
import type { Attribution } from "../../../../src/lib/demo-request";

const SOURCE_NAMES: Record<string, string> = {
  bing: "Bing",
  facebook: "Facebook",
  google: "Google",
  instagram: "Instagram",
  linkedin: "LinkedIn",
  twitter: "X (Twitter)",
  x: "X (Twitter)",
  youtube: "YouTube",
};

const PAID_MEDIA = new Set("cpc ppc paid paidsocial paid_social paid-social cpm display".split(" "));

function mediumInWords(medium: string | undefined): string {
  if (!medium) return "";
  return PAID_MEDIA.has(medium.toLowerCase()) ? " (paid)" : ` (${medium})`;
}

/** One sentence of what was recorded, e.g. "Came from LinkedIn (paid), campaign pilbara-q4, landed on /". */
export function sourceInWords(attribution: Attribution | undefined): string {
  const { utm_source, utm_medium, utm_campaign, utm_term, utm_content, gclid, referrer, landing_path } =
    attribution ?? {};
  const source = utm_source
    ? `${SOURCE_NAMES[utm_source.toLowerCase()] ?? utm_source}${mediumInWords(utm_medium)}`
    : gclid
      ? "Google Ads"
      : referrer && (URL.parse(referrer)?.host ?? referrer);
  const parts = [
    source ? `Came from ${source}` : "No source recorded (a direct visit, or the browser sent none)",
    utm_campaign && `campaign ${utm_campaign}`,
    utm_term && `search term ${utm_term}`,
    utm_content && `ad ${utm_content}`,
    landing_path && `landed on ${landing_path}`,
  ];
  return parts.filter(Boolean).join(", ");
}
