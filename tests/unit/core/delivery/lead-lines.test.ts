/**
 * @jest-environment node
 */
// Lead lines (docs/decisions/0043-plugins.md): short facts an add-on knows about a lead, shown in the
// sales e-mail without the core importing the add-on; escaped, and left out when slow or failing.
import type { AddOn } from "../../../../netlify/lib/core/add-on";
import { salesEmail } from "../../../../netlify/lib/core/delivery/sales-email";
import { leadRecord, scriptedMailer, TEST_CONFIG } from "../../../helpers/function-harness";
import { silenceConsole } from "../../../helpers/console";

const NOW = new Date("2025-01-01T11:00:05.000Z");
const lead = leadRecord("3f1e2d3c-4b5a-4c6d-8e7f-9a0b1c2d3e4f", "pending");

async function salesMessage(addOns: AddOn[]) {
  const mailer = scriptedMailer();
  await salesEmail.send(lead, { config: TEST_CONFIG, mailer, addOns, now: () => NOW });
  return mailer.sent[0];
}

const lines = (name: string, found: () => Promise<readonly string[]>): AddOn => ({ name, leadLines: found });

test("the sales e-mail shows each add-on's lead lines, escaped, in add-on order", async () => {
  const message = await salesMessage([
    lines("a", async () => ["Colleague at the same company: Ana <b>Lopez</b>"]),
    lines("b", async () => ["Demo booked for Tue 3 Mar, 10:00"]),
  ]);
  expect(message.text).toContain(
    "Colleague at the same company: Ana <b>Lopez</b>\nDemo booked for Tue 3 Mar, 10:00",
  );
  expect(message.html).toContain("Ana &lt;b&gt;Lopez&lt;/b&gt;");
});

test("an add-on whose lines fail or take too long is left out and logged; the e-mail still goes", async () => {
  const errors = silenceConsole("error");
  const never = new Promise<readonly string[]>(() => undefined);
  const message = await salesMessage([
    lines("failing", () => Promise.reject(new Error("index unreadable"))),
    lines("slow", () => never),
    lines("fine", async () => ["Returning prospect: asked before on 3 Mar"]),
  ]);
  expect(message.text).toContain("Returning prospect: asked before on 3 Mar");
  expect(errors.lines().filter((line) => line.includes("lead lines left out"))).toHaveLength(2);
});
