/** GET /api/form-token, a fresh time token for the form, never cached (docs/decisions/0011-spam-defence-layers.md). */
import type { Config } from "@netlify/functions";
import { getCoreConfig } from "../lib/core/config";
import { issueFormToken } from "../lib/core/spam/form-token";
import { json, misconfigured } from "../lib/kit/http";

export default async (req: Request): Promise<Response> => {
  if (req.method !== "GET") return json(405, { error: "Method not allowed; use GET" }, { allow: "GET" });
  const configResult = getCoreConfig();
  if (!configResult.ok) return misconfigured(configResult.problems);
  return json(200, { token: issueFormToken(configResult.core.formSecret, new Date()) });
};

export const config: Config = {
  path: "/api/form-token",
  // Like the demo request's: a person's page asks for a token on load and after each submit.
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
