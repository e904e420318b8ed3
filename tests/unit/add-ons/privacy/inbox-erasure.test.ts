/**
 * @jest-environment node
 */
// Erasure and access reach every spelling of an inbox (docs/decisions/0018-retention-and-erasure.md):
// the rule is the one the confirmation bound counts one inbox by (decision 0010), so whatever spelling a
// person gives, `leads:erase` finds every request and counter that bound treats as theirs; `--exact`
// keeps to the address as typed and `--dry-run` changes nothing.
import { createHmac } from "node:crypto";
import fc from "fast-check";
import {
  confirmationAddressCounters,
  confirmationAddressKey,
  createConfirmationLimits,
} from "../../../../netlify/lib/add-ons/confirmation/confirmation-limits";
import { inboxOf, parseLeadAddress, requestsFrom } from "../../../../netlify/lib/core/leads/lead-address";
import type { LeadRecord } from "../../../../netlify/lib/core/leads/lead-record";
import {
  describeDryRun,
  describeErasedAddresses,
  describeErasure,
  eraseRequestsFrom,
  findRequestsFrom,
} from "../../../../netlify/lib/add-ons/privacy/lead-erasure";
import { leadsToCsv } from "../../../helpers/leads-csv";
import { leadRecord, VALID } from "../../../helpers/function-harness";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";
import { createMemoryLeadStore } from "../../../helpers/memory-lead-store";

const SECRET = "a-form-secret-of-at-least-32-characters";

// Spellings that must, or must not, count as one inbox.
const SPELLINGS = [
  "alice@corp.example",
  "ALICE@corp.example",
  " Alice+x@Corp.Example ",
  "alice+x+y@corp.example",
  "alice.b@corp.example",
  "a.lice@corp.example",
  "+alice@corp.example",
  "alice@corp.example.au",
  "xalice@corp.example",
  "j.doe@gmail.com",
  "jdoe@googlemail.com",
  "J.D.O.E+news@GMail.com",
  "jdoe@gmail.co",
  "j.doe@googlemail.com.au",
  "jdoe+@gmail.com",
  "odd@name@corp.example",
];

/** The HMAC the confirmation bound keys an inbox by, if `inboxOf` is its rule. */
const keyOfInbox = (email: string) =>
  `address/${createHmac("sha256", SECRET)
    .update(`confirmation-recipient\n${inboxOf(email)}`)
    .digest("hex")}`;

describe("inboxOf: the confirmation bound's rule for one inbox", () => {
  test("trimmed and lower-cased, without a +tag; Gmail without dots, googlemail.com as gmail.com", () => {
    expect(inboxOf(" Alice+x@Corp.Example ")).toBe("alice@corp.example");
    expect(inboxOf("alice.b@corp.example")).toBe("alice.b@corp.example");
    expect(inboxOf("+alice@corp.example")).toBe("+alice@corp.example");
    expect(inboxOf("J.D.O.E+news@GoogleMail.com")).toBe("jdoe@gmail.com");
    expect(inboxOf("j.doe@gmail.co")).toBe("j.doe@gmail.co");
    expect(inboxOf("odd@name@corp.example")).toBe("odd@name@corp.example");
  });

  test("the bound's counter key of every spelling is the keyed hash of its inbox", () => {
    for (const email of SPELLINGS) expect(confirmationAddressKey(email, SECRET)).toBe(keyOfInbox(email));
  });

  test("two addresses share an inbox exactly when the bound counts them as one", () => {
    const address = fc
      .tuple(
        fc.stringMatching(/^[A-Za-z0-9.+_-]{1,12}$/),
        fc.constantFrom("gmail.com", "GoogleMail.com", "corp.example", "Corp.Example", "gmail.co"),
        fc.constantFrom("", " "),
      )
      .map(([local, domain, pad]) => `${pad}${local}@${domain}${pad}`);
    fc.assert(
      fc.property(address, address, (a, b) => {
        const sameInbox = inboxOf(a) === inboxOf(b);
        const sameKey = confirmationAddressKey(a, SECRET) === confirmationAddressKey(b, SECRET);
        return sameInbox === sameKey && confirmationAddressKey(a, SECRET) === keyOfInbox(a);
      }),
    );
  });
});

/** A stored lead from `email`, received `minute` minutes past 11:00 on 2025-01-01. */
const from = (id: string, email: string, minute: number): LeadRecord =>
  leadRecord(id, "sent", {
    receivedAt: `2025-01-01T11:${String(minute).padStart(2, "0")}:00.000Z`,
    request: { ...VALID, email },
  });

