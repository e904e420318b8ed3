/**
 * @jest-environment node
 */
// A time token is spent by the first demo request that uses it (docs/requirements.md#spam-defence,
// netlify/lib/core/spam/form-token.ts): the same request may send it again (the same
// idempotency key, or the same fields under a fresh key after a 409), any other request is told
// apart; spent tokens are deleted once they expire.
import { createFormTokenNonces } from "../../../../netlify/lib/core/spam/form-token";
import { deleteExpired } from "../../../../netlify/lib/kit/json-blobs";
import { STORAGE } from "../../../../netlify/lib/kit/storage";
import { VALID } from "../../../helpers/function-harness";
import { createMemoryBlobs } from "../../../helpers/memory-blobs";

const { leave_blank: _honeypot, ...fields } = VALID;
const DAY = new Date("2026-11-24T10:00:00.000Z");
const LATER = new Date("2026-11-25T10:00:00.000Z");

test("the first request spends the token; the same key, or the same fields with a new key, may send it again", async () => {
  const nonces = createFormTokenNonces(createMemoryBlobs());
  expect(await nonces.spend("token-a", { key: "key-1", fields }, LATER)).toBe("first");
  expect(await nonces.spend("token-a", { key: "key-1", fields }, LATER)).toBe("same-request");
  expect(await nonces.spend("token-a", { key: "key-2", fields }, LATER)).toBe("same-request");
});

test("another request with the spent token is told apart: other fields under another key", async () => {
  const nonces = createFormTokenNonces(createMemoryBlobs());
  await nonces.spend("token-a", { key: "key-1", fields }, LATER);
  expect(
    await nonces.spend("token-a", { key: "key-2", fields: { ...fields, company: "Other Co" } }, LATER),
  ).toBe("reused");
  expect(await nonces.spend("token-a", { fields: { ...fields, email: "x@example.com" } }, LATER)).toBe(
    "reused",
  );
  expect(await nonces.spend("token-b", { key: "key-2", fields }, LATER)).toBe("first");
});

test("no token or visitor text is stored, only digests; expired entries are pruned", async () => {
  const blobs = createMemoryBlobs();
  const nonces = createFormTokenNonces(blobs);
  await nonces.spend("token-a", { key: "key-1", fields }, DAY);
  await nonces.spend("token-b", { key: "key-2", fields }, LATER);
  const stored = JSON.stringify([...blobs.entries]);
  for (const text of ["token-a", fields.email, fields.firstName, fields.company])
    expect(stored).not.toContain(text);
  expect(await deleteExpired(blobs, STORAGE.formTokens.prefix, new Date("2026-11-24T12:00:00.000Z"))).toBe(1);
  expect(await nonces.spend("token-b", { key: "key-9", fields: { ...fields, phone: "1" } }, LATER)).toBe(
    "reused",
  );
  expect(await nonces.spend("token-a", { key: "key-9", fields: { ...fields, phone: "1" } }, LATER)).toBe(
    "first",
  );
});
