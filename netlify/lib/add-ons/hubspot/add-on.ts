/**
 * The HubSpot add-on (docs/decisions/0049-hubspot-plugin.md): a channel beside the sales e-mail that makes each
 * delivered lead a contact with a note, a batch of 100 at a time for the retry job's backlog, and the follow-up
 * changes it takes up as lead events. A refused token alerts the owner once a day and keeps the leads pending.
 */
import type {
  AddOn,
  ChannelResult,
  DeliveryChannel,
  DeliveryContext,
  DeliveryNotice,
} from "../../core/add-on";
import { FOLLOW_UP_CHANGES } from "../../core/leads/lead-events";
import type { LeadRecord } from "../../core/leads/lead-record";
import { jsonBlobs, noteOnce, type JsonBlobs } from "../../kit/json-blobs";
import { errorName, logError, logInfo } from "../../kit/log";
import { keyOf, LEAD_STORE_NAME } from "../../kit/storage";
import { BATCH_SIZE, deliverToHubspot } from "./contacts";
import { followUpDeliverer } from "./follow-up";
import type { HubspotConfig } from "./settings";

declare module "../../core/plugin" {
  interface PluginOverrides {
    /** A scripted HubSpot in place of the network. */
    hubspotFetch?: typeof fetch;
    /** Where the day's alert about a refused token is noted (the lead store's Blobs by default). */
    hubspotNotes?: () => JsonBlobs;
  }
}

/** A delivery waits this long for HubSpot (an outage, a refused token over a weekend) before it is failed. */
const GIVE_UP_AFTER_MS = 7 * 24 * 3_600_000;

const NO_ANSWER: ChannelResult = { status: "retryable", error: "no answer for this lead", attempts: 1 };

function tokenNotice(code: number | undefined): DeliveryNotice {
  return {
    what: "HubSpot token alert",
    subject: "HubSpot refused the site's token: leads wait to reach the CRM",
    title: "HubSpot refused the site's token",
    body: [
      `HubSpot answered ${code ?? "401"} to the site's HUBSPOT_ACCESS_TOKEN, so new demo requests wait to reach the CRM; they still reach the sales inbox.`,
      "Mend HUBSPOT_ACCESS_TOKEN in Netlify's site settings (a Service Key with contacts read and write, and owners read), deploy, then run `npm run leads:retry` to send the waiting leads. This alert is sent once a day while it lasts.",
    ],
    notSent: "HubSpot token alert e-mail not sent; this log line is the alert",
    fields: { code: code ?? 0 },
  };
}

/** The add-on for `settings`, calling HubSpot through `fetchImpl` (the network unless a test passes one). */
export function hubspotAddOn(
  settings: HubspotConfig,
  {
    hubspotFetch,
    hubspotNotes = () => jsonBlobs(LEAD_STORE_NAME),
  }: { hubspotFetch?: typeof fetch; hubspotNotes?: () => JsonBlobs } = {},
): AddOn {
  async function sendAll(
    leads: readonly LeadRecord[],
    { retry, now }: Pick<DeliveryContext, "retry" | "now">,
  ) {
    const results = await deliverToHubspot(leads, settings, { fetchImpl: hubspotFetch, retry });
    const refused = [...results.values()].find(
      (r) => r.status === "retryable" && (r.code === 401 || r.code === 403),
    );
    if (refused && refused.status === "retryable") {
      const at = now();
      const first = await noteOnce(
        hubspotNotes(),
        keyOf("crmAlerts", at.toISOString().slice(0, 10)),
        at,
        2 * 24 * 3_600_000,
      ).catch((error: unknown) => {
        logError("HubSpot token alert not noted; the next refusal tries again", { reason: errorName(error) });
        return false;
      });
      const [id] = [...results].find(([, r]) => r === refused)!;
      if (first) results.set(id, { ...refused, notice: tokenNotice(refused.code) });
    }
    const sent = [...results.values()].filter((r) => r.status === "sent").length;
    if (sent > 0) logInfo("leads delivered to HubSpot", { count: sent, of: leads.length });
    return results;
  }

  const channel: DeliveryChannel = {
    name: "hubspot",
    // A repeat finds the contact by e-mail and looks for its note before making one.
    resendInDoubt: true,
    giveUpAfterMs: GIVE_UP_AFTER_MS,
    plan: () => "send",
    send: async (lead, context) => (await sendAll([lead], context)).get(lead.id) ?? NO_ANSWER,
    batch: { size: BATCH_SIZE, send: sendAll },
  };

  return {
    name: "hubspot",
    channel: { lane: "beside", channel },
    onLeadEvent: {
      name: "hubspot",
      events: FOLLOW_UP_CHANGES,
      deliver: followUpDeliverer(settings, hubspotFetch),
    },
  };
}
