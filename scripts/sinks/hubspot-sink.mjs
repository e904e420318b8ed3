/**
 * The HubSpot-shaped CRM sink of `npm start` and the tests: the 2026-03 contacts, notes, owners and properties
 * calls the HubSpot plugin makes, on contacts and notes kept in memory, with the free tier's 100 calls per rolling
 * 10 s (a 429 past it, counted, so a bench can assert none). It answers only
 * `Authorization: Bearer local`, and like the other sinks only a Host naming this machine at its port
 * (docs/decisions/0012-local-server-hardening.md). Its page lists the contacts with their notes, which are HTML
 * from the plugin and are shown as text.
 */
import { createHash, randomUUID } from "node:crypto";
import escapeHtml from "escape-html";
import { listenLoopback, refusedControl, sendJson, sendPage } from "./sink-control.mjs";

export const HUBSPOT_LOCAL_TOKEN = "local";
const MAX_BODY_BYTES = 1024 * 1024;
const RATE_MAX = 100;
const RATE_WINDOW_MS = 10_000;
// Not stated for these endpoints; HubSpot's other batch APIs take 100 inputs.
const MAX_BATCH_INPUTS = 100;
const MAX_NOTE_BODY = 65_536;
const NOTE_TO_CONTACT = 202;
const OBJECTS = "/crm/objects/2026-03";

const option = (value, label, displayOrder) => ({ value, label, hidden: false, displayOrder });
const PROPERTIES = {
  hs_lead_status: {
    name: "hs_lead_status",
    label: "Lead Status",
    type: "enumeration",
    fieldType: "radio",
    groupName: "sales_properties",
    description: "The contact's sales, prospecting or outreach status",
    options: [
      ["NEW", "New"],
      ["OPEN", "Open"],
      ["IN_PROGRESS", "In Progress"],
      ["OPEN_DEAL", "Open Deal"],
      ["UNQUALIFIED", "Unqualified"],
      ["ATTEMPTED_TO_CONTACT", "Attempted to Contact"],
      ["CONNECTED", "Connected"],
      ["BAD_TIMING", "Bad Timing"],
    ].map(([value, label], i) => option(value, label, i)),
  },
  lifecyclestage: {
    name: "lifecyclestage",
    label: "Lifecycle Stage",
    type: "enumeration",
    fieldType: "radio",
    groupName: "contactinformation",
    description: "The qualification of contacts to sales readiness.",
    options: [
      ["subscriber", "Subscriber"],
      ["lead", "Lead"],
      ["marketingqualifiedlead", "Marketing Qualified Lead"],
      ["salesqualifiedlead", "Sales Qualified Lead"],
      ["opportunity", "Opportunity"],
      ["customer", "Customer"],
      ["evangelist", "Evangelist"],
      ["other", "Other"],
    ].map(([value, label], i) => option(value, label, i)),
  },
};

/** HubSpot's error body (its `Error`, with the `status` its answers carry). */
const hsError = (message, category, extra = {}) => ({
  status: "error",
  message,
  correlationId: randomUUID(),
  category,
  ...extra,
});
/** One entry of a 207's `errors` (HubSpot's `StandardError`). */
const itemError = (category, message, context) => ({
  status: "error",
  category,
  message,
  context,
  errors: [],
  links: {},
});

class ApiError extends Error {
  constructor(status, body) {
    super(body.message);
    this.status = status;
    this.body = body;
  }
}
const invalid = (message) => new ApiError(400, hsError(message, "VALIDATION_ERROR"));
/** HubSpot's 400 for a property value it refuses. */
const invalidProperty = (name, error, message) =>
  invalid(`Property values were not valid: ${JSON.stringify([{ isValid: false, message, error, name }])}`);
const notFound = (message = "resource not found") => new ApiError(404, hsError(message, "OBJECT_NOT_FOUND"));

/** The body as JSON: 413 past MAX_BODY_BYTES (declared or sent), 400 for invalid JSON or none. */
async function readBody(req) {
  if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES) throw tooLarge();
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw invalid("Invalid input JSON on line 1, column 1: the body is not JSON");
  }
}
const tooLarge = () =>
  new ApiError(413, hsError(`The request body must be at most ${MAX_BODY_BYTES} bytes`, "VALIDATION_ERROR"));

