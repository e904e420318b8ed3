/**
 * Every reason the spam layers store, made by the layers themselves on a fixed clock, for the tests of the
 * words the sales team reads (docs/decisions/0011-spam-defence-layers.md).
 */
import { withEmailClass } from "../../netlify/lib/add-ons/email-class/email-class";
import { classifyEmail } from "../../netlify/lib/kit/email-lists";
import { issueFormToken } from "../../netlify/lib/core/spam/form-token";
import { judgeSpam, REUSED_TOKEN_REASON, type SpamVerdict } from "../../netlify/lib/core/spam/spam";

const SECRET = "spam-reasons-form-secret-of-32-characters";
const NOW = Date.parse("2026-11-24T01:00:00Z");

function reasonOf(verdict: SpamVerdict): string {
  if (verdict.kind === "clean") throw new Error("a clean verdict has no reason");
  return verdict.reason;
}

const judged = (formToken?: string, honeypot = "") =>
  reasonOf(judgeSpam({ honeypot, formToken, viaForm: false }, { secret: SECRET, now: new Date(NOW) }));
const tokenAt = (minutes: number) => issueFormToken(SECRET, new Date(NOW + minutes * 60_000));

const noToken = judged();

/** Each stored reason by name: those a lead is held for, then those it is suspected for. */
export const STORED_REASONS = {
  honeypot: judged(undefined, "filled"),
  // As the demo-request handler writes it when a held request cannot be stored.
  honeypotNotStored: `${judged(undefined, "filled")}; it could not be stored, so it is sent rather than held`,
  noToken,
  reused: REUSED_TOKEN_REASON,
  tooFast: judged(tokenAt(-0.01)),
  forged: judged(`${NOW - 60_000}.${"A".repeat(43)}`),
  future: judged(tokenAt(5)),
  expired: judged(tokenAt(-30 * 60)),
  disposable: reasonOf(
    withEmailClass({ kind: "suspected", reason: noToken }, classifyEmail("x@mailinator.com")),
  ),
} as const;
