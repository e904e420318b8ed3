/**
 * @jest-environment node
 */
// Storage has one owner (docs/decisions/0034-core-and-add-ons.md, docs/requirements.md#personal-data):
// netlify/lib/kit/storage.ts declares every Blobs store and key prefix with its retention, erasure
// and access rules; no other module spells a prefix or a store name; the daily retention run
// prunes every rule that needs it; LeadStore.remove and erasure delete what goes with a lead; the
// data map names every prefix.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import ts from "typescript";
import {
  BLOB_STORES,
  entrySchema,
  hashedKeyOf,
  keyOf,
  keysDeletedWithLead,
  keysErasedWithLead,
  LEAD_STORE_NAME,
  STORAGE,
  STORAGE_ENTRIES,
  type StorageEntry,
} from "../../../netlify/lib/kit/storage";
import { pruneOrphanCompanyEntries } from "../../../netlify/lib/add-ons/company-match/company-index";
import { retentionPrunes } from "../../../netlify/lib/add-ons/privacy/retention";
import { PLUGINS } from "../../../netlify/lib/compose";
import { erasureStore } from "../../../netlify/lib/add-ons/privacy/lead-erasure";
import { createBlobLeadStore } from "../../../netlify/lib/core/leads/lead-store";
import {
  createFollowUpStore,
  pruneOrphanFollowUps,
} from "../../../netlify/lib/add-ons/follow-up/follow-up-store";
import { jsonBlobsOver } from "../../../netlify/lib/kit/json-blobs";
import { leadRecord } from "../../helpers/function-harness";
import { startBlobsServer } from "../../helpers/blobs-server";

const root = join(__dirname, "..", "..", "..");
const STORAGE_MODULE = "netlify/lib/kit/storage.ts";

/** Whether the daily retention run prunes entries kept by `retention`. */
function prunedDaily(retention: StorageEntry["retention"]): boolean {
  return retention.kind === "with-lead" ? retention.orphans === "daily" : retention.kind !== "lead";
}

function ruleBroken(entry: StorageEntry): string | undefined {
  const { retention, erasure, personal, access, store } = entry;
  if ((retention.kind === "lead") !== (erasure === "is-lead")) {
    return "only the lead record is erased as the lead";
  }
  if (retention.kind === "with-lead" && erasure !== "with-lead") {
    return "what goes with its lead is erased with it";
  }
  if ((retention.kind === "with-lead" || erasure === "with-lead") && store !== LEAD_STORE_NAME) {
    return `what goes with a lead is kept in ${LEAD_STORE_NAME}`;
  }
  if (personal && (erasure === "not-personal" || access === "not-personal")) {
    return "personal data needs an erasure and an access rule";
  }
  if (!personal && access !== "not-personal") {
    return "an entry without personal data has nothing to export";
  }
  if (!personal && erasure !== "with-lead" && erasure !== "not-personal") {
    return "an entry without personal data is erased with its lead or not at all";
  }
  if (erasure === "left-to-retention" && (retention.kind === "lead" || retention.kind === "with-lead")) {
    return "an entry left to its retention needs a short rule of its own";
  }
  return undefined;
}

/** What is wrong with a declaration like `STORAGE`; empty when sound. */
function storageProblems(entries: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const parsed: [string, StorageEntry][] = [];
  for (const [name, value] of Object.entries(entries)) {
    const result = entrySchema.safeParse(value);
    if (!result.success) {
      problems.push(
        ...result.error.issues.map((issue) => [name, ...issue.path.map(String), issue.message].join(": ")),
      );
      continue;
    }
    const broken = ruleBroken(result.data);
    if (broken) problems.push(`${name}: ${broken}`);
    parsed.push([name, result.data]);
  }
  parsed.forEach(([name, entry], index) => {
    const first = parsed.find(([, other]) => other.store === entry.store && other.prefix === entry.prefix);
    if (first && first !== parsed[index]) {
      problems.push(`${name}: ${entry.prefix} is declared for ${first[0]} already`);
    }
  });
  return problems;
}

