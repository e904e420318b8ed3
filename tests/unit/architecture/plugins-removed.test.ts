/**
 * @jest-environment node
 */
// A feature is one folder and one line in compose.ts (docs/decisions/0043-plugins.md): with each plugin
// removed in turn, the demo request still stores, sends to sales and answers 200.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { demoRequest, demoRequestBody, formToken, setUpFunctionEnv } from "../../helpers/function-env";

const addOns = join(__dirname, "..", "..", "..", "netlify", "lib", "add-ons");
const { sink, blobs } = setUpFunctionEnv({ BOOKING_URL: "https://cal.com/acme/demo" });

/** Each plugin folder with the name its plugin module exports. */
const PLUGINS: Record<string, string> = {
  booking: "bookingPlugin",
  confirmation: "confirmationPlugin",
  "email-class": "emailClassPlugin",
  "follow-up": "followUpPlugin",
  privacy: "privacyPlugin",
  slack: "slackPlugin",
  summary: "summaryPlugin",
  hubspot: "hubspotPlugin",
  "company-match": "companyMatchPlugin",
  webhook: "webhookPlugin",
};

test("every add-on folder with a plugin module is covered here", () => {
  const withPlugin = readdirSync(addOns).filter((folder) =>
    readdirSync(join(addOns, folder)).includes("plugin.ts"),
  );
  expect(withPlugin.sort()).toEqual(Object.keys(PLUGINS).sort());
});

test.each(Object.entries(PLUGINS))(
  "without the %s plugin a valid request is stored, sent to sales and answered 200",
  async (folder, exported) => {
    let handler: typeof import("../../../netlify/functions/send-contact-email.mts").default;
    let pluginNames: string[] = [];
    jest.isolateModules(() => {
      jest.doMock(`../../../netlify/lib/add-ons/${folder}/plugin`, () => ({
        [exported]: { name: "removed" },
      }));
      handler = jest.requireActual<typeof import("../../../netlify/functions/send-contact-email.mts")>(
        "../../../netlify/functions/send-contact-email.mts",
      ).default;
      const compose = jest.requireActual<typeof import("../../../netlify/lib/compose")>(
        "../../../netlify/lib/compose",
      );
      pluginNames = compose.PLUGINS.map((plugin) => plugin.name);
      jest.dontMock(`../../../netlify/lib/add-ons/${folder}/plugin`);
    });
    expect(pluginNames).toContain("removed");
    const body = demoRequestBody({ email: `jane.${folder}@acme-mining.com`, formToken: formToken() });
    const res = await handler!(demoRequest(body), {});
    expect(res.status).toBe(200);
    const { reference } = (await res.json()) as { reference: string };
    expect(await blobs.open("demo-requests").get(`leads/${reference}`, { type: "json" })).toMatchObject({
      request: { email: body.email },
    });
    // Settled: no channel of a removed plugin keeps it waiting for the retry job.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await blobs.open("demo-requests").get(`pending/${reference}`)).toBeNull();
    const sales = sink.messages().filter((m) => m.customArgs?.kind === "sales");
    expect(sales.map((m) => m.customArgs?.requestId)).toContain(reference);
  },
);
