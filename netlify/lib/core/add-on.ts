/**
 * The core's extension points (docs/decisions/0034-core-and-add-ons.md): an add-on is a plain
 * object with a name and the hooks it needs, as a Vite or Rollup plugin is; netlify/lib/compose.ts
 * lists the add-ons that are on and the core calls their hooks, in that order, at these points.
 * Every hook is optional; none may throw for a single lead.
 */
import type { DemoRequest } from "../../../src/lib/demo-request";
import type { LeadRecord } from "./leads/lead-record";
import type { SpamVerdict } from "./spam/spam";

/** What a judge adds to a new lead and the verdict after it. */
export interface Judgement {
  verdict: SpamVerdict;
  /** Fields for the stored lead, e.g. `{ emailClass }`. */
  lead?: Partial<Pick<LeadRecord, "emailClass">>;
}

export interface AddOn {
  readonly name: string;
  /** Judges a valid request beside the spam layers, e.g. the e-mail class (a disposable address is suspected). */
  judge?(request: DemoRequest, verdict: SpamVerdict): Judgement;
}

/** Runs every add-on's judge in order over `verdict`; resolves the last verdict and every field added. */
export function judgeWith(addOns: readonly AddOn[], request: DemoRequest, verdict: SpamVerdict): Judgement {
  let judged: Judgement = { verdict, lead: {} };
  for (const addOn of addOns) {
    const next = addOn.judge?.(request, judged.verdict);
    if (next) judged = { verdict: next.verdict, lead: { ...judged.lead, ...next.lead } };
  }
  return judged;
}
