/**
 * @jest-environment node
 */
// The media-type check behind the demo request's 415 and its JSON-or-HTML answer (docs/requirements.md#durable-capture).
import { hasMediaType } from "../../../netlify/lib/kit/http";

test.each([
  ["application/json", "application/json", true],
  [" Application/JSON ; charset=utf-8", "application/json", true],
  ["APPLICATION/X-WWW-FORM-URLENCODED;charset=UTF-8", "application/x-www-form-urlencoded", true],
  ["application/x-www-form-urlencoded", "application/json", false],
  ["application/jsonx", "application/json", false],
  ["text/plain; x=application/json", "application/json", false],
  ["", "application/json", false],
  [null, "application/x-www-form-urlencoded", false],
] as const)("%p is %s: %s", (header, type, expected) => {
  expect(hasMediaType(header, type)).toBe(expected);
});
