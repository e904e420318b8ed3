/**
 * Speed to lead (docs/requirements.md#speed-to-lead) switched on for the browser tests, as in
 * production: every lead also goes to the local webhook sink (`LEAD_WEBHOOK_URL=local`: `npm start`
 * starts it on a free port and writes its URL to .data/webhook-sink-url) in the signed `standard`
 * format, and the success toast offers a booking page. The secret is a test value (base64 of 32
 * bytes) that exists only here.
 */
export const E2E_SPEED_TO_LEAD = {
  LEAD_WEBHOOK_URL: "local",
  LEAD_WEBHOOK_FORMAT: "standard",
  LEAD_WEBHOOK_SECRET: "whsec_ZTJlLXdlYmhvb2stc2VjcmV0LW9mLXRoaXJ0eS10d28=",
  BOOKING_URL: "https://booking.example/resources-ai/demo",
} as const;
