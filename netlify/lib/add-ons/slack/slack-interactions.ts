/**
 * POST /api/slack/interactions: the Claim and Contacted buttons in Slack (docs/decisions/0030-slack-and-booking-loop.md).
 * Answers 200 at once (Slack wants it within 3 seconds) and applies the click after, through the core's `leadActions`
 * hook (docs/decisions/0047-slack-plugin.md); applying is idempotent, and a failed message update falls back to a note
 * in the channel so the change is never lost.
 */
import { z } from "zod";
import { type HandlerDeps } from "../../core/add-on";
import { leadActionsOf, type FollowUpView } from "../../core/follow-up-hooks";
import type { ServerConfig } from "../../core/config";
import type { RetryOptions } from "../../core/delivery/mailer";
import { isUuid } from "../../core/leads/lead-address";
import { logMalformedLead, MalformedLeadError, type LeadRecord } from "../../core/leads/lead-record";
import { json, readInboundRequest, type AfterAnswerContext } from "../../kit/http";
import { errorName, logError, logInfo } from "../../kit/log";
import { MAX_STAFF_NAME_LENGTH, type StaffMember } from "../../kit/roster";
import {
  ACTIONS_BLOCK_ID,
  fitSlack,
  followUpButtons,
  OWNER_BLOCK_ID,
  plain,
  slackLine,
  STATUS_BLOCK_ID,
} from "../../kit/slack-blocks";
import { postWebhook } from "../../kit/webhook-post";
import { verifySlackRequest } from "./slack-signature";

/** Largest click accepted, in bytes: a click echoes the whole message, near 32 KB at worst. */
export const SLACK_MAX_BODY_BYTES = 64 * 1024;

const payloadSchema = z.object({
  type: z.literal("block_actions"),
  user: z.object({
    id: z.string().min(1).max(40),
    name: z.string().max(200).optional(),
    username: z.string().max(200).optional(),
  }),
  actions: z.array(z.object({ action_id: z.enum(["claim", "contacted"]), value: z.string() })).min(1),
  response_url: z.string().optional(),
  message: z
    .object({ ts: z.string().optional(), blocks: z.array(z.record(z.string(), z.unknown())).optional() })
    .optional(),
});
type SlackClick = z.infer<typeof payloadSchema>;
type SlackInteractionDeps = HandlerDeps & { fetch?: typeof fetch; retry?: RetryOptions };

/** Whether `value` is a Slack response URL (a loopback http URL when local). */
function isSlackResponseUrl(value: string | undefined, isLocal: boolean): value is string {
  const url = URL.parse(value ?? "");
  if (url?.protocol === "https:" && url.hostname === "hooks.slack.com") return true;
  return isLocal && url?.protocol === "http:" && ["localhost", "127.0.0.1"].includes(url.hostname);
}

function clicker(click: SlackClick, config: ServerConfig): StaffMember {
  const mapped = config.slack?.userMap.get(click.user.id);
  if (mapped) return { ...mapped, slackUserId: click.user.id };
  const name = (click.user.name || click.user.username || click.user.id)
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .slice(0, MAX_STAFF_NAME_LENGTH);
  return { name: name || click.user.id, slackUserId: click.user.id };
}

function updatedBlocks(
  blocks: readonly Record<string, unknown>[],
  lead: LeadRecord,
  followUp: FollowUpView,
  status: string,
): unknown[] {
  const kept = blocks
    .filter((block) => block.block_id !== ACTIONS_BLOCK_ID && block.block_id !== STATUS_BLOCK_ID)
    .map((block) =>
      block.block_id === OWNER_BLOCK_ID && Array.isArray(block.fields)
        ? { ...block, fields: [block.fields[0], plain(followUp.owner?.name ?? "nobody yet", 2000)] }
        : block,
    );
  const status_ = { type: "context", block_id: STATUS_BLOCK_ID, elements: [plain(status, 3000)] };
  const next = followUp.state === "claimed" ? [followUpButtons(lead.id, ["contacted"])] : [];
  return [...kept, status_, ...next];
}

