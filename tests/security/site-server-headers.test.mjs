// The local server's translation of the emulation's answers into Node headers
// (scripts/local/site-server.mjs): every Set-Cookie kept, the emulation's own timing header dropped
// (it grew past Node fetch's 16 KB header limit once the local store held many leads).
import assert from "node:assert/strict";
import { test } from "node:test";
import { nodeHeaders } from "../../scripts/local/site-server.mjs";

test("nodeHeaders keeps each Set-Cookie and every site header", () => {
  const headers = new Headers({ "content-type": "application/json", "cache-control": "no-store" });
  headers.append("set-cookie", "a=1");
  headers.append("set-cookie", "b=2");
  assert.deepEqual(nodeHeaders(headers), {
    "cache-control": "no-store",
    "content-type": "application/json",
    "set-cookie": ["a=1", "b=2"],
  });
});

test("nodeHeaders drops the emulation's x-nf-fetch-timing, however long it grows", () => {
  const timing = Array.from({ length: 1000 }, () => "localhost:1;dur=1;method=GET;status=200").join(", ");
  const headers = new Headers({ "content-type": "application/json", "x-nf-fetch-timing": timing });
  assert.deepEqual(nodeHeaders(headers), { "content-type": "application/json" });
});
