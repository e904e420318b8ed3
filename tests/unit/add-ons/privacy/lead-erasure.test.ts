/**
 * @jest-environment node
 */
// Erasure and access (docs/decisions/0018-retention-and-erasure.md): one address's requests are found
// case-insensitively, erased with their per-address counters, and nothing else is touched; the report holds
// ids and dates only.
import {
  normaliseAddress,
  parseLeadAddress,
  requestsFrom,
} from "../../../../netlify/lib/core/leads/lead-address";
import {
  describeErasure,
  eraseRequestsFrom,
  type AddressCounters,
  type ErasableRecord,
  type ErasureStore,
} from "../../../../netlify/lib/add-ons/privacy/lead-erasure";
import { leadsToCsv } from "../../../helpers/leads-csv";
import { leadRecord, VALID } from "../../../helpers/function-harness";

const lead = (id: string, email: string, receivedAt = "2025-03-01T10:00:00.000Z", state = "sent") => ({
  id,
  receivedAt,
  state,
  request: { ...VALID, email },
});

function fakeStore(
  records: ErasableRecord[],
  faults: { unreadable?: string[]; undeletable?: string[] } = {},
) {
  const stored = new Map(records.map((r) => [r.id, structuredClone(r)]));
  const store: ErasureStore & { stored: typeof stored } = {
    stored,
    ids: async () => [...stored.keys()],
    get: async (id) => {
      if (faults.unreadable?.includes(id)) throw new Error("unreadable");
      return structuredClone(stored.get(id)) ?? null;
    },
    remove: async (id) => {
      if (faults.undeletable?.includes(id)) throw new Error("delete failed");
      stored.delete(id);
    },
  };
  return store;
}

/** Counters keyed by address, standing in for a store keyed by a hash of it. */
function fakeCounters(entries: Record<string, number>): AddressCounters & { entries: Map<string, number> } {
  const map = new Map(Object.entries(entries));
  return {
    entries: map,
    remove: async (address) => {
      const had = map.has(address) ? 1 : 0;
      map.delete(address);
      return had;
    },
  };
}

describe("the address", () => {
  test("is trimmed and lower-cased", () => {
    expect(parseLeadAddress("  Jane.Driller@Acme-Mining.COM ")).toEqual({
      ok: true,
      address: "jane.driller@acme-mining.com",
    });
    expect(normaliseAddress(" A@B.co ")).toBe("a@b.co");
  });

  test("a malformed or missing address is a clear error", () => {
    for (const bad of ["jane@", "jane", "@acme.com", "jane@acme", "a b@acme.com", "jane@acme.com, x@y.com"]) {
      expect(parseLeadAddress(bad)).toEqual({
        ok: false,
        error: `${JSON.stringify(bad)} is not a valid e-mail address.`,
      });
    }
    expect(parseLeadAddress(undefined)).toEqual({ ok: false, error: "No e-mail address given." });
    expect(parseLeadAddress("   ")).toEqual({ ok: false, error: "No e-mail address given." });
  });

  test("access: only that person's requests, whatever the case they were typed in", () => {
    const records = [
      lead("1", "Jane@Acme.com"),
      lead("2", "jane@acme.com.au"),
      lead("3", "JANE@ACME.COM"),
      lead("4", "bob@acme.com"),
      lead("5", "xjane@acme.com"),
    ];
    expect(requestsFrom(records, "jane@acme.com").map((r) => r.id)).toEqual(["1", "3"]);
    expect(requestsFrom(records, "nobody@acme.com")).toEqual([]);
  });

  test("access: the export holds only that person's rows, in the same formula-safe CSV", () => {
    const theirs = leadRecord("theirs", "sent", {
      request: { ...VALID, email: "Jane@Acme.com", company: "=HYPERLINK(1)" },
    });
    const other = leadRecord("other", "sent", {
      request: { ...VALID, email: "bob@acme.com", company: "Bob Co" },
    });
    const csv = leadsToCsv(requestsFrom([other, theirs], "jane@acme.com"));
    const [header, ...rows] = csv.trimEnd().split("\r\n");
    expect(header).toBe(leadsToCsv([]).trimEnd());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/^"theirs",/);
    expect(rows[0]).toContain(`"'=HYPERLINK(1)"`);
    expect(csv).not.toContain("bob@acme.com");
  });
});

