/**
 * A scripted HubSpot over `fetch` for the HubSpot plugin's tests: contacts, notes and owners in memory, each request
 * checked against schemas written from HubSpot's 2026-03 OpenAPI documents (contacts, notes, owners; docs/decisions/0049-hubspot-plugin.md),
 * and faults scripted per call.
 */
import { z } from "zod";

const properties = z.record(z.string(), z.string());
const batchOf = <T extends z.ZodType>(input: T) => z.strictObject({ inputs: z.array(input).min(1).max(100) });
const OPERATORS = [
  "BETWEEN",
  "CONTAINS_TOKEN",
  "EQ",
  "GT",
  "GTE",
  "HAS_PROPERTY",
  "IN",
  "LT",
  "LTE",
  "NEQ",
  "NOT_CONTAINS_TOKEN",
  "NOT_HAS_PROPERTY",
  "NOT_IN",
] as const;

/** Request bodies by operation, from the OpenAPI documents' request schemas (required fields as they mark them). */
export const REQUEST_SCHEMAS = {
  "contacts batch read": z.strictObject({
    idProperty: z.string().optional(),
    inputs: z
      .array(z.strictObject({ id: z.string() }))
      .min(1)
      .max(100),
    properties: z.array(z.string()),
    propertiesWithHistory: z.array(z.string()),
  }),
  "contacts batch upsert": batchOf(
    z.strictObject({
      id: z.string(),
      idProperty: z.string().optional(),
      objectWriteTraceId: z.string().optional(),
      properties,
    }),
  ),
  "contact update": z.strictObject({ properties }),
  "notes batch create": batchOf(
    z.strictObject({
      objectWriteTraceId: z.string().optional(),
      properties: properties.refine((p) => "hs_timestamp" in p, "hs_timestamp is required"),
      associations: z.array(
        z.strictObject({
          to: z.strictObject({ id: z.string() }),
          types: z.array(
            z.strictObject({
              associationCategory: z.enum(["HUBSPOT_DEFINED", "INTEGRATOR_DEFINED", "USER_DEFINED", "WORK"]),
              associationTypeId: z.number().int(),
            }),
          ),
        }),
      ),
    }),
  ),
  "notes search": z.strictObject({
    filterGroups: z
      .array(
        z.strictObject({
          filters: z.array(
            z.strictObject({
              propertyName: z.string(),
              operator: z.enum(OPERATORS),
              value: z.string().optional(),
              values: z.array(z.string()).optional(),
              highValue: z.string().optional(),
            }),
          ),
        }),
      )
      .max(6),
    properties: z.array(z.string()),
    sorts: z.array(z.string()),
    limit: z.number().int().max(200),
    after: z.string(),
    query: z.string().optional(),
  }),
  "contacts gdpr delete": z.strictObject({ objectId: z.string(), idProperty: z.string().optional() }),
} as const;

type Operation = keyof typeof REQUEST_SCHEMAS | "owners" | "contact archive";

/** Which operation a request is, by HubSpot's 2026-03 method and path; undefined for any other. */
function operationOf(method: string, path: string): Operation | undefined {
  const routes: [string, RegExp, Operation][] = [
    ["POST", /^\/crm\/objects\/2026-03\/contacts\/batch\/read$/, "contacts batch read"],
    ["POST", /^\/crm\/objects\/2026-03\/contacts\/batch\/upsert$/, "contacts batch upsert"],
    ["PATCH", /^\/crm\/objects\/2026-03\/contacts\/[^/]+$/, "contact update"],
    ["DELETE", /^\/crm\/objects\/2026-03\/contacts\/[^/]+$/, "contact archive"],
    ["POST", /^\/crm\/objects\/2026-03\/contacts\/gdpr-delete$/, "contacts gdpr delete"],
    ["POST", /^\/crm\/objects\/2026-03\/notes\/batch\/create$/, "notes batch create"],
    ["POST", /^\/crm\/objects\/2026-03\/notes\/search$/, "notes search"],
    ["GET", /^\/crm\/owners\/2026-03$/, "owners"],
  ];
  return routes.find(([m, re]) => m === method && re.test(path))?.[2];
}

/** A scripted fault: answer `status` (after doing the work when `after`), or never answer (`lost`, after the work). */
export type Fault = { status: number; after?: boolean; headers?: Record<string, string> } | { lost: true };

export interface Contact {
  id: string;
  properties: Record<string, string>;
  archived: boolean;
}

