/**
 * @jest-environment node
 */
import { isHttpsUrl } from "../../../netlify/lib/kit/url";

test("a webhook URL may carry credentials; only a booking link refuses them", () => {
  expect(isHttpsUrl("https://user:pw@hooks.example.com/x", false)).toBe(true);
  expect(isHttpsUrl("https://user:pw@hooks.example.com/x", false, { refuseCredentials: true })).toBe(false);
  expect(isHttpsUrl("http://localhost:9000/hook", false)).toBe(false);
});
