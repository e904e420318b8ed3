/**
 * HubSpot's copy of a lead in erasure (docs/decisions/0049-hubspot-plugin.md, docs/decisions/0045-privacy-hooks.md):
 * the contact the delivery's memo names, deleted with HubSpot's GDPR delete by that id. Never by the e-mail address:
 * HubSpot blocklists an address it does not find, and a typed address could name another person's contact.
 */
import type { PartnerCopy, PartnerErasure } from "../../core/plugin";
import type { Env } from "../../kit/settings";
import { API_VERSION, callHubspot, type CallOptions } from "./client";
import { memoOf } from "./contacts";
import { hubspotSettings } from "./settings";

const GDPR_DELETE = `/crm/objects/${API_VERSION}/contacts/gdpr-delete`;

/** What HubSpot's answer to a GDPR delete of contact `id` means, by status only. */
function answered(id: string, code: number | undefined, attempts: number, error: string): PartnerErasure {
  if (code === 401 || code === 403)
    return {
      ok: false,
      line:
        `HubSpot refused the token (${code}): contact ${id} is not deleted. Check HUBSPOT_ACCESS_TOKEN and its ` +
        "crm.objects.contacts.write scope.",
    };
  if (code === 404)
    return {
      ok: false,
      line:
        attempts > 1
          ? `HubSpot answered 404: no such contact ${id} on a repeated call (the first may have deleted it); check HubSpot.`
          : `HubSpot answered 404: no such contact ${id} (already deleted, or merged into another); check HubSpot.`,
    };
  const what = code === undefined ? error : `HubSpot answered ${code}`;
  return { ok: false, line: `${what}: contact ${id} may not be deleted; run the command again.` };
}

/**
 * The plugin's partner copy. `erase` reads HubSpot's settings from `env` (off or invalid: nothing sent, the line
 * names the variable, never its value) and never throws; `options` are the calls' fetch and retries (tests).
 */
export function hubspotCopy(options: CallOptions = {}): PartnerCopy {
  return {
    holder: "HubSpot",
    record: "contact",
    recordOf(lead) {
      const { contactId } = memoOf(lead);
      return typeof contactId === "string" && contactId !== "" ? contactId : undefined;
    },
    async erase(recordId: string, env: Env) {
      const setting = hubspotSettings(env);
      if (setting.state === "off")
        return {
          ok: false,
          line: `HubSpot was not asked to delete contact ${recordId}: HUBSPOT_ACCESS_TOKEN is not set. Set it as the site has it.`,
        };
      if (setting.state === "invalid")
        return {
          ok: false,
          line: `HubSpot was not asked to delete contact ${recordId}: ${setting.problems.join("; ")}.`,
        };
      const answer = await callHubspot(
        setting.value,
        "contact gdpr delete",
        { method: "POST", path: GDPR_DELETE, body: { objectId: recordId } },
        options,
      );
      if (answer.ok) return { ok: true, line: `HubSpot deleted contact ${recordId} (GDPR delete).` };
      return answered(recordId, answer.result.code, answer.result.attempts, answer.result.error);
    },
  };
}
