/**
 * The lead webhook add-on (docs/decisions/0022-lead-webhook-channel.md): each lead POSTed on its own channel
 * beside the sales e-mail, with the claim link of the core's `claimUrl` hook and the add-ons' lead lines
 * (docs/decisions/0050-company-match.md), its alerts, and the follow-up changes
 * it takes up as lead events (docs/decisions/0044-durable-lead-events.md). The URL is never logged: it is a credential.
 */
import { claimUrlOf, leadLinesOf, type AddOn, type DeliveryChannel } from "../../core/add-on";
import {
  FOLLOW_UP_CHANGES,
  LEAD_UPDATE_ACTIONS,
  type LeadEventName,
  type LeadUpdateAction,
} from "../../core/leads/lead-events";
import { errorName, logError, logInfo } from "../../kit/log";
import { noticeRequest, postLeadEvent, postWithRetries, webhookLead } from "./post-lead-event";

const leadWebhook: DeliveryChannel = {
  name: "webhook",
  // A repeat costs the team a duplicate message at worst.
  resendInDoubt: true,
  plan: (_lead, { config }) => (config.leadWebhook ? "send" : { skip: "LEAD_WEBHOOK_URL is not set" }),
  async send(lead, { config, addOns, retry, now }) {
    const settings = config.leadWebhook;
    if (!settings) return { status: "permanent", error: "LEAD_WEBHOOK_URL is not set", code: 0, attempts: 0 };
    const lines = await leadLinesOf(addOns, lead, { config, now });
    const event = {
      kind: "lead",
      lead: webhookLead(lead, { claimUrl: claimUrlOf(addOns, config, lead.id, now()), lines }),
    } as const;
    const result = await postLeadEvent(event, settings, now, retry);
    const fields = { requestId: lead.id, format: settings.format };
    if (result.status === "sent") logInfo("lead webhook accepted", { ...fields, attempts: result.attempts });
    else {
      logError(
        result.status === "permanent" ? "lead webhook refused for good" : "lead webhook not accepted",
        { ...fields, status: result.code, error: result.error, attempts: result.attempts },
      );
    }
    return result;
  },
};

export const webhookAddOn: AddOn = {
  name: "lead webhook",
  channel: { lane: "beside", channel: leadWebhook },
  async postNotice(notice, { config, retry, now }) {
    const settings = config.leadWebhook;
    if (!settings) return { status: "permanent", error: "LEAD_WEBHOOK_URL is not set", code: 0 };
    try {
      return await postWithRetries(settings, (at) => noticeRequest(notice, settings, at), now, retry);
    } catch (error) {
      return { status: "permanent", error: errorName(error), code: 0 };
    }
  },
  async postAlert(lead, { owner, claimUrl, ...alert }, { config, retry, now }) {
    const settings = config.leadWebhook;
    if (!settings) return "failed";
    try {
      const event = { kind: "alert", lead: webhookLead(lead, { owner, claimUrl }), alert } as const;
      const result = await postLeadEvent(event, settings, now, retry);
      if (result.status === "sent") return "sent";
      logError("lead alert not accepted by the webhook", {
        requestId: lead.id,
        reason: alert.reason,
        status: result.code,
        error: result.error,
      });
    } catch (error) {
      logError("lead alert not posted to the webhook", { requestId: lead.id, reason: errorName(error) });
    }
    return "failed";
  },
  // A follow-up change as a short `lead.updated` note (docs/decisions/0030-slack-and-booking-loop.md).
  onLeadEvent: {
    name: "lead webhook",
    events: FOLLOW_UP_CHANGES,
    async deliver(event, lead, { config, retry, now }) {
      const settings = config.leadWebhook;
      const action = updateActionOf(event.name);
      if (!settings || !action) return { status: "permanent", error: "not a lead webhook update", code: 0 };
      const update = { action, at: event.at, detail: event.detail };
      const note = { kind: "update", lead: webhookLead(lead, { owner: event.owner }), update } as const;
      try {
        const result = await postLeadEvent(note, settings, now, retry);
        if (result.status !== "sent") {
          logError("follow-up update not accepted by the webhook", {
            requestId: lead.id,
            action,
            status: result.code,
          });
        }
        return result;
      } catch (error) {
        logError("follow-up update not posted", { requestId: lead.id, action, reason: errorName(error) });
        return { status: "retryable", error: `not posted (${errorName(error)})` };
      }
    },
  },
};

/** The `update.action` of a follow-up change: a hand-over goes as `claimed`; other events are no update. */
function updateActionOf(name: LeadEventName): LeadUpdateAction | undefined {
  if (name === "handed-over") return "claimed";
  return LEAD_UPDATE_ACTIONS.find((action) => action === name);
}