describe("erasure", () => {
  const stored = () => [
    lead("a1", "Jane@Acme.com", "2025-03-02T10:00:00.000Z", "sent"),
    lead("b1", "bob@acme.com"),
    lead("a2", "jane@acme.com", "2025-03-01T09:00:00.000Z", "pending"),
    lead("c1", "jane@acme.com.au"),
    lead("a3", " JANE@acme.com", "2025-03-03T08:00:00.000Z", "spam"),
  ];

  test("deletes every request from the address, any case, with its counters; nothing else is touched", async () => {
    const store = fakeStore(stored());
    const counters = fakeCounters({ "jane@acme.com": 1, "bob@acme.com": 1 });
    const before = structuredClone([...store.stored.entries()]);
    const report = await eraseRequestsFrom({ store, counters, address: "jane@acme.com" });

    expect(report).toEqual({
      removed: [
        { id: "a2", receivedAt: "2025-03-01T09:00:00.000Z", state: "pending", address: "jane@acme.com" },
        { id: "a1", receivedAt: "2025-03-02T10:00:00.000Z", state: "sent", address: "Jane@Acme.com" },
        { id: "a3", receivedAt: "2025-03-03T08:00:00.000Z", state: "spam", address: "JANE@acme.com" },
      ],
      counters: 1,
      unreadable: [],
      malformed: [],
      undeleted: [],
    });
    expect([...store.stored.entries()]).toEqual(before.filter(([id]) => !id.startsWith("a")));
    expect([...counters.entries.keys()]).toEqual(["bob@acme.com"]);
  });

  test("the report names ids, dates and states, never the data", async () => {
    const store = fakeStore(stored());
    const report = await eraseRequestsFrom({ store, counters: fakeCounters({}), address: "jane@acme.com" });
    const { lines, complete } = describeErasure(report, "jane@acme.com");
    const text = lines.join("\n");
    expect(complete).toBe(true);
    expect(text).toContain("Erased 3 stored demo request(s) from j***@a***.com:");
    expect(text).toContain("  a1  received 2025-03-02T10:00:00.000Z  (sent)");
    expect(text).toContain("Per-address counter entries removed: 0.");
    for (const value of [...Object.values(VALID).filter(Boolean), "jane@acme.com", "Jane@Acme.com"]) {
      expect(text).not.toContain(value);
    }
  });

  test("no match: nothing deleted, a plain answer", async () => {
    const store = fakeStore(stored());
    const report = await eraseRequestsFrom({ store, counters: fakeCounters({}), address: "nobody@acme.com" });
    expect(store.stored.size).toBe(5);
    expect(describeErasure(report, "nobody@acme.com")).toMatchObject({
      complete: true,
      lines: expect.arrayContaining(["No stored demo request from n***@a***.com."]),
    });
  });

  test("a record it cannot read or delete, or unreachable counters, make the erasure incomplete", async () => {
    const store = fakeStore(stored(), { unreadable: ["b1"], undeletable: ["a3"] });
    const counters: AddressCounters = { remove: () => Promise.reject(new Error("blobs down")) };
    const report = await eraseRequestsFrom({ store, counters, address: "jane@acme.com" });
    expect(report).toMatchObject({ unreadable: ["b1"], undeleted: ["a3"], counters: "unavailable" });
    expect(report.removed.map((r) => r.id)).toEqual(["a2", "a1"]);
    const { lines, complete } = describeErasure(report, "jane@acme.com");
    expect(complete).toBe(false);
    expect(lines.join("\n")).toMatch(/NOT ERASED: 1 request\(s\) could not be deleted: a3\./);
    expect(lines.join("\n")).toMatch(/NOT CHECKED: 1 stored record\(s\) could not be read .*: b1\./);
    expect(lines.join("\n")).toMatch(/per-address counters could not be reached/);
  });
});
