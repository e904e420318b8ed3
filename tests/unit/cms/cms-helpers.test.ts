/**
 * The content editor (docs/requirements.md#content-editing): the JSON format keeps site.json as prettier
 * writes it, and the local refresh after a save only happens on localhost.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { jsonWithNewline, refreshLocalSite } from "../../../src/cms/config";

test("site.json round-trips byte for byte, with the final newline", () => {
  const raw = readFileSync(join(__dirname, "..", "..", "..", "content", "site.json"), "utf8");
  const data = jsonWithNewline.fromFile(raw) as object;
  expect(jsonWithNewline.toFile(data)).toBe(raw);
});

test("keys follow the editor's field order, unknown keys are kept after them", () => {
  expect(jsonWithNewline.toFile({ b: 1, extra: 3, a: 2 }, ["a", "b"])).toBe(
    '{\n  "a": 2,\n  "b": 1,\n  "extra": 3\n}\n',
  );
});

test("a save on localhost asks gatsby develop to source the content again", async () => {
  const post = jest.fn().mockResolvedValue({ ok: true });
  await refreshLocalSite("localhost", post);
  expect(post).toHaveBeenCalledWith("/__refresh");
});

test("in production nothing is requested, and a failed refresh is swallowed", async () => {
  const post = jest.fn().mockRejectedValue(new Error("no dev server"));
  expect(refreshLocalSite("www.example-resources-ai.com", post)).toBeNull();
  expect(post).not.toHaveBeenCalled();
  await expect(refreshLocalSite("127.0.0.1", post)).resolves.toBeUndefined();
});
