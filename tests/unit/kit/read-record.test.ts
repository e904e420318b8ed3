/**
 * @jest-environment node
 */
// Every stored record is read through its schema: found, missing, or damaged (logged by its key, then skipped).
import { z } from "zod";
import { readRecord } from "../../../netlify/lib/kit/json-blobs";
import { silenceConsole } from "../../helpers/console";
import { createMemoryBlobs } from "../../helpers/memory-blobs";

const schema = z.object({ since: z.string() });

test("a record its schema accepts is found with its etag; an absent one is missing", async () => {
  const blobs = createMemoryBlobs();
  await blobs.setJSON("pending/a", { since: "2026-11-24T01:00:00.000Z" });
  expect(await readRecord(blobs, "pending/a", schema)).toEqual({
    found: { since: "2026-11-24T01:00:00.000Z" },
    etag: blobs.entries.get("pending/a")!.etag,
  });
  expect(await readRecord(blobs, "pending/b", schema)).toEqual({ missing: true });
});

test("a record its schema refuses, or text that is not JSON, is damaged and logged once by its key", async () => {
  const blobs = createMemoryBlobs();
  await blobs.setJSON("pending/a", { since: 3 });
  const notJson = { ...blobs, getWithEtag: () => Promise.reject(new SyntaxError("Unexpected token")) };
  const errors = silenceConsole();
  expect(await readRecord(blobs, "pending/a", schema)).toEqual({ damaged: true });
  expect(await readRecord(notJson, "pending/c", schema)).toEqual({ damaged: true });
  expect(errors.lines()).toEqual([
    '[demo-request] DAMAGED RECORD: a stored record fails its schema; it is skipped {"key":"pending/a"}',
    '[demo-request] DAMAGED RECORD: a stored record fails its schema; it is skipped {"key":"pending/c"}',
  ]);
});

test("a store that cannot be read still throws", async () => {
  const down = { getWithEtag: () => Promise.reject(new Error("store down")) };
  await expect(readRecord(down, "pending/a", schema)).rejects.toThrow("store down");
});
