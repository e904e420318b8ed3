/**
 * Slack's Block Kit pieces that the lead webhook's messages and the Slack buttons' replies share
 * (docs/decisions/0022-lead-webhook-channel.md, docs/decisions/0030-slack-and-booking-loop.md): the one escaping of
 * visitor text for Slack, the follow-up buttons, and the block ids a click's update finds them by.
 */
import type { ActionsBlock, KnownBlock, PlainTextElement } from "@slack/types";

const SLACK_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };

/** Escapes & < >, Slack's three control characters, e.g. `<!channel>` -> `&lt;!channel&gt;`. */
export function escapeSlack(value: string): string {
  return value.replace(/[&<>]/g, (ch) => SLACK_ESCAPES[ch]);
}

/** The most characters a section's text may hold. */
export const SECTION_MAX = 3000;

/** Escapes `value` and cuts it to `max` characters, never inside an entity, marking a cut with "…". */
export function fitSlack(value: string, max: number): string {
  const escaped = escapeSlack(value);
  if (escaped.length <= max) return escaped;
  let out = "";
  for (const ch of value) {
    const next = escapeSlack(ch);
    if (out.length + next.length > max - 1) break;
    out += next;
  }
  return `${out}…`;
}

/** `value` as Slack `plain_text`, escaped and cut to `max` characters, emoji codes left as typed. */
export const plain = (value: string, max: number): PlainTextElement => ({
  type: "plain_text",
  text: fitSlack(value, max),
  emoji: false,
});

/** One line that may hold typed text, e.g. a reply to a click, as a `plain_text` message. */
export function slackLine(line: string): { text: string; blocks: KnownBlock[]; mrkdwn: false } {
  return {
    text: fitSlack(line, SECTION_MAX),
    blocks: [{ type: "section", text: plain(line, SECTION_MAX) }],
    mrkdwn: false,
  };
}

export const OWNER_BLOCK_ID = "follow_up_owner";
export const ACTIONS_BLOCK_ID = "follow_up_actions";
export const STATUS_BLOCK_ID = "follow_up_status";

const SLACK_ACTIONS = { claim: "Claim", contacted: "Contacted" } as const;
export type SlackAction = keyof typeof SLACK_ACTIONS;

/** The Claim and/or Contacted buttons for lead `id`, Claim as the primary one (docs/decisions/0030-slack-and-booking-loop.md). */
export function followUpButtons(id: string, actions: readonly SlackAction[]): ActionsBlock {
  return {
    type: "actions",
    block_id: ACTIONS_BLOCK_ID,
    elements: actions.map((action) => ({
      type: "button",
      action_id: action,
      value: id,
      text: { type: "plain_text", text: SLACK_ACTIONS[action], emoji: false },
      ...(action === "claim" ? { style: "primary" as const } : {}),
    })),
  };
}