export function scriptedHubspot({ token = "pat-test" } = {}) {
  const contacts: Contact[] = [];
  const notes: { id: string; properties: Record<string, string>; contactIds: string[] }[] = [];
  const owners: { id: string; email: string; archived: boolean }[] = [];
  const calls: { operation: Operation; body: unknown }[] = [];
  const faults = new Map<Operation, Fault[]>();
  let acceptedToken = token;
  let ids = 100;

  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(body === null ? null : JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json", ...headers },
    });
  const error = (status: number, category: string, headers?: Record<string, string>) =>
    json(
      status,
      { status: "error", message: "scripted <ana@example.com>", correlationId: "c-1", category },
      headers,
    );
  const byEmail = (email: string) =>
    contacts.find((c) => !c.archived && c.properties.email === email.toLowerCase());

  function perform(operation: Operation, raw: unknown, path: string, url: URL): Response {
    const as = <K extends keyof typeof REQUEST_SCHEMAS>(key: K) =>
      REQUEST_SCHEMAS[key].parse(raw) as z.infer<(typeof REQUEST_SCHEMAS)[K]>;
    switch (operation) {
      case "contacts batch read": {
        const body = as(operation);
        const found = body.inputs.map((i: { id: string }) => byEmail(i.id)).filter(Boolean) as Contact[];
        const results = found.map((c) => ({ id: c.id, properties: pick(c.properties, body.properties) }));
        return json(found.length === body.inputs.length ? 200 : 207, { status: "COMPLETE", results });
      }
      case "contacts batch upsert": {
        const results = as(operation).inputs.map((input) => {
          const known = byEmail(input.id);
          const contact = known ?? { id: String(++ids), properties: {}, archived: false };
          if (!known) contacts.push(contact);
          Object.assign(contact.properties, input.properties, { email: input.id.toLowerCase() });
          return {
            id: contact.id,
            new: !known,
            objectWriteTraceId: input.objectWriteTraceId,
            properties: contact.properties,
          };
        });
        return json(200, { status: "COMPLETE", results });
      }
      case "contact update": {
        const contact = contacts.find(
          (c) => c.id === decodeURIComponent(path.split("/").at(-1)!) && !c.archived,
        );
        if (!contact) return error(404, "OBJECT_NOT_FOUND");
        Object.assign(contact.properties, as(operation).properties);
        return json(200, { id: contact.id, properties: contact.properties });
      }
      case "contact archive": {
        const contact = contacts.find((c) => c.id === decodeURIComponent(path.split("/").at(-1)!));
        if (contact) contact.archived = true;
        return json(204, null);
      }
      case "contacts gdpr delete": {
        const at = contacts.findIndex((c) => c.id === as(operation).objectId);
        if (at < 0) return error(404, "OBJECT_NOT_FOUND");
        const [gone] = contacts.splice(at, 1);
        for (let n = notes.length - 1; n >= 0; n--)
          if (notes[n].contactIds.includes(gone.id)) notes.splice(n, 1);
        return json(204, null);
      }
      case "notes batch create": {
        const results = as(operation).inputs.map((input) => {
          const note = {
            id: String(++ids),
            properties: input.properties,
            contactIds: input.associations.map((a) => a.to.id),
          };
          notes.push(note);
          return { id: note.id, objectWriteTraceId: input.objectWriteTraceId, properties: note.properties };
        });
        return json(201, { status: "COMPLETE", results });
      }
      case "notes search": {
        const body = as(operation);
        const matches = (n: (typeof notes)[number]) =>
          body.filterGroups.some((group) =>
            group.filters.every((f) =>
              f.propertyName === "associations.contact"
                ? n.contactIds.includes(f.value ?? "")
                : n.properties[f.propertyName]?.includes(f.value ?? ""),
            ),
          );
        const results = notes
          .filter(matches)
          .map((n) => ({ id: n.id, properties: pick(n.properties, body.properties) }));
        return json(200, { total: results.length, results });
      }
      case "owners": {
        const email = url.searchParams.get("email")?.toLowerCase();
        const results = owners
          .filter((o) => !email || o.email === email)
          .map((o) => ({ ...o, type: "PERSON" }));
        return json(200, { results });
      }
    }
  }

  const fetchImpl = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : input);
    const method = init.method ?? "GET";
    const operation = operationOf(method, url.pathname);
    if (!operation)
      throw new Error(`not a HubSpot 2026-03 operation the plugin may call: ${method} ${url.pathname}`);
    const body: unknown = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    if (operation in REQUEST_SCHEMAS) REQUEST_SCHEMAS[operation as keyof typeof REQUEST_SCHEMAS].parse(body);
    else if (body !== undefined) throw new Error(`${operation} takes no body`);
    calls.push({ operation, body });
    if (new Headers(init.headers).get("authorization") !== `Bearer ${acceptedToken}`)
      return error(401, "INVALID_AUTHENTICATION");
    const fault = faults.get(operation)?.shift();
    if (fault && "status" in fault && !fault.after)
      return error(fault.status, fault.status === 429 ? "RATE_LIMIT" : "INTERNAL", fault.headers);
    const answer = perform(operation, body, url.pathname, url);
    if (fault && "lost" in fault)
      throw Object.assign(new Error("socket hang up"), { cause: { code: "ECONNRESET" } });
    if (fault && "status" in fault) return error(fault.status, "INTERNAL");
    return answer;
  }) as typeof fetch;

  return {
    fetchImpl,
    contacts,
    notes,
    owners,
    calls,
    /** The operations called, in order. */
    operations: () => calls.map((c) => c.operation),
    fail(operation: Operation, ...scripted: Fault[]) {
      faults.set(operation, [...(faults.get(operation) ?? []), ...scripted]);
    },
    acceptToken(value: string) {
      acceptedToken = value;
    },
  };
}

function pick(from: Record<string, string>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.filter((n) => n in from).map((n) => [n, from[n]]));
}
