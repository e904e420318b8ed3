/**
 * The console guard of the unit tests (tests/helpers/console.ts): a silenced console.error must
 * be read, and every test silences it through that one helper.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { checkSilencedConsoles, silenceConsole } from "../../helpers/console";

test("a silenced console.error that nothing reads fails the check after the test", () => {
  const errors = silenceConsole("error");
  console.error("[demo-request] something failed", { requestId: "a" });
  expect(() => checkSilencedConsoles()).toThrow(
    "console.error silenced but what it logged was never examined",
  );
  expect(errors.lines()).toEqual(["[demo-request] something failed { requestId: 'a' }"]);
});

test("lines(), text() and the spy's calls each count as reading what was logged", () => {
  const first = silenceConsole("error");
  console.error("one");
  console.error("two", 2);
  expect(first.text()).toBe("one\ntwo 2");
  expect(() => checkSilencedConsoles()).not.toThrow();
  const second = silenceConsole("error");
  console.error("three");
  expect(second).toHaveBeenCalledWith("three");
  expect(() => checkSilencedConsoles()).not.toThrow();
});

test("no unit test spies on console.error itself", () => {
  const root = join(__dirname, "..");
  const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((file) =>
    /\.test\.tsx?$/.test(file),
  );
  const own = ["spyOn(console,", ' "error")'].join("");
  const offenders = files.filter((file) => readFileSync(join(root, file), "utf8").includes(own));
  expect(offenders).toEqual([]);
});