/** An in-memory store holding Alice's, Jo's and others' requests under several spellings. */
async function storeOfSpellings() {
  const store = createMemoryLeadStore();
  const leads = [
    from("alice-1", "alice@corp.example", 1),
    from("alice-2", "alice+x@corp.example", 2),
    from("alice-3", "ALICE@corp.example", 3),
    from("other-1", "alice.b@corp.example", 4),
    from("other-2", "xalice@corp.example", 5),
    from("jo-1", "j.doe@gmail.com", 6),
    from("jo-2", "jdoe@googlemail.com", 7),
    from("jo-3", "J.D.O.E+news@Gmail.com", 8),
    from("other-3", "jdoe@gmail.co", 9),
  ];
  for (const lead of leads) await store.create(lead);
  for (const lead of leads) await store.settle(lead.id);
  return store;
}

/** Confirmation limits and their counters over one in-memory store, with one confirmation to `email`. */
async function countersWithConfirmationTo(email: string) {
  const blobs = createMemoryBlobs();
  const limits = createConfirmationLimits(blobs, {
    secret: SECRET,
    dailyLimit: 10,
    now: () => new Date("2025-01-01T11:00:00.000Z"),
  });
  expect(await limits.reserve(email, "first")).toEqual({ allowed: true });
  return { blobs, counters: confirmationAddressCounters(blobs, SECRET) };
}

describe("erasure by inbox (the default)", () => {
  test("an address typed in capitals erases its +tag spelling too, with the inbox's counter", async () => {
    const store = await storeOfSpellings();
    const { blobs, counters } = await countersWithConfirmationTo("alice+x@corp.example");
    const address = parseLeadAddress("ALICE@corp.example");
    if (!address.ok) throw new Error(address.error);

    const report = await eraseRequestsFrom({ store, counters, address: address.address });

    expect(report.removed).toEqual([
      { id: "alice-1", receivedAt: "2025-01-01T11:01:00.000Z", state: "sent", address: "alice@corp.example" },
      {
        id: "alice-2",
        receivedAt: "2025-01-01T11:02:00.000Z",
        state: "sent",
        address: "alice+x@corp.example",
      },
      { id: "alice-3", receivedAt: "2025-01-01T11:03:00.000Z", state: "sent", address: "ALICE@corp.example" },
    ]);
    expect(report).toMatchObject({ counters: 1, unreadable: [], undeleted: [] });
    expect([...store.records.keys()].sort()).toEqual([
      "jo-1",
      "jo-2",
      "jo-3",
      "other-1",
      "other-2",
      "other-3",
    ]);
    expect([...blobs.entries.keys()].filter((key) => key.startsWith("address/"))).toEqual([]);
  });

  test("Gmail: dotted, tagged and googlemail.com spellings are one inbox; gmail.co is not", async () => {
    const store = await storeOfSpellings();
    const { counters } = await countersWithConfirmationTo("jdoe@gmail.com");
    const report = await eraseRequestsFrom({ store, counters, address: "jdoe@googlemail.com" });
    expect(report.removed.map((r) => [r.id, r.address])).toEqual([
      ["jo-1", "j.doe@gmail.com"],
      ["jo-2", "jdoe@googlemail.com"],
      ["jo-3", "J.D.O.E+news@Gmail.com"],
    ]);
    expect(report.counters).toBe(1);
    expect(store.records.has("other-3")).toBe(true);
  });

  test("the owner sees each stored spelling erased, once, and none of the requests' other data", async () => {
    const store = await storeOfSpellings();
    await store.create(from("alice-4", "alice@corp.example", 10));
    const report = await eraseRequestsFrom({
      store,
      counters: confirmationAddressCounters(createMemoryBlobs(), SECRET),
      address: "alice@corp.example",
    });
    expect(describeErasedAddresses(report)).toEqual([
      "Addresses erased (every stored spelling of its inbox):",
      "  alice@corp.example",
      "  alice+x@corp.example",
      "  ALICE@corp.example",
    ]);
    const { lines, complete } = describeErasure(report, "alice@corp.example", { addresses: true });
    expect(complete).toBe(true);
    expect(lines).toEqual(
      expect.arrayContaining([
        "Erased 4 stored demo request(s) from a***@c***.example:",
        "  alice+x@corp.example",
      ]),
    );
    const text = lines.join("\n");
    for (const value of [VALID.firstName, VALID.lastName, VALID.phone, VALID.company, VALID.email]) {
      expect(text).not.toContain(value);
    }
    expect(
      describeErasedAddresses({ removed: [], counters: 0, unreadable: [], malformed: [], undeleted: [] }),
    ).toEqual([]);
  });
});