describe("the declaration", () => {
  test("is sound: every entry has a retention, an erasure and an access rule that fit together", () => {
    expect(storageProblems(STORAGE)).toEqual([]);
    expect(new Set(STORAGE_ENTRIES.map(([, entry]) => entry.store))).toEqual(new Set(BLOB_STORES));
  });

  test("an entry without a retention, erasure or access rule is a problem", () => {
    const { retention: _retention, ...noRetention } = STORAGE.tickets;
    const { erasure: _erasure, ...noErasure } = STORAGE.inboxes;
    const { access: _access, ...noAccess } = STORAGE.address;
    expect(storageProblems({ ...STORAGE, tickets: noRetention })).toEqual([
      expect.stringMatching(/^tickets: retention: /),
    ]);
    expect(storageProblems({ ...STORAGE, inboxes: noErasure })).toEqual([
      expect.stringMatching(/^inboxes: erasure: /),
    ]);
    expect(storageProblems({ ...STORAGE, address: noAccess })).toEqual([
      expect.stringMatching(/^address: access: /),
    ]);
    expect(
      storageProblems({ ...STORAGE, tickets: { ...STORAGE.tickets, retention: { kind: "forever" } } }),
    ).toEqual([expect.stringMatching(/^tickets: retention/)]);
  });

  test("personal data without a way out, or rules that contradict each other, are problems", () => {
    expect(storageProblems({ ...STORAGE, client: { ...STORAGE.client, erasure: "not-personal" } })).toEqual([
      "client: personal data needs an erasure and an access rule",
    ]);
    expect(storageProblems({ ...STORAGE, tickets: { ...STORAGE.tickets, access: "exported" } })).toEqual([
      "tickets: an entry without personal data has nothing to export",
    ]);
    expect(storageProblems({ ...STORAGE, address: { ...STORAGE.address, access: "not-personal" } })).toEqual([
      "address: personal data needs an erasure and an access rule",
    ]);
    expect(storageProblems({ ...STORAGE, pending: { ...STORAGE.pending, erasure: "not-personal" } })).toEqual(
      ["pending: what goes with its lead is erased with it"],
    );
    expect(
      storageProblems({ ...STORAGE, formTokens: { ...STORAGE.formTokens, erasure: "with-lead" } }),
    ).toEqual([`formTokens: what goes with a lead is kept in ${LEAD_STORE_NAME}`]);
  });

  test("a prefix declared twice in one store, or one that is not a single name, is a problem", () => {
    expect(storageProblems({ ...STORAGE, again: { ...STORAGE.tickets } })).toEqual([
      "again: tickets/ is declared for tickets already",
    ]);
    expect(
      storageProblems({ ...STORAGE, again: { ...STORAGE.tickets, store: "demo-request-limits" } }),
    ).toEqual([]);
    expect(storageProblems({ ...STORAGE, nested: { ...STORAGE.tickets, prefix: "tickets/old/" } })).toEqual([
      "nested: prefix: a lower-case name ending in /",
    ]);
  });

  test("says which keys go with a lead when it is deleted, and which erasure takes beside them", () => {
    expect(keysDeletedWithLead("a")).toEqual([
      "pending/a",
      "followup/a",
      "unclaimed/a",
      "claimed/a",
      "lead-events/a",
    ]);
    expect(keysErasedWithLead("a")).toEqual(["malformed/a"]);
    expect(keyOf("inboxes", "k/a")).toBe("inboxes/k/a");
  });
});

/** Files under netlify/ (functions and lib) with TypeScript source. */
function netlifySources(dir = join(root, "netlify")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? netlifySources(join(dir, entry.name))
      : /\.m?ts$/.test(entry.name) && !entry.name.endsWith(".d.ts")
        ? [join(dir, entry.name)]
        : [],
  );
}