/** Applies one click and tells Slack; never throws (a failure is logged). */
async function applyClick(
  click: SlackClick,
  deps: SlackInteractionDeps,
  config: ServerConfig,
  now: () => Date,
): Promise<void> {
  const [{ action_id: action, value: rawId }] = click.actions;
  const id = rawId.toLowerCase();
  const responseUrl = isSlackResponseUrl(click.response_url, config.isLocal) ? click.response_url : undefined;
  const respond = async (body: unknown) => {
    if (!responseUrl) return false;
    const request = { body: JSON.stringify(body), headers: { "content-type": "application/json" } };
    const posted = await postWebhook(responseUrl, request, { timeoutMs: 3000, fetchImpl: deps.fetch });
    return posted.status === "sent";
  };
  // A reply may name a person (an owner typed on the claim page): plain text, as visitor text is.
  const tell = (text: string) =>
    respond({ response_type: "ephemeral", replace_original: false, ...slackLine(text) });
  try {
    const lead = isUuid(id) ? await deps.getStore().get(id) : null;
    if (!lead) {
      await tell("This lead is no longer stored.");
      return;
    }
    // The settings keep the buttons off while follow-up is; should it be off all the same, the click fails as any.
    const actions = leadActionsOf(await deps.getAddOns(config));
    if (!actions) throw new Error("follow-up is off");
    const owner = clicker(click, config);
    const at = now();
    const result = await actions.apply(lead, action, {
      at,
      by: owner,
      logged: "lead follow-up changed from Slack",
    });
    if (!result.applied) {
      await tell(result.reason);
      return;
    }
    const updated =
      !!click.message?.blocks &&
      (await respond({
        replace_original: true,
        text: fitSlack(result.line, 3000),
        mrkdwn: false,
        blocks: updatedBlocks(click.message.blocks, lead, result.view, result.line),
      }));
    if (!updated) {
      await result.announce({
        config,
        now,
        mailer: deps.createMailer(config),
        retry: deps.retry,
        getAddOns: deps.getAddOns,
        getLeadEvents: deps.getLeadEvents,
      });
    }
  } catch (error) {
    if (error instanceof MalformedLeadError) {
      logMalformedLead(id, "the Slack buttons");
      await tell(
        "This lead's stored record is damaged, so it cannot be changed; tell the site's owner its request id.",
      );
      return;
    }
    logError("Slack click not applied; the person can use the claim link", {
      requestId: id,
      reason: errorName(error),
    });
    await tell("That did not go through; please try again or use the claim link in the e-mail.");
  }
}

/** Builds the handler for `/api/slack/interactions`. */
export function createSlackInteractionsHandler(deps: SlackInteractionDeps) {
  const now = deps.now ?? (() => new Date());
  return async (req: Request, context?: AfterAnswerContext): Promise<Response> => {
    const read = await readInboundRequest(req, deps.getConfig, {
      secretOf: (config) => config.slack?.signingSecret,
      notConfigured: "Slack interactivity is not configured",
      maxBytes: SLACK_MAX_BODY_BYTES,
    });
    if (read instanceof Response) return read;
    const { config, secret, body } = read;
    const verdict = verifySlackRequest({
      secret,
      timestamp: req.headers.get("x-slack-request-timestamp"),
      signature: req.headers.get("x-slack-signature"),
      body,
      now: now(),
    });
    if (!verdict.ok) {
      logInfo("Slack request refused", { reason: verdict.reason });
      return json(401, { error: "Not signed by Slack" });
    }
    let click: SlackClick;
    try {
      click = payloadSchema.parse(JSON.parse(new URLSearchParams(body).get("payload") ?? ""));
    } catch {
      return json(400, { error: "Not a click on a follow-up button" });
    }
    const work = applyClick(click, deps, config, now);
    if (context?.waitUntil) context.waitUntil(work);
    else void work;
    return new Response(null, { status: 200, headers: { "cache-control": "no-store" } });
  };
}
