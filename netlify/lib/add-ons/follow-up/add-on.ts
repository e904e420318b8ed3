/**
 * The follow-up add-on's hooks into the core (docs/decisions/0029-lead-follow-up.md,
 * docs/decisions/0034-core-and-add-ons.md): the claim link each sales e-mail carries.
 */
import type { AddOn } from "../../core/add-on";
import { claimUrlFor } from "./claim-link";

export const followUpAddOn: AddOn = { name: "follow-up", claimUrl: claimUrlFor };
