/**
 * Lead follow-up (docs/requirements.md#follow-up) for the browser tests: the sales team's roster
 * (SALES_TEAM), so the claim page offers these two people instead of a name field. The roster
 * only changes the claim page (netlify/lib/add-ons/follow-up/claim-handler.ts); no other page or message
 * reads it. Both are test people at example.com.
 */
export const E2E_SALES_TEAM = [
  { name: "Ana Smith", email: "ana@example.com" },
  { name: "Ben Lee", email: "ben@example.com" },
] as const;

export const E2E_FOLLOW_UP = {
  SALES_TEAM: E2E_SALES_TEAM.map((m) => `${m.name} <${m.email}>`).join(", "),
} as const;
