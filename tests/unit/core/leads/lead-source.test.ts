/**
 * @jest-environment node
 */
// The source in words, as the sales e-mail and the claim page show it (docs/decisions/0024-lead-attribution.md).
import { sourceInWords } from "../../../../netlify/lib/core/leads/lead-source";

test("a campaign reads as one sentence", () => {
  expect(
    sourceInWords({
      utm_source: "linkedin",
      utm_medium: "paidsocial",
      utm_campaign: "pilbara-q4",
      landing_path: "/",
    }),
  ).toBe("Came from LinkedIn (paid), campaign pilbara-q4, landed on /");
  expect(sourceInWords({ utm_source: "newsletter", utm_medium: "email", utm_term: "haul trucks" })).toBe(
    "Came from newsletter (email), search term haul trucks",
  );
});

test("without UTM values the referrer's host or a Google Ads click names the source", () => {
  expect(sourceInWords({ referrer: "https://www.bing.com/search", landing_path: "/about" })).toBe(
    "Came from www.bing.com, landed on /about",
  );
  expect(sourceInWords({ gclid: "abc" })).toBe("Came from Google Ads");
});

test("nothing recorded says so", () => {
  expect(sourceInWords(undefined)).toBe("No source recorded (a direct visit, or the browser sent none)");
  expect(sourceInWords({ landing_path: "/" })).toBe(
    "No source recorded (a direct visit, or the browser sent none), landed on /",
  );
});
