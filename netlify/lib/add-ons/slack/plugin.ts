/**
 * The Slack plugin: the Claim and Contacted buttons' settings and their endpoint, POST /api/slack/interactions
 * (docs/decisions/0030-slack-and-booking-loop.md, docs/decisions/0047-slack-plugin.md). It has no hooks: a click reaches
 * the follow-up record through the core's `leadActions` hook, and the lead webhook adds the buttons to its Slack
 * messages while these settings are on.
 */
import { settingsPart, type Plugin } from "../../core/plugin";
import { SLACK_VARIABLES, slackButtonsSettings } from "./settings";

export const slackPlugin: Plugin = {
  name: "slack",
  settings: [
    settingsPart({
      key: "slack",
      name: "Slack buttons",
      variables: SLACK_VARIABLES,
      read: slackButtonsSettings,
    }),
  ],
};
