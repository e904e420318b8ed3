/**
 * The claim page's HTML (docs/decisions/0029-lead-follow-up.md). No script and no form that submits by
 * itself: mail scanners open every link, so each action needs an explicit choice. Values escaped with escape-html.
 */
import type { StaffMember } from "../../core/config";
import escapeHtml from "escape-html";
import {
  CLOSE_REASONS,
  INBOX_ONLY_LABEL,
  isConfirmedBooking,
  liveBookings,
  type FollowUp,
} from "./follow-up-record";
import type { LeadRecord } from "../../core/leads/lead-record";
import { MAX_STAFF_NAME_LENGTH } from "./settings";
import { durationInWords } from "../../kit/text";
import { htmlPage } from "../../kit/html-page";

const CLAIM_PAGE_TITLE = "Demo request follow-up";

const CLAIM_TRUST_NOTE =
  "Anyone who holds this link (the sales e-mail, the team's channel) can act on this lead as any team member: the team trusts itself, and the link is what keeps everyone else out.";

const row = (label: string, value: string) =>
  `<li><strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}</li>`;

function statusList(lead: LeadRecord, followUp: FollowUp, now: Date): string {
  const { request } = lead;
  const rows = [
    row("Prospect", `${request.firstName} ${request.lastName} (${request.company})`),
    row("E-mail", request.email),
    row("Phone", request.phone || "(none)"),
    row(
      "Received",
      `${lead.receivedAt} (${durationInWords(Math.floor((now.getTime() - Date.parse(lead.receivedAt)) / 60_000))} ago)`,
    ),
    row("Request id", lead.id),
    row("Follow-up", followUp.state),
    row("Owner", followUp.owner?.name ?? "nobody yet"),
  ];
  if (followUp.claimedAt) rows.push(row("Claimed", followUp.claimedAt));
  if (followUp.contactedAt) rows.push(row("Contacted", followUp.contactedAt));
  if (followUp.bookedAt) rows.push(row("Booked", followUp.bookedAt));
  for (const booking of liveBookings(followUp)) {
    const how =
      booking.via === "reference"
        ? "booked through the link sent after the request"
        : booking.confirmedAt
          ? `matched by e-mail address, confirmed ${booking.confirmedAt}`
          : INBOX_ONLY_LABEL;
    rows.push(row("Demo booking", `${booking.startTime ?? "time not given"} (${how})`));
  }
  if (followUp.closedAt)
    rows.push(row("Closed", `${followUp.closedAt} (${followUp.closedReason ?? "no reason"})`));
  return `<ul>${rows.join("")}</ul>`;
}

function form(action: string, kind: string, fields: string, button: string): string {
  return (
    `<form method="post" action="${escapeHtml(action)}">` +
    `<input type="hidden" name="action" value="${kind}">${fields}` +
    `<p><button type="submit">${escapeHtml(button)}</button></p></form>`
  );
}

function claimForm(action: string, team: readonly StaffMember[] | undefined): string {
  const field = team
    ? `<p><label for="owner">Claim as</label> <select id="owner" name="owner" required>` +
      `<option value="" selected>Choose a person</option>` +
      team
        .map((m) => `<option value="${escapeHtml(m.email ?? m.name)}">${escapeHtml(m.name)}</option>`)
        .join("") +
      `</select></p>`
    : `<p><label for="owner-name">Your name</label> <input id="owner-name" name="ownerName" required ` +
      `maxlength="${MAX_STAFF_NAME_LENGTH}" autocomplete="name"></p>`;
  return `<h2>Claim</h2>${form(action, "claim", field, "Claim this lead")}`;
}

function closeForm(action: string): string {
  const options = CLOSE_REASONS.map((r) => `<option value="${r}">${r}</option>`).join("");
  const field =
    `<p><label for="reason">Reason</label> <select id="reason" name="reason" required>` +
    `<option value="" selected>Choose a reason</option>${options}</select></p>`;
  return `<h2>Close</h2>${form(action, "close", field, "Close this lead")}`;
}

export interface ClaimPageNotice {
  kind: "done" | "refused" | "invalid";
  text: string;
}

/** The page for `lead` at `now`; its forms post to `action`, its own signed URL. */
export function renderClaimPage(
  lead: LeadRecord,
  followUp: FollowUp,
  options: { now: Date; action: string; team?: readonly StaffMember[]; notice?: ClaimPageNotice },
): string {
  const { action, team, notice } = options;
  const forms: string[] = [];
  if (followUp.state === "new") forms.push(claimForm(action, team));
  if (followUp.state === "claimed") {
    const confirm =
      `<p><input type="checkbox" id="confirm-contacted" name="confirm" value="yes" required> ` +
      `<label for="confirm-contacted">I have contacted the prospect</label></p>`;
    forms.push(`<h2>Contacted</h2>${form(action, "contacted", confirm, "Mark as contacted")}`);
  }
  if (followUp.state !== "closed") {
    // Cal.com does not verify a booker's address: a person says whether the booking is the prospect's.
    for (const booking of liveBookings(followUp).filter((b) => !isConfirmedBooking(b))) {
      const fields = `<input type="hidden" name="booking" value="${escapeHtml(booking.uid)}">`;
      const label = `Confirm the booking for ${booking.startTime ?? "the time not given"}`;
      forms.push(`<h2>Booking</h2>${form(action, "confirm-booking", fields, label)}`);
    }
    forms.push(closeForm(action));
  }
  const message = notice
    ? `<p role="${notice.kind === "done" ? "status" : "alert"}"><strong>${escapeHtml(notice.text)}</strong></p>`
    : "";
  return htmlPage(
    CLAIM_PAGE_TITLE,
    message +
      statusList(lead, followUp, options.now) +
      forms.join("") +
      `<p>${escapeHtml(CLAIM_TRUST_NOTE)}</p>`,
  );
}
