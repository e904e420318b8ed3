/**
 * The e-mail of an alert to ALERT_EMAIL in the one layout (docs/requirements.md#lead-path-and-alerts,
 * docs/decisions/0037-email-layout.md). No visitor text: ALERT_EMAIL need not be the sales inbox.
 */
import * as React from "react";
import { EmailLayout, Lines, List, renderEmail, Title } from "../../kit/email-layout";
import type { ServerConfig } from "../config";
import type { MailMessage } from "./messages";

/** A paragraph (its "\n"s break lines) or a bulleted list. */
export type AlertBlock = string | { list: readonly string[] };

/** The alert `subject` to ALERT_EMAIL: `title`, then `body`'s blocks in order; tagged with `requestId` if given. */
export function alertEmail(
  config: Pick<ServerConfig, "alertEmail" | "mailFrom">,
  alert: { subject: string; title: string; body: readonly AlertBlock[]; requestId?: string },
): MailMessage {
  const { html, text } = renderEmail(
    <EmailLayout preview={alert.subject}>
      <Title>{alert.title}</Title>
      {alert.body.map((block, index) =>
        typeof block === "string" ? (
          <Lines key={index} lines={block.split("\n")} />
        ) : (
          <List key={index} items={block.list} />
        ),
      )}
    </EmailLayout>,
  );
  return {
    to: config.alertEmail,
    from: config.mailFrom,
    subject: alert.subject,
    text,
    html,
    customArgs: alert.requestId ? { requestId: alert.requestId, kind: "alert" } : { kind: "alert" },
  };
}
