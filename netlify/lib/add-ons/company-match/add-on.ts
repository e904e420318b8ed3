/**
 * The company-match add-on (docs/decisions/0050-company-match.md): each new lead's company index entry (a lead
 * marker), lead lines telling sales of a returning prospect and of colleagues' requests, the related leads the
 * claim page names, and each lead's company for the weekly figures. A lead held as spam is matched as any other,
 * so its reads tell a bot nothing, and gets no line.
 */
import type { AddOn } from "../../core/add-on";
import type { ServerConfig } from "../../core/config";
import type { LeadRecord } from "../../core/leads/lead-record";
import { createBlobLeadStore } from "../../core/leads/lead-store";
import { jsonBlobs } from "../../kit/json-blobs";
import { LEAD_STORE_NAME } from "../../kit/storage";
import { matchLines, relatedLeads } from "./lines";
import { companyEntryOf, matchLead, type Match, type MatchDeps } from "./match";

declare module "../../core/plugin" {
  interface PluginOverrides {
    /** The stores a match reads, in place of the lead store's Blobs. */
    companyMatchStores?: () => Pick<MatchDeps, "blobs" | "leads">;
  }
}

const blobStores = (): Pick<MatchDeps, "blobs" | "leads"> => ({
  blobs: jsonBlobs(LEAD_STORE_NAME),
  leads: createBlobLeadStore(),
});

/**
 * How long one lead's match serves its surfaces: the sales e-mail and the team's channel start together, in one
 * request or one retry run, and read the same leads.
 */
const MATCH_KEPT_MS = 10_000;

/** The add-on for `config`, reading through `stores` (the lead store's Blobs unless a test passes its own). */
export function companyMatchAddOn(config: ServerConfig, stores = blobStores): AddOn {
  const matches = new Map<string, Promise<Match>>();
  function matchOf(lead: LeadRecord, addOns: readonly AddOn[]): Promise<Match> {
    let match = matches.get(lead.id);
    if (!match) {
      match = matchLead(lead, { ...stores(), addOns, secret: config.formSecret });
      matches.set(lead.id, match);
      setTimeout(() => matches.delete(lead.id), MATCH_KEPT_MS).unref();
      match.catch(() => matches.delete(lead.id));
    }
    return match;
  }
  return {
    name: "company match",
    leadMarkers: (lead) => {
      const entry = companyEntryOf(lead, config.formSecret);
      return entry ? [entry] : [];
    },
    async leadLines(lead, { addOns, zone }) {
      const match = await matchOf(lead, addOns);
      return lead.state === "spam" ? [] : matchLines(match, zone);
    },
    async relatedLeads(lead, { addOns, zone }) {
      if (lead.state === "spam") return undefined;
      return relatedLeads(await matchOf(lead, addOns), zone);
    },
    async leadCompanies(leads, { addOns, since }) {
      const { leadCompanies } = await import("./companies");
      return leadCompanies(leads, since, { ...stores(), addOns, secret: config.formSecret });
    },
  };
}