describe("--exact", () => {
  test("erases only the address as typed (trimmed, any case); the other spellings stay", async () => {
    const store = await storeOfSpellings();
    const report = await eraseRequestsFrom({
      store,
      counters: confirmationAddressCounters(createMemoryBlobs(), SECRET),
      address: "alice@corp.example",
      match: "exact",
    });
    expect(report.removed.map((r) => r.id)).toEqual(["alice-1", "alice-3"]);
    expect(store.records.has("alice-2")).toBe(true);
    expect(describeErasedAddresses(report, "exact")[0]).toBe(
      "Addresses erased (the address as typed, any case):",
    );
  });
});

describe("--dry-run", () => {
  test("lists the matching ids and stored addresses and changes nothing", async () => {
    const store = await storeOfSpellings();
    const { blobs } = await countersWithConfirmationTo("alice@corp.example");
    const records = structuredClone([...store.records.entries()]);
    const counterKeys = [...blobs.entries.keys()];

    const findings = await findRequestsFrom({ store, address: "alice+y@corp.example" });

    expect(findings).toEqual({
      matches: [
        {
          id: "alice-1",
          receivedAt: "2025-01-01T11:01:00.000Z",
          state: "sent",
          address: "alice@corp.example",
        },
        {
          id: "alice-2",
          receivedAt: "2025-01-01T11:02:00.000Z",
          state: "sent",
          address: "alice+x@corp.example",
        },
        {
          id: "alice-3",
          receivedAt: "2025-01-01T11:03:00.000Z",
          state: "sent",
          address: "ALICE@corp.example",
        },
      ],
      unreadable: [],
      malformed: [],
    });
    expect([...store.records.entries()]).toEqual(records);
    expect([...blobs.entries.keys()]).toEqual(counterKeys);

    const { lines, complete } = describeDryRun(findings, "alice+y@corp.example");
    expect(complete).toBe(true);
    expect(lines).toEqual(
      expect.arrayContaining([
        "Dry run: nothing was erased.",
        "3 stored demo request(s) match a***@c***.example (every stored spelling of its inbox):",
        "  alice-2  alice+x@corp.example  received 2025-01-01T11:02:00.000Z  (sent)",
        "Addresses that would be erased:",
        "  ALICE@corp.example",
      ]),
    );
    for (const value of [VALID.firstName, VALID.lastName, VALID.phone, VALID.company]) {
      expect(lines.join("\n")).not.toContain(value);
    }
  });

  test("with --exact, and with a record it cannot read (then it is not complete)", async () => {
    const store = await storeOfSpellings();
    const exact = await findRequestsFrom({ store, address: "alice@corp.example", match: "exact" });
    expect(exact.matches.map((m) => m.id)).toEqual(["alice-1", "alice-3"]);
    expect(
      describeDryRun({ matches: [], unreadable: [], malformed: [] }, "nobody@corp.example", "exact").lines,
    ).toContain("No stored demo request matches n***@c***.example (the address as typed, any case).");

    const faulty = {
      ...store,
      get: async (id: string) => (id === "jo-1" ? Promise.reject(new Error("down")) : store.get(id)),
    };
    const findings = await findRequestsFrom({ store: faulty, address: "alice@corp.example" });
    expect(findings.unreadable).toEqual(["jo-1"]);
    const { lines, complete } = describeDryRun(findings, "alice@corp.example");
    expect(complete).toBe(false);
    expect(lines.join("\n")).toMatch(/NOT CHECKED: 1 stored record\(s\) could not be read .*: jo-1\./);
  });
});

describe("access (leads:export -- --email)", () => {
  test("exports every spelling of the inbox by default, the address as typed with exact", async () => {
    const records = [...(await storeOfSpellings()).records.values()];
    expect(requestsFrom(records, "Alice+news@corp.example").map((r) => r.id)).toEqual([
      "alice-1",
      "alice-2",
      "alice-3",
    ]);
    expect(requestsFrom(records, "alice@corp.example", "exact").map((r) => r.id)).toEqual([
      "alice-1",
      "alice-3",
    ]);
    const csv = leadsToCsv(requestsFrom(records, "jdoe@gmail.com"));
    expect(csv).toContain('"J.D.O.E+news@Gmail.com"');
    expect(csv).not.toContain('jdoe@gmail.co"');
  });
});