/** `body.inputs`, checked: 1 to MAX_BATCH_INPUTS objects. */
function batchInputs(body) {
  const inputs = body?.inputs;
  if (!Array.isArray(inputs) || inputs.length === 0 || !inputs.every((i) => i && typeof i === "object"))
    throw invalid("inputs must be a non-empty array of objects");
  if (inputs.length > MAX_BATCH_INPUTS) throw invalid(`inputs may hold at most ${MAX_BATCH_INPUTS} items`);
  return inputs;
}

/** A batch answer: 200 (or `okStatus`), or 207 with `errors` when any. */
function batchAnswer(results, errors, okStatus = 200) {
  const now = new Date().toISOString();
  const body = { status: "COMPLETE", results, startedAt: now, completedAt: now };
  return errors.length > 0
    ? { status: 207, body: { ...body, numErrors: errors.length, errors } }
    : { status: okStatus, body };
}

const sameEmail = (a, b) =>
  typeof a === "string" && typeof b === "string" && a.toLowerCase() === b.toLowerCase();

/** A note body's tokens for CONTAINS_TOKEN: split at white space, tags' brackets, quotes and sentence marks. */
const tokens = (text) =>
  text
    .toLowerCase()
    .split(/[\s<>"'`,;:!?()[\]{}=/]+/)
    .filter(Boolean);

function containsToken(text, token) {
  const wanted = String(token).toLowerCase();
  if (wanted.includes("*")) {
    const pattern = new RegExp(
      `^${wanted
        .split("*")
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .join(".*")}$`,
    );
    return tokens(text).some((t) => pattern.test(t));
  }
  return tokens(text).includes(wanted);
}

/** The in-memory CRM: contacts, notes and owners, and the calls on them. */
function createCrm(ownerMembers) {
  const startedAt = new Date().toISOString();
  const owners = ownerMembers.map((member, i) => {
    const [firstName, ...rest] = member.name.trim().split(/\s+/);
    return {
      id: String(i + 1),
      email: member.email,
      firstName,
      lastName: rest.join(" "),
      userId: i + 1,
      userIdIncludingInactive: i + 1,
      type: "PERSON",
      archived: false,
      createdAt: startedAt,
      updatedAt: startedAt,
    };
  });
  const contacts = new Map();
  const notes = new Map();
  let contactCount = 0;
  let noteCount = 0;

  /** The contact whose `idProperty` (email, else its id) is `id`; an archived one only `withArchived`. */
  function lookup(id, idProperty, withArchived = false) {
    const candidates = [...contacts.values()].filter((c) => withArchived || !c.archived);
    return idProperty === "email"
      ? candidates.find((c) => sameEmail(c.properties.email, id))
      : candidates.find((c) => c.id === String(id));
  }
  const liveById = (id) => lookup(id, undefined);

  /** `properties`, checked: strings, a known option for the enumerations, an owner's id for the owner. */
  function checkProperties(properties) {
    if (!properties || typeof properties !== "object" || Array.isArray(properties))
      throw invalid("properties must be an object");
    for (const [name, value] of Object.entries(properties)) {
      if (typeof value !== "string" && value !== null) throw invalid(`Property ${name} must be a string`);
      if (!value) continue;
      const options = PROPERTIES[name]?.options;
      if (options && !options.some((o) => o.value === value))
        throw invalidProperty(name, "INVALID_OPTION", `${value} was not one of the allowed options`);
      if (name === "hubspot_owner_id" && !owners.some((o) => o.id === value))
        throw invalidProperty(name, "INVALID_OWNER_ID", `${value} is not a valid owner id`);
    }
    return properties;
  }

  /** Writes `properties` onto `object`: an empty string (or null) clears a value. */
  function write(object, properties, now) {
    for (const [name, value] of Object.entries(properties)) {
      if (value === "" || value === null) delete object.properties[name];
      else object.properties[name] = value;
    }
    object.updatedAt = now;
    object.properties.lastmodifieddate = now;
  }

  /** A new contact with `properties`, its id the next of the counter. */
  function createContact(properties, now) {
    const id = String(++contactCount);
    const contact = {
      id,
      properties: { hs_object_id: id, createdate: now },
      createdAt: now,
      updatedAt: now,
      archived: false,
    };
    write(contact, properties, now);
    contacts.set(id, contact);
    return contact;
  }

  /** The contact as HubSpot answers it: `wanted` properties only (null when unset) when given. */
  function contactView(contact, wanted, extra = {}) {
    let properties = { ...contact.properties };
    if (Array.isArray(wanted) && wanted.length > 0) {
      const { createdAt, updatedAt } = contact;
      properties = { hs_object_id: contact.id, createdate: createdAt, lastmodifieddate: updatedAt };
      for (const name of wanted) properties[name] = contact.properties[name] ?? null;
    }
    const { id, createdAt, updatedAt, archived, archivedAt } = contact;
    return {
      id,
      properties,
      createdAt,
      updatedAt,
      archived,
      ...(archivedAt ? { archivedAt } : {}),
      ...extra,
    };
  }

  const noteView = (note) => ({
    id: note.id,
    properties: { ...note.properties },
    createdAt: note.createdAt,
    updatedAt: note.updatedAt,
    archived: false,
  });

  /** Checks a note's input (an hs_timestamp, a body within limits, contacts that exist) and returns its contacts. */
  function checkNote(input) {
    const properties = checkProperties(input.properties);
    if (!properties.hs_timestamp) throw invalid("Property hs_timestamp is required");
    if ((properties.hs_note_body ?? "").length > MAX_NOTE_BODY)
      throw invalid(`hs_note_body may hold at most ${MAX_NOTE_BODY} characters`);
    if (!Array.isArray(input.associations)) throw invalid("associations must be an array");
    return input.associations.map((association) => {
      const contactId = String(association?.to?.id ?? "");
      const types = Array.isArray(association?.types) ? association.types : [];
      if (
        !types.some(
          (t) => t?.associationCategory === "HUBSPOT_DEFINED" && t.associationTypeId === NOTE_TO_CONTACT,
        )
      )
        throw invalid(`A note's association to a contact needs type HUBSPOT_DEFINED ${NOTE_TO_CONTACT}`);
      if (!liveById(contactId)) throw invalid(`No contact with id ${contactId} to associate with`);
      return contactId;
    });
  }

  /** A new note from a checked input (`contactIds` its associations); returns it as HubSpot answers it. */
  function createNote(input, now) {
    const id = String(++noteCount);
    const note = {
      id,
      properties: { ...input.properties, hs_object_id: id, hs_createdate: now, hs_lastmodifieddate: now },
      createdAt: now,
      updatedAt: now,
      contactIds: input.contactIds,
    };
    for (const [name, value] of Object.entries(note.properties))
      if (value === "" || value === null) delete note.properties[name];
    notes.set(id, note);
    return noteView(note);
  }

  /** True when `note` passes one search filter; throws for a filter the sink does not know. */
  function passes(note, filter) {
    const { propertyName, operator, value } = filter ?? {};
    if (propertyName === "associations.contact" && operator === "EQ")
      return note.contactIds.includes(String(value));
    if (propertyName === "hs_note_body" && operator === "CONTAINS_TOKEN")
      return containsToken(note.properties.hs_note_body ?? "", value ?? "");
    throw invalid(
      `This local sink searches notes only by associations.contact EQ and hs_note_body CONTAINS_TOKEN, not ${propertyName} ${operator}`,
    );
  }

  const routes = {
    "POST /contacts/batch/read"({ body, query }) {
      const inputs = batchInputs(body);
      const withArchived = query.get("archived") === "true";
      const results = [];
      const missing = [];
      for (const { id } of inputs) {
        const contact = lookup(id, body.idProperty, withArchived);
        if (contact) results.push(contactView(contact, body.properties));
        else missing.push(String(id));
      }
      const errors = missing.length
        ? [
            itemError(
              "OBJECT_NOT_FOUND",
              "Could not get some CONTACT objects, they may be deleted or not exist. Check that ids are valid.",
              { ids: missing },
            ),
          ]
        : [];
      return batchAnswer(results, errors);
    },
    "POST /contacts/batch/upsert"({ body }) {
      const inputs = batchInputs(body);
      for (const input of inputs) {
        checkProperties(input.properties);
        if (typeof input.id !== "string" || input.id === "") throw invalid("Each input needs an id");
      }
      const now = new Date().toISOString();
      const results = [];
      const missing = [];
      for (const input of inputs) {
        const trace = input.objectWriteTraceId ? { objectWriteTraceId: input.objectWriteTraceId } : {};
        const found = lookup(input.id, input.idProperty);
        if (found) {
          write(found, input.properties, now);
          results.push(contactView(found, undefined, { new: false, ...trace }));
        } else if (input.idProperty === "email") {
          const created = createContact({ ...input.properties, email: input.id }, now);
          results.push(contactView(created, undefined, { new: true, ...trace }));
        } else missing.push(input.id);
      }
      const errors = missing.length
        ? [
            itemError("OBJECT_NOT_FOUND", "Could not upsert some CONTACT objects by id: they do not exist.", {
              ids: missing,
            }),
          ]
        : [];
      return batchAnswer(results, errors);
    },
    "POST /contacts/batch/update"({ body }) {
      const inputs = batchInputs(body);
      for (const input of inputs) checkProperties(input.properties);
      const now = new Date().toISOString();
      const results = [];
      const missing = [];
      for (const input of inputs) {
        const found = lookup(input.id, input.idProperty);
        if (!found) {
          missing.push(String(input.id));
          continue;
        }
        write(found, input.properties, now);
        const trace = input.objectWriteTraceId ? { objectWriteTraceId: input.objectWriteTraceId } : {};
        results.push(contactView(found, undefined, trace));
      }
      const errors = missing.length
        ? [
            itemError(
              "OBJECT_NOT_FOUND",
              "Could not update some CONTACT objects, they may be deleted or not exist.",
              { ids: missing },
            ),
          ]
        : [];
      return batchAnswer(results, errors);
    },
    "POST /contacts/gdpr-delete"({ body }) {
      if (typeof body?.objectId !== "string" || body.objectId === "") throw invalid("objectId is required");
      const contact = lookup(body.objectId, body.idProperty, true);
      if (!contact) throw notFound();
      contacts.delete(contact.id);
      for (const note of notes.values()) {
        if (!note.contactIds.includes(contact.id)) continue;
        note.contactIds = note.contactIds.filter((id) => id !== contact.id);
        if (note.contactIds.length === 0) notes.delete(note.id);
      }
      return { status: 204 };
    },
    "POST /notes/batch/create"({ body }) {
      const inputs = batchInputs(body);
      const checked = inputs.map((input) => ({ ...input, contactIds: checkNote(input) }));
      const now = new Date().toISOString();
      const results = checked.map((input) => ({
        ...createNote(input, now),
        ...(input.objectWriteTraceId ? { objectWriteTraceId: input.objectWriteTraceId } : {}),
      }));
      return batchAnswer(results, [], 201);
    },
    "POST /notes"({ body }) {
      if (!body || typeof body !== "object") throw invalid("The body must be an object");
      const contactIds = checkNote(body);
      return { status: 201, body: createNote({ ...body, contactIds }, new Date().toISOString()) };
    },
    "POST /notes/search"({ body }) {
      const groups = body?.filterGroups ?? [];
      if (!Array.isArray(groups) || groups.length > 6)
        throw invalid("filterGroups: an array of at most 6 groups");
      const limit = Math.min(Math.max(Number(body.limit ?? 10) || 10, 1), 200);
      const after = Math.max(Number(body.after ?? 0) || 0, 0);
      const all = [...notes.values()].filter(
        (note) => groups.length === 0 || groups.some((g) => (g?.filters ?? []).every((f) => passes(note, f))),
      );
      const page = all.slice(after, after + limit).map(noteView);
      const next = after + limit < all.length ? { paging: { next: { after: String(after + limit) } } } : {};
      return { status: 200, body: { total: all.length, results: page, ...next } };
    },
  };

  /** The answer to an API call, `{ status, body? }`; throws ApiError. */
  async function call(method, path, query, req) {
    if (path.startsWith(`${OBJECTS}/`)) {
      const route = routes[`${method} ${path.slice(OBJECTS.length)}`];
      if (route) return route({ body: await readBody(req), query });
      const [, id] = /^\/contacts\/([^/]+)$/.exec(path.slice(OBJECTS.length)) ?? [];
      if (id !== undefined && method === "PATCH") {
        const body = await readBody(req);
        const properties = checkProperties(body?.properties);
        const contact = lookup(decodeURIComponent(id), query.get("idProperty"));
        if (!contact) throw notFound();
        write(contact, properties, new Date().toISOString());
        return { status: 200, body: contactView(contact) };
      }
      if (id !== undefined && method === "DELETE") {
        const contact = liveById(decodeURIComponent(id));
        if (contact) {
          contact.archived = true;
          contact.archivedAt = new Date().toISOString();
        }
        return { status: 204 };
      }
    }
    if (method === "GET" && path === "/crm/owners/2026-03") {
      const email = query.get("email");
      const archived = query.get("archived") === "true";
      const results = owners.filter((o) => o.archived === archived && (!email || sameEmail(o.email, email)));
      return { status: 200, body: { results } };
    }
    const [, ownerId] = /^\/crm\/owners\/2026-03\/([^/]+)$/.exec(path) ?? [];
    if (method === "GET" && ownerId !== undefined) {
      const owner = owners.find((o) => o.id === ownerId);
      if (!owner) throw notFound(`No owner with id ${ownerId}`);
      return { status: 200, body: owner };
    }
    const [, propertyName] = /^\/crm\/properties\/2026-03\/contacts\/([^/]+)$/.exec(path) ?? [];
    if (method === "GET" && PROPERTIES[propertyName])
      return {
        status: 200,
        body: {
          ...PROPERTIES[propertyName],
          hidden: false,
          hubspotDefined: true,
          archived: false,
          createdAt: startedAt,
          updatedAt: startedAt,
        },
      };
    throw new ApiError(404, hsError(`No route for ${method} ${path}`, "OBJECT_NOT_FOUND"));
  }

  return {
    call,
    owners,
    state: () => ({
      contacts: [...contacts.values()].map((c) => contactView(c)),
      notes: [...notes.values()].map((n) => ({ ...noteView(n), contactIds: [...n.contactIds] })),
      owners: owners.map((o) => ({ ...o })),
    }),
    clear() {
      contacts.clear();
      notes.clear();
    },
  };
}

const STYLE = `
:root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
body { margin: 0 auto; max-width: 60rem; padding: 1rem; line-height: 1.5; }
article { border: 1px solid #8884; border-radius: 0.5rem; margin: 1.5rem 0; padding: 1rem; }
h2 { font-size: 1.15rem; margin: 0 0 0.5rem; overflow-wrap: anywhere; }
h3 { font-size: 0.95rem; margin: 1rem 0 0.25rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0 1rem; margin: 0; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0.25rem 0 0.75rem; padding: 0.75rem; border-radius: 0.25rem; background: #8881; }
`;
const styleHash = createHash("sha256").update(STYLE).digest("base64");
const PAGE_CSP = `default-src 'none'; style-src 'sha256-${styleHash}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;

function contactArticle(contact, notes, owners) {
  const p = contact.properties;
  const name = [p.firstname, p.lastname].filter(Boolean).join(" ") || p.email || `Contact ${contact.id}`;
  const owner = owners.find((o) => o.id === p.hubspot_owner_id);
  const rows = [
    ["E-mail", p.email ?? "(none)"],
    ["Company", p.company ?? "(none)"],
    ["Lead status", p.hs_lead_status ?? "(none)"],
    ["Lifecycle stage", p.lifecyclestage ?? "(none)"],
    [
      "Owner",
      owner
        ? `${owner.firstName} ${owner.lastName} <${owner.email}>`.trim()
        : (p.hubspot_owner_id ?? "(none)"),
    ],
    ["Created", contact.createdAt],
    ["Updated", contact.updatedAt],
    ...(contact.archived ? [["Archived", contact.archivedAt ?? "yes"]] : []),
  ]
    .map(([label, value]) => `<dt>${label}</dt><dd>${escapeHtml(value)}</dd>`)
    .join("");
  const own = notes.filter((n) => n.contactIds.includes(contact.id));
  // The note body is HTML the plugin wrote; shown as its text, so nothing in it runs or loads.
  const noteList = own
    .map(
      (n) =>
        `<p>Note ${escapeHtml(n.id)}, <time>${escapeHtml(n.properties.hs_timestamp ?? "")}</time></p><pre>${escapeHtml(n.properties.hs_note_body ?? "")}</pre>`,
    )
    .join("");
  const notesPart = own.length > 0 ? `<h3>Notes (${own.length})</h3>${noteList}` : "<h3>No notes</h3>";
  return `<article aria-labelledby="contact-${escapeHtml(contact.id)}"><h2 id="contact-${escapeHtml(contact.id)}">${escapeHtml(name)}</h2><dl>${rows}</dl>${notesPart}</article>`;
}

function crmPage({ contacts, notes, owners }, rateLimited) {
  const newestFirst = [...contacts].sort((a, b) => Number(b.id) - Number(a.id));
  const count = `${contacts.length} contact${contacts.length === 1 ? "" : "s"}`;
  const list =
    newestFirst.length > 0
      ? newestFirst.map((c) => contactArticle(c, notes, owners)).join("\n")
      : "<p>No contacts yet. Submit the form at /contact and reload this page.</p>";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local HubSpot sink: ${count}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>Local HubSpot sink</h1>
<p>Every contact the local server wrote, newest first: ${count}, ${notes.length} note${notes.length === 1 ? "" : "s"}, ${owners.length} owner${owners.length === 1 ? "" : "s"} (from SALES_TEAM). Calls refused for the rate limit: ${rateLimited}. <a href="/">Reload</a> to see new ones; the same as JSON at <a href="/__sink/state">/__sink/state</a>.</p>
</header>
<main>
${list}
</main>
</body>
</html>
`;
}

/**
 * Starts the sink on 127.0.0.1 (port 0: a free one; rejects with EADDRINUSE when `port` is taken). `owners`: the
 * sales team's members `{ name, email }`, HubSpot owners "1", "2", ... in that order. `now()`: the clock of the rate
 * window. Resolves with `{ url, port, state(), clear(), close() }`; `url` is what HUBSPOT_API_BASE_URL holds.
 */
export async function startHubspotSink({ port = 0, owners = [], now = Date.now } = {}) {
  const crm = createCrm(owners.filter((o) => typeof o?.email === "string"));
  let calls = [];
  let rateLimited = 0;
  const state = () => ({ ...crm.state(), rateLimited });

  /** The rate headers after taking one call from the window, and whether it was over the limit. */
  function takeCall() {
    const t = now();
    calls = calls.filter((time) => t - time < RATE_WINDOW_MS);
    const over = calls.length >= RATE_MAX;
    if (!over) calls.push(t);
    const headers = {
      "x-hubspot-ratelimit-max": String(RATE_MAX),
      "x-hubspot-ratelimit-remaining": String(RATE_MAX - calls.length),
      "x-hubspot-ratelimit-interval-milliseconds": String(RATE_WINDOW_MS),
    };
    return { over, headers };
  }

  async function answer(req, res) {
    const url = new URL(req.url ?? "/", "http://sink");
    const path = url.pathname;
    if (path.startsWith("/__sink/")) {
      if (refusedControl(req, res)) return;
      const route = `${req.method} ${path}`;
      if (route === "GET /__sink/state") return sendJson(res, 200, state());
      if (route === "DELETE /__sink/state") {
        crm.clear();
        calls = [];
        rateLimited = 0;
        return sendJson(res, 204);
      }
      return sendJson(res, 404, { error: "not found" });
    }
    if (req.method === "GET" && path === "/" && (req.headers.accept ?? "").includes("text/html"))
      return sendPage(res, {
        body: crmPage(crm.state(), rateLimited),
        headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": PAGE_CSP },
      });
    const auth = req.headers.authorization ?? "";
    if (auth !== `Bearer ${HUBSPOT_LOCAL_TOKEN}`)
      return sendJson(
        res,
        401,
        hsError(
          "Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview",
          "INVALID_AUTHENTICATION",
        ),
      );
    const { over, headers } = takeCall();
    if (over) {
      rateLimited++;
      return sendJson(
        res,
        429,
        {
          status: "error",
          message: "You have reached your ten_secondly_rolling limit.",
          errorType: "RATE_LIMIT",
          correlationId: randomUUID(),
          policyName: "TEN_SECONDLY_ROLLING",
        },
        headers,
      );
    }
    try {
      const result = await crm.call(req.method, path, url.searchParams, req);
      sendJson(res, result.status, result.body, headers);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 413) res.setHeader("connection", "close");
      sendJson(res, error.status, error.body, headers);
    }
  }

  const server = await listenLoopback({
    port,
    errorBody: (message) => hsError(message, "INTERNAL_ERROR"),
    answer,
  });
  return {
    url: server.origin,
    port: server.port,
    state,
    clear: () => {
      crm.clear();
      calls = [];
      rateLimited = 0;
    },
    close: server.close,
  };
}
