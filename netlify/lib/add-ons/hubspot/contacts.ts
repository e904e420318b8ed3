/**
 * Delivers leads to HubSpot (docs/decisions/0049-hubspot-plugin.md), a batch of up to 100 in three calls: read the
 * contacts by e-mail, upsert them, create the notes; and one search more per lead whose earlier attempt may have
 * made its note.
 * A new contact, or one whose field is empty, gets the lifecycle stage and the lead status; a returning contact's
 * stage, status and owner are never reset. One refused record never fails the others.
 */
import type { ChannelResult } from "../../core/add-on";
import type { LeadRecord } from "../../core/leads/lead-record";
import { API_VERSION, callHubspot, type Answer, type CallOptions } from "./client";
import { noteBody } from "./note";
import type { HubspotConfig } from "./settings";

/** A batch call's most inputs. */
export const BATCH_SIZE = 100;

/** HubSpot's default type of a note's association to a contact. */
const NOTE_TO_CONTACT = 202;

const CONTACTS = `/crm/objects/${API_VERSION}/contacts`;
const NOTES = `/crm/objects/${API_VERSION}/notes`;

/** What the channel keeps on a lead's delivery: its contact, whether this plugin created it, a note in doubt. */
export interface HubspotMemo {
  contactId?: string;
  created?: boolean;
  noteInDoubt?: boolean;
}

interface HubObject {
  id: string;
  properties: Record<string, string | null>;
  new?: boolean;
  objectWriteTraceId?: string;
}
interface BatchAnswer {
  results: HubObject[];
}

const FIELDS_SET_WHEN_EMPTY = ["lifecyclestage", "hs_lead_status"] as const;

export const memoOf = (lead: LeadRecord): HubspotMemo => lead.deliveries.hubspot?.memo ?? {};
/** `memo` as a delivery keeps it (its absent fields are not stored). */
const kept = (memo: HubspotMemo) => memo as Record<string, string | boolean>;
const inboxOf = (lead: LeadRecord) => lead.request.email.trim().toLowerCase();

/** The result for a lead when a call failed: an auth failure keeps it pending, for `leads:retry` once mended. */
function failed(answer: Extract<Answer<unknown>, { ok: false }>, memo: HubspotMemo): ChannelResult {
  const { result } = answer;
  if (answer.auth)
    return {
      status: "retryable",
      error: result.error,
      code: result.code,
      attempts: result.attempts,
      memo: kept(memo),
    };
  return { ...result, memo: kept(memo) };
}

/** Upserts the contacts of `leads` (each new or lacking one); resolves each lead's memo, or its failure. */
async function upsertContacts(
  leads: readonly LeadRecord[],
  settings: HubspotConfig,
  options: CallOptions,
): Promise<Map<string, HubspotMemo | ChannelResult>> {
  const out = new Map<string, HubspotMemo | ChannelResult>();
  if (leads.length === 0) return out;
  const inboxes = [...new Set(leads.map(inboxOf))];
  const read = await callHubspot<BatchAnswer>(
    settings,
    "contacts read",
    {
      method: "POST",
      path: `${CONTACTS}/batch/read`,
      body: {
        idProperty: "email",
        inputs: inboxes.map((id) => ({ id })),
        properties: ["email", ...FIELDS_SET_WHEN_EMPTY],
        propertiesWithHistory: [],
      },
    },
    options,
  );
  if (!read.ok) {
    for (const lead of leads) out.set(lead.id, failed(read, memoOf(lead)));
    return out;
  }
  const existing = new Map(
    read.body.results.map((c) => [(c.properties.email ?? "").toLowerCase(), c.properties]),
  );
  // The latest request of an inbox gives its fields; one input per inbox.
  const latest = new Map(leads.map((lead) => [inboxOf(lead), lead]));
  const inputs = [...latest].map(([inbox, lead]) => {
    const known = existing.get(inbox);
    const empty = (field: string) => !known?.[field];
    const { firstName, lastName, phone, company } = lead.request;
    return {
      id: inbox,
      idProperty: "email",
      objectWriteTraceId: inbox,
      properties: {
        email: inbox,
        firstname: firstName,
        lastname: lastName,
        ...(phone ? { phone } : {}),
        ...(company ? { company } : {}),
        ...(empty("lifecyclestage") ? { lifecyclestage: "lead" } : {}),
        ...(empty("hs_lead_status") ? { hs_lead_status: settings.leadStatuses.new } : {}),
      },
    };
  });
  const upsert = await callHubspot<BatchAnswer>(
    settings,
    "contacts upsert",
    {
      method: "POST",
      path: `${CONTACTS}/batch/upsert`,
      body: { inputs },
    },
    options,
  );
  if (!upsert.ok) {
    for (const lead of leads) out.set(lead.id, failed(upsert, memoOf(lead)));
    return out;
  }
  const byInbox = new Map(
    upsert.body.results.map((c) => [(c.objectWriteTraceId ?? c.properties.email ?? "").toLowerCase(), c]),
  );
  for (const lead of leads) {
    const contact = byInbox.get(inboxOf(lead));
    out.set(
      lead.id,
      contact
        ? { ...memoOf(lead), contactId: contact.id, created: contact.new === true }
        : {
            status: "permanent",
            error: "HubSpot refused this contact",
            code: 207,
            attempts: upsert.attempts,
            memo: kept(memoOf(lead)),
          },
    );
  }
  return out;
}

