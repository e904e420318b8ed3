/** The lead webhook plugin: its settings, and its channel and alerts when on (docs/decisions/0022-lead-webhook-channel.md). */
import { settingsPart, type Plugin } from "../../core/plugin";
import { WEBHOOK_VARIABLES, webhookSettings } from "./settings";

export const webhookPlugin: Plugin = {
  name: "lead webhook",
  settings: [
    settingsPart({
      key: "leadWebhook",
      name: "lead webhook",
      variables: WEBHOOK_VARIABLES,
      read: webhookSettings,
    }),
  ],
  // A Slack message carries the claim buttons only while Slack's interactivity can answer them.
  settle: ({ leadWebhook, slack }) =>
    leadWebhook && {
      leadWebhook: { ...leadWebhook, slackButtons: leadWebhook.format === "slack" && !!slack },
    },
  load: async (config) => (config.leadWebhook ? (await import("./add-on")).webhookAddOn : undefined),
};
