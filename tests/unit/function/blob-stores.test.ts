/**
 * @jest-environment node
 */
// The Blobs-backed stores of issue 4 against @netlify/blobs' own local server (the one
// `@netlify/dev` runs): lead ids are listed without the job's settled-ids blob, and the
// settled ids round-trip, with anything unexpected in that blob read as "none saved".
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getStore } from "@netlify/blobs";
import { createBlobLeadStore, LEAD_STORE_NAME, type LeadRecord } from "../../../netlify/lib/lead-store";
import { createBlobSettledLeadIds, SETTLED_STORE_NAME } from "../../../netlify/lib/settled-leads";
import { VALID } from "../../helpers/function-harness";

// The server is ESM-only (it imports @netlify/dev-utils), which Jest's CommonJS runtime cannot
// load, so it runs in a child Node process and prints its port.
const SERVER = `
  const { BlobsServer } = await import("@netlify/blobs/server");
  const server = new BlobsServer({ directory: process.argv[1], token: process.argv[2] });
  const { port } = await server.start();
  console.log(port);
`;
const TOKEN = "test-token";
let directory: string;
let child: ChildProcess;
let open: (name: string) => ReturnType<typeof getStore>;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "blobs-"));
  child = spawn(process.execPath, ["--input-type=module", "-e", SERVER, directory, TOKEN], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [chunk] = (await once(child.stdout!, "data")) as [Buffer];
  const url = `http://localhost:${Number(chunk.toString())}`;
  open = (name) => getStore({ name, siteID: "test", token: TOKEN, edgeURL: url, uncachedEdgeURL: url });
});
afterAll(() => {
  child.kill();
  rmSync(directory, { recursive: true, force: true });
});

const record = (id: string): LeadRecord => ({
  id,
  request: { ...VALID },
  receivedAt: "2025-01-01T00:00:00.000Z",
  state: "sent",
  attempts: 1,
  confirmationSent: true,
});

test("lead ids are listed, and the settled ids (another store) are not among them", async () => {
  const leads = createBlobLeadStore(open(LEAD_STORE_NAME));
  const settled = createBlobSettledLeadIds(open(SETTLED_STORE_NAME));
  expect(await leads.create(record("a"))).toBe(true);
  expect(await leads.create(record("b"))).toBe(true);
  expect(await leads.create(record("a"))).toBe(false);
  await settled.save(new Set(["a"]));
  expect((await leads.ids()).sort()).toEqual(["a", "b"]);
  expect(await leads.get("b")).toEqual(record("b"));
});

test("settled ids round-trip; a missing or malformed blob reads as none saved", async () => {
  const blobs = open(`${SETTLED_STORE_NAME}-roundtrip`);
  const settled = createBlobSettledLeadIds(blobs);
  expect(await settled.load()).toEqual(new Set());
  await settled.save(new Set(["x", "y"]));
  expect(await settled.load()).toEqual(new Set(["x", "y"]));
  await blobs.setJSON("settled-ids", { not: "an array" });
  expect(await settled.load()).toEqual(new Set());
  await blobs.setJSON("settled-ids", ["ok", 7, null]);
  expect(await settled.load()).toEqual(new Set(["ok"]));
});
