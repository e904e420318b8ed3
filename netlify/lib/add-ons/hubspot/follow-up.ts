/**
 * Keeps a lead's HubSpot contact in step with its follow-up, through the lead events (docs/decisions/0049-hubspot-plugin.md):
 * a claim or hand-over sets the contact's owner when the person is a HubSpot user; the other changes set the lead
 * status of HUBSPOT_LEAD_STATUSES; a lead closed as spam archives the contact only if this plugin created it.
 */
import type { AddOn } from "../../core/add-on";
import { followUpViewOf } from "../../core/follow-up-hooks";
import type { LeadRecord } from "../../core/leads/lead-record";
import type { PublishedLeadEvent } from "../../core/leads/lead-events";
import { logInfo } from "../../kit/log";
import type { SendResult } from "../../kit/send-result";
import { API_VERSION, callHubspot, type CallOptions } from "./client";
import { memoOf } from "./contacts";
import type { HubspotConfig } from "./settings";

type Deliver = NonNullable<AddOn["onLeadEvent"]>["deliver"];

/** How long an owner lookup is kept: the team's HubSpot users change rarely. */
const OWNER_KEPT_MS = 60 * 60_000;
const owners = new Map<string, { id?: string; at: number }>();

/** The HubSpot owner id of the user with `email`, or undefined when none; a failed lookup is its failure. */
async function ownerIdOf(email: string, settings: HubspotConfig, options: CallOptions) {
  const key = email.toLowerCase();
  const cached = owners.get(key);
  if (cached && Date.now() - cached.at < OWNER_KEPT_MS) return { id: cached.id };
  const answer = await callHubspot<{ results: { id: string; email?: string; archived?: boolean }[] }>(
    settings,
    "owners",
    { method: "GET", path: `/crm/owners/${API_VERSION}?email=${encodeURIComponent(key)}&limit=1` },
    options,
  );
  if (!answer.ok) return answer;
  const owner = answer.body.results.find((o) => !o.archived && o.email?.toLowerCase() === key);
  owners.set(key, { id: owner?.id, at: Date.now() });
  return { id: owner?.id };
}

/** Forgets every owner looked up (tests change HubSpot's users between cases). */
export const forgetOwners = () => owners.clear();

/** The lead status key of `event` (a close reason makes it e.g. `closed:not a fit`), or undefined. */
function statusKey(event: PublishedLeadEvent, closedReason: string | undefined): string | undefined {
  if (event.name === "closed") return closedReason && `closed:${closedReason}`;
  return event.name;
}

async function patchContact(
  id: string,
  properties: Record<string, string>,
  settings: HubspotConfig,
  options: CallOptions,
) {
  const answer = await callHubspot(
    settings,
    "contact update",
    {
      method: "PATCH",
      path: `/crm/objects/${API_VERSION}/contacts/${encodeURIComponent(id)}`,
      body: { properties },
    },
    options,
  );
  return outcome(answer);
}

function outcome(answer: Awaited<ReturnType<typeof callHubspot>>): SendResult & { attempts: number } {
  if (answer.ok) return { status: "sent", attempts: answer.attempts };
  const { result } = answer;
  // A refused token keeps the change waiting, for the retry job once it is mended.
  return answer.auth
    ? { status: "retryable", error: result.error, code: result.code, attempts: result.attempts }
    : result;
}

/** The lead events' subscriber for `settings`, calling HubSpot through `fetchImpl`. */
export function followUpDeliverer(settings: HubspotConfig, fetchImpl?: typeof fetch): Deliver {
  return async (event, lead: LeadRecord, { addOns, retry }) => {
    const options = { fetchImpl, retry };
    const { contactId, created } = memoOf(lead);
    if (!contactId) {
      // A change before the contact exists waits for it; a lead never sent to HubSpot has no contact to change.
      const delivery = lead.deliveries.hubspot;
      const waits = delivery?.state === "pending" || delivery?.state === "sending";
      return waits
        ? { status: "retryable", error: "the lead's contact is not in HubSpot yet" }
        : { status: "permanent", error: "the lead has no HubSpot contact", code: 0 };
    }
    const view = await followUpViewOf(addOns, lead.id);
    if (event.name === "claimed" || event.name === "handed-over") {
      const email = view?.owner?.email;
      const owner = email ? await ownerIdOf(email, settings, options) : { id: undefined };
      if ("ok" in owner) return outcome(owner);
      if (!owner.id) {
        logInfo("lead owner is not a HubSpot user; the contact's owner is left", { requestId: lead.id });
        return { status: "sent" };
      }
      return patchContact(contactId, { hubspot_owner_id: owner.id }, settings, options);
    }
    if (event.name === "closed" && view?.closedReason === "spam" && created) {
      return outcome(
        await callHubspot(
          settings,
          "contact archive",
          {
            method: "DELETE",
            path: `/crm/objects/${API_VERSION}/contacts/${encodeURIComponent(contactId)}`,
          },
          options,
        ),
      );
    }
    const key = statusKey(event, view?.closedReason);
    const status = key ? settings.leadStatuses[key] : undefined;
    if (!status) return { status: "sent" };
    return patchContact(contactId, { hs_lead_status: status }, settings, options);
  };
}