const MEDIA_TYPE = /^(application|text|image|audio|video|multipart|font)\//;
const STORE_NAMES: readonly string[] = BLOB_STORES;

/**
 * The string and template pieces of `source` that spell a Blobs store name or start like a key
 * prefix (`name/...`), media types and import paths aside.
 */
function keyLiterals(source: string, file = "source.ts"): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const parent = node.parent as ts.Node | undefined;
    const isModulePath =
      parent !== undefined &&
      (ts.isImportDeclaration(parent) ||
        ts.isExportDeclaration(parent) ||
        (ts.isCallExpression(parent) && parent.expression.kind === ts.SyntaxKind.ImportKeyword));
    if (
      (ts.isStringLiteralLike(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node)) &&
      !(isModulePath && ts.isStringLiteral(node))
    ) {
      const text = node.text;
      if (STORE_NAMES.includes(text) || (/^[a-z][a-z0-9-]*\//.test(text) && !MEDIA_TYPE.test(text))) {
        found.push(text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true));
  return found;
}

describe("no module but storage.ts names a store or a prefix", () => {
  test("the scan finds prefixes in constants and templates, not media types, import paths or comments", () => {
    const source = [
      'import { z } from "zod/mini";',
      'const later = await import("zod/mini");',
      "// tickets/ in a comment",
      'const PREFIX = "tickets/";',
      "const key = (day: string) => `daily/${day}/${PREFIX}`;",
      'const type = "text/html; charset=utf-8";',
      'const store = getStore("demo-request-limits");',
      "const path = `/contact/thanks/${id}`;",
    ].join("\n");
    expect(keyLiterals(source)).toEqual(["tickets/", "daily/", "demo-request-limits"]);
  });

  test("storage.ts spells every store name and prefix it declares", () => {
    const found = keyLiterals(readFileSync(join(root, STORAGE_MODULE), "utf8"));
    for (const [, entry] of STORAGE_ENTRIES) expect(found).toContain(entry.prefix);
    for (const name of BLOB_STORES) expect(found).toContain(name);
  });

  test("every other module under netlify/ takes them from storage.ts", () => {
    const files = netlifySources();
    expect(files.length).toBeGreaterThan(50);
    const spelled = files
      .map((file) => relative(root, file).split(sep).join("/"))
      .filter((file) => file !== STORAGE_MODULE)
      .flatMap((file) =>
        keyLiterals(readFileSync(join(root, file), "utf8"), file).map(
          (text) => `${file}: ${JSON.stringify(text)}`,
        ),
      );
    expect(spelled).toEqual([]);
  });

  test("a key declared as a SHA-256 is built only by hashedKeyOf, so no raw token or uid is stored", () => {
    expect(hashedKeyOf("tickets", "abc")).toBe(
      "tickets/ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
    const hashed = STORAGE_ENTRIES.filter(([, entry]) => entry.key.startsWith("<SHA-256")).map(
      ([name]) => name,
    );
    expect(hashed).toEqual(expect.arrayContaining(["tickets", "bookingEvents", "bookingUids", "formTokens"]));
    const rawKey = new RegExp(`\\bkeyOf\\(\\s*"(${hashed.join("|")})"`);
    const raw = netlifySources()
      .filter((file) => rawKey.test(readFileSync(file, "utf8")))
      .map((file) => relative(root, file).split(sep).join("/"));
    expect(raw).toEqual([]);
  });
});

describe("the retention plan", () => {
  test("has exactly one prune for every entry the declaration says is pruned daily", async () => {
    const covered = (await retentionPrunes(PLUGINS)).flatMap((prune) => prune.covers);
    expect(new Set(covered).size).toBe(covered.length);
    const daily = STORAGE_ENTRIES.filter(([, entry]) => prunedDaily(entry.retention)).map(([name]) => name);
    expect([...covered].sort()).toEqual([...daily].sort());
    // The lead rule is the retention job's own (netlify/lib/add-ons/privacy/retention.ts).
    const leadRule = STORAGE_ENTRIES.filter(([, entry]) => entry.retention.kind === "lead").map(
      ([name]) => name,
    );
    expect(leadRule).toEqual(["leads"]);
  });
});

test("LeadStore.remove deletes every key that goes with a lead, and erasure also what it takes beside them", async () => {
  const server = await startBlobsServer();
  try {
    const raw = server.open("storage-with-lead");
    const blobs = jsonBlobsOver(raw);
    const leads = createBlobLeadStore(raw);
    const followUps = createFollowUpStore(blobs);
    const allKeys = async () => (await raw.list()).blobs.map((blob) => blob.key).sort();
    /** Stores lead `id` with a key under every prefix the declaration says goes with a lead. */
    const storeWithEverything = async (id: string) => {
      await leads.create({ ...leadRecord(id, "pending"), inboxKey: `inbox-${id}` });
      for (const key of [...keysDeletedWithLead(id), ...keysErasedWithLead(id)]) {
        await blobs.setJSON(key, { since: "2025-01-01T11:00:00.000Z" });
      }
      await blobs.setJSON(keyOf("followUp", id), {
        state: "booked",
        bookings: [{ uid: `uid-${id}`, via: "reference" }],
      });
      await followUps.indexBooking(`uid-${id}`, id);
      await blobs.setJSON(keyOf("companies", `company-key/2025-01-01T11:00:00.000Z_${id}`), {
        since: "2025-01-01T11:00:00.000Z",
      });
    };
    await storeWithEverything("other");
    const others = await allKeys();
    for (const [name, entry] of STORAGE_ENTRIES) {
      const goesWithLead = entry.erasure === "with-lead" || entry.erasure === "is-lead";
      expect({ name, stored: others.some((key) => key.startsWith(entry.prefix)) }).toEqual({
        name,
        stored: goesWithLead,
      });
    }
    await storeWithEverything("erased");
    const othersAndErased = await allKeys();
    await storeWithEverything("retained");

    await leads.remove("retained");
    // LeadStore.remove leaves what erasure takes beside it (kept until it expires), and the booking uid and
    // company index entries, which the same retention run's orphan prunes delete.
    const prunedLater = [STORAGE.bookingUids.prefix, STORAGE.companies.prefix];
    const uidEntry = (await allKeys()).filter((key) => !othersAndErased.includes(key));
    expect(uidEntry.filter((key) => !prunedLater.some((prefix) => key.startsWith(prefix)))).toEqual(
      keysErasedWithLead("retained"),
    );
    expect(await followUps.leadOfBooking("uid-retained")).toBe("retained");
    await pruneOrphanFollowUps(blobs, new Set(await leads.ids()), new Date());
    await pruneOrphanCompanyEntries(blobs, new Set(await leads.ids()), new Date());
    expect(await followUps.leadOfBooking("uid-retained")).toBeUndefined();
    expect(await allKeys()).toEqual([...othersAndErased, ...keysErasedWithLead("retained")].sort());
    await erasureStore(leads, blobs, PLUGINS).remove("erased");
    expect(await allKeys()).toEqual([...others, ...keysErasedWithLead("retained")].sort());
    expect(await followUps.leadOfBooking("uid-other")).toBe("other");
  } finally {
    server.close();
  }
});

test("the data map says storage.ts is the source and names every declared prefix", () => {
  const map = readFileSync(join(root, "docs", "data-map.md"), "utf8");
  expect(map).toContain(STORAGE_MODULE);
  const missing = STORAGE_ENTRIES.filter(([, entry]) => !map.includes(`\`${entry.prefix}`)).map(
    ([name, entry]) => `${name} (${entry.prefix})`,
  );
  expect(missing).toEqual([]);
});
