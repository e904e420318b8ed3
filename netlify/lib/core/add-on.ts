/**
 * The core's extension points (docs/decisions/0034-core-and-add-ons.md): an add-on is a plain
 * object with a name and the hooks it needs, as a Vite or Rollup plugin is; netlify/lib/compose.ts
 * lists the add-ons that are on and the core calls their hooks, in that order, at these points.
 * Every hook is optional; none may throw for a single lead.
 */
import type { DemoRequest } from "../../../src/lib/demo-request";
import type { ServerConfig } from "./config";
import type { DeliveryChannel, DeliveryContext } from "./delivery/delivery-channel";
import type { AnswerFormat, BookingOffer } from "./demo-request/respond";
import type { LeadAlert, LeadRecord } from "./leads/lead-record";
import type { SpamVerdict } from "./spam/spam";
import { logInfo } from "../kit/log";

/** What a judge adds to a new lead and the verdict after it. */
export interface Judgement {
  verdict: SpamVerdict;
  /** Fields for the stored lead, e.g. `{ emailClass }`. */
  lead?: Partial<Pick<LeadRecord, "emailClass">>;
}

export interface AddOn {
  readonly name: string;
  /** Judges a valid request beside the spam layers, e.g. the e-mail class (a disposable address is suspected). */
  judge?: (request: DemoRequest, verdict: SpamVerdict) => Judgement;
  /**
   * A delivery channel: run after the sales e-mail in its lane (the confirmation), or beside it
   * (the webhook). An add-on that is off gives a channel that skips, so every lead settles.
   */
  channel?: { lane: "after-sales" | "beside"; channel: DeliveryChannel };
  /** The claim link the sales e-mail carries for lead `id` (follow-up), when there is one. */
  claimUrl?: (config: ServerConfig, id: string) => string | undefined;
  /**
   * An offer on the answer to a received request, e.g. the booking link (JSON) and the thanks
   * page's one-time ticket (the form without JavaScript); the first add-on that offers one wins.
   */
  answerExtras?: (answer: {
    leadId: string;
    request: DemoRequest;
    format: AnswerFormat;
    now: Date;
  }) => Promise<BookingOffer | undefined>;
  /** Tells the team's channel of a lead's alert (the webhook); resolves whether it was taken. */
  postAlert?: (
    lead: LeadRecord,
    alert: { reason: LeadAlert["reason"]; detail: string },
    context: Pick<DeliveryContext, "config" | "retry" | "now">,
  ) => Promise<"sent" | "failed">;
}

/** A channel for an add-on that is off: it skips every lead with `reason`, so none waits for it. */
export function offChannel(name: DeliveryChannel["name"], reason: string): AddOn["channel"] {
  return {
    lane: name === "confirmation" ? "after-sales" : "beside",
    channel: {
      name,
      plan: (lead) => {
        logInfo(`${name} skipped`, { requestId: lead.id, reason });
        return { skip: reason };
      },
      send: async () => ({ status: "skipped", reason, attempts: 0 }),
    },
  };
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