/** True when lead `id`'s note is already on `contactId` (made by an attempt whose answer was lost). */
async function hasNote(id: string, contactId: string, settings: HubspotConfig, options: CallOptions) {
  const found = await callHubspot<BatchAnswer>(
    settings,
    "notes search",
    {
      method: "POST",
      path: `${NOTES}/search`,
      body: {
        filterGroups: [
          { filters: [{ propertyName: "associations.contact", operator: "EQ", value: contactId }] },
        ],
        properties: ["hs_note_body"],
        sorts: [],
        limit: 200,
        after: "0",
      },
    },
    options,
  );
  if (!found.ok) return found;
  return found.body.results.some((note) => (note.properties.hs_note_body ?? "").includes(id));
}

/**
 * Delivers `leads` (up to BATCH_SIZE); resolves each lead's result by id with its memo. A note is made once: an
 * attempt that may have made one (its answer lost, or the lead's delivery in doubt) looks for it first.
 */
export async function deliverToHubspot(
  leads: readonly LeadRecord[],
  settings: HubspotConfig,
  options: CallOptions = {},
): Promise<Map<string, ChannelResult>> {
  const results = new Map<string, ChannelResult>();
  const memos = new Map<string, HubspotMemo>();
  const contacts = await upsertContacts(
    leads.filter((lead) => !memoOf(lead).contactId),
    settings,
    options,
  );
  for (const lead of leads) {
    const upserted = contacts.get(lead.id) ?? memoOf(lead);
    if ("status" in upserted) results.set(lead.id, upserted);
    else memos.set(lead.id, upserted);
  }
  const toNote: LeadRecord[] = [];
  for (const lead of leads.filter((l) => memos.has(l.id))) {
    const memo = memos.get(lead.id)!;
    if (!memo.noteInDoubt && !lead.deliveries.hubspot?.inDoubt) {
      toNote.push(lead);
      continue;
    }
    const found = await hasNote(lead.id, memo.contactId!, settings, options);
    if (found === true)
      results.set(lead.id, { status: "sent", attempts: 1, memo: kept({ ...memo, noteInDoubt: false }) });
    else if (found === false) toNote.push(lead);
    else results.set(lead.id, failed(found, memo));
  }
  if (toNote.length === 0) return results;
  const created = await callHubspot<BatchAnswer>(
    settings,
    "notes create",
    {
      method: "POST",
      path: `${NOTES}/batch/create`,
      body: {
        inputs: toNote.map((lead) => ({
          objectWriteTraceId: lead.id,
          properties: { hs_timestamp: lead.receivedAt, hs_note_body: noteBody(lead) },
          associations: [
            {
              to: { id: memos.get(lead.id)!.contactId! },
              types: [{ associationCategory: "HUBSPOT_DEFINED", associationTypeId: NOTE_TO_CONTACT }],
            },
          ],
        })),
      },
    },
    { ...options, repeatable: false },
  );
  const made = new Set(created.ok ? created.body.results.map((note) => note.objectWriteTraceId) : []);
  for (const lead of toNote) {
    const memo = memos.get(lead.id)!;
    if (made.has(lead.id))
      results.set(lead.id, { status: "sent", attempts: 1, memo: kept({ ...memo, noteInDoubt: false }) });
    else if (created.ok) {
      results.set(lead.id, {
        status: "permanent",
        error: "HubSpot refused this note",
        code: 207,
        attempts: 1,
        memo: kept(memo),
      });
    } else {
      // Without HubSpot's answer (a 5xx, a timeout) the note may exist: the next attempt looks for it first.
      const definite = created.result.status === "permanent" && !created.auth;
      results.set(lead.id, failed(created, { ...memo, noteInDoubt: !definite }));
    }
  }
  return results;
}
