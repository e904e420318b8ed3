/** The sales e-mail channel; its outcome is the lead's state (docs/decisions/0019-lead-path.md). */
import type { DeliveryChannel } from "./delivery-channel";
import { logError, logInfo, maskEmail } from "../../kit/log";
import { sendWithRetry } from "./mailer";
import { buildSalesEmail } from "./sales-message";
import { timeZoneOf } from "../add-on";

export const salesEmail: DeliveryChannel = {
  name: "sales",
  plan: () => "send",
  async send(lead, { config, mailer, retry, addOns }) {
    const message = buildSalesEmail(lead.request, {
      salesEmail: config.salesEmail,
      mailFrom: config.mailFrom,
      receivedAt: new Date(lead.receivedAt),
      requestId: lead.id,
      suspectedSpam: lead.suspectedSpam,
      attribution: lead.attribution,
      claimUrl: addOns.map((addOn) => addOn.claimUrl?.(config, lead.id)).find(Boolean),
      emailClass: lead.emailClass,
      timeZone: timeZoneOf(addOns, config),
    });
    const result = await sendWithRetry(mailer, message, retry);
    if (result.status === "sent") {
      logInfo("sales e-mail accepted", {
        requestId: lead.id,
        prospect: maskEmail(lead.request.email),
        attempts: result.attempts,
      });
    } else {
      logError(
        result.status === "permanent"
          ? "sales e-mail not accepted, refused for good"
          : "sales e-mail not accepted",
        { requestId: lead.id, status: result.code, error: result.error, attempts: result.attempts },
      );
    }
    return result;
  },
};
