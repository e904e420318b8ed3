/**
 * @jest-environment node
 */
// The HubSpot plugin's settings (docs/decisions/0049-hubspot-plugin.md): off without a token, the `local` token and
// another API base URL only where SendGrid's would be honoured, and the lead-status mapping's defaults.
import { hubspotSettings } from "../../../../netlify/lib/add-ons/hubspot/settings";

test("off without a token; on with one, against HubSpot's API and the default lead statuses", () => {
  expect(hubspotSettings({})).toEqual({ state: "off" });
  const on = hubspotSettings({
    HUBSPOT_ACCESS_TOKEN: "pat-na1-xyz",
    HUBSPOT_API_BASE_URL: "http://127.0.0.1:9",
  });
  expect(on).toMatchObject({ state: "on", value: { baseUrl: "https://api.hubapi.com" } });
  expect(on.state === "on" && on.value.leadStatuses.contacted).toBe("ATTEMPTED_TO_CONTACT");
});

test("the `local` token and another base URL only in a local run or with SendGrid's explicit allowance", () => {
  expect(hubspotSettings({ HUBSPOT_ACCESS_TOKEN: "local" })).toMatchObject({
    state: "invalid",
    problems: [expect.stringContaining("HUBSPOT_ACCESS_TOKEN")],
  });
  const local = {
    HUBSPOT_ACCESS_TOKEN: "local",
    HUBSPOT_API_BASE_URL: "http://127.0.0.1:9/",
    NETLIFY_DEV: "true",
  };
  expect(hubspotSettings(local)).toMatchObject({ state: "on", value: { baseUrl: "http://127.0.0.1:9" } });
  const allowed = {
    HUBSPOT_ACCESS_TOKEN: "pat",
    HUBSPOT_API_BASE_URL: "https://hub.test",
    ALLOW_SENDGRID_BASE_URL: "true",
  };
  expect(hubspotSettings(allowed)).toMatchObject({ state: "on", value: { baseUrl: "https://hub.test" } });
});

test("the lead-status mapping takes known changes only, and names the variable, never its value", () => {
  const mapped = hubspotSettings({
    HUBSPOT_ACCESS_TOKEN: "pat",
    HUBSPOT_LEAD_STATUSES: "contacted=IN_PROGRESS, closed:duplicate=BAD_TIMING",
  });
  expect(mapped.state === "on" && mapped.value.leadStatuses).toMatchObject({
    contacted: "IN_PROGRESS",
    "closed:duplicate": "BAD_TIMING",
    booked: "CONNECTED",
  });
  const bad = hubspotSettings({
    HUBSPOT_ACCESS_TOKEN: "pat-secret",
    HUBSPOT_LEAD_STATUSES: "called=SECRETVALUE",
  });
  expect(bad).toMatchObject({
    state: "invalid",
    problems: [expect.stringContaining("HUBSPOT_LEAD_STATUSES")],
  });
  expect(JSON.stringify(bad)).not.toMatch(/SECRETVALUE|pat-secret/);
});
