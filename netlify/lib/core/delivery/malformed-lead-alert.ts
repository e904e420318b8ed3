/**
 * A malformed stored lead reaches a person (docs/requirements.md#lead-path-and-alerts): the record cannot hold
 * its own alert, so a `malformed/<id>` note is written `onlyIfNew` first and only its writer e-mails ALERT_EMAIL.
 */
import type { JsonBlobs } from "../../kit/json-blobs";
import { logMalformedLead, noteMalformedLead } from "../leads/lead-record-schema";
import { alertEmail, alertOnce, type AlertDeps } from "./alert";

export interface MalformedLeadAlerts extends AlertDeps {
  blobs: JsonBlobs;
  now?: () => Date;
}

/** Logs that `by` skipped lead `id` and, with `alerts`, tells ALERT_EMAIL once. Never throws. */
export async function reportMalformedLead(
  id: string,
  by: string,
  alerts?: MalformedLeadAlerts,
): Promise<void> {
  logMalformedLead(id, by);
  if (!alerts) return;
  const body = [
    `The stored record of demo request ${id} is not a lead record, so every job skips it: it gets no delivery, reminder or retention, and exports, reports and erasure by address leave it out.`,
    `Inspect it: the key leads/${id} in the site's Netlify Blobs store demo-requests (locally under .netlify/blobs-serve). Put it right there, or erase it with \`npm run leads:erase -- --id ${id}\`.`,
    "This alert is sent once; if the record is still malformed after 30 days, it is sent again.",
  ];
  const now = alerts.now ?? (() => new Date());
  await alertOnce(
    {
      what: "malformed lead alert",
      note: () => noteMalformedLead(alerts.blobs, id, now()),
      message: alertEmail(alerts.config, {
        subject: `Stored demo request unreadable: ${id}`,
        title: "Stored demo request unreadable",
        body,
        requestId: id,
      }),
      notSent: "malformed lead alert e-mail not sent; this log line is the alert",
    },
    alerts,
    { requestId: id },
  );
}
