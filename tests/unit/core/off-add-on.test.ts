/**
 * @jest-environment node
 */
// A feature that is off says so once per cold start, not once per lead (netlify/lib/core/add-on.ts `offAddOn`):
// every lead still skips its channel, so none waits for it.
import { offAddOn, type DeliveryContext } from "../../../netlify/lib/core/add-on";
import type { LeadRecord } from "../../../netlify/lib/core/leads/lead-record";

afterEach(() => jest.restoreAllMocks());

test("a switched-off webhook skips every lead and logs that once", () => {
  const log = jest.spyOn(console, "log").mockImplementation(() => undefined);
  const { channel } = offAddOn("lead webhook (off)", "webhook", "LEAD_WEBHOOK_URL is not set").channel!;
  const context = {} as DeliveryContext;
  const plans = Array.from({ length: 20 }, (_, n) =>
    channel.plan({ id: `lead-${n}` } as LeadRecord, context),
  );
  expect(plans).toEqual(Array(20).fill({ skip: "LEAD_WEBHOOK_URL is not set" }));
  expect(log.mock.calls.flat()).toEqual([
    "[demo-request] webhook off: every lead skips it (LEAD_WEBHOOK_URL is not set)",
  ]);
});
