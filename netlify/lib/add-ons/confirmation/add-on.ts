/** The confirmation add-on (docs/decisions/0010-confirmation-limits.md, docs/decisions/0034-core-and-add-ons.md). */
import type { AddOn } from "../../core/add-on";
import { confirmationChannel } from "./confirmation";
import type { ConfirmationLimits } from "./confirmation-limits";

/** The add-on over `limits` (default: the Blobs store `demo-request-limits`). */
export function confirmationAddOn(limits: () => ConfirmationLimits): AddOn {
  return { name: "confirmation", channel: { lane: "after-sales", channel: confirmationChannel(limits) } };
}
