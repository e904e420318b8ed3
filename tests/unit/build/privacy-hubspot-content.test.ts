/**
 * @jest-environment node
 *
 * The privacy page's HubSpot section (docs/decisions/0049-hubspot-plugin.md) is content an editor changes,
 * checked by every build, and sourced for the page only while HUBSPOT_ACCESS_TOKEN is set at build.
 */
import path from "node:path";
import { contentLeftOut, loadSiteContent } from "../../../build/load-content";

const ROOT = path.resolve(__dirname, "../../..");
const CONTENT = path.join(ROOT, "content");
const SECTION = path.join(CONTENT, "privacy-hubspot.md");

test("the section is left unsourced unless HUBSPOT_ACCESS_TOKEN is set at build", () => {
  expect(contentLeftOut(CONTENT, {})).toEqual([SECTION]);
  expect(contentLeftOut(CONTENT, { HUBSPOT_ACCESS_TOKEN: "  " })).toEqual([SECTION]);
  expect(contentLeftOut(CONTENT, { HUBSPOT_ACCESS_TOKEN: "pat-na1-xyz" })).toEqual([]);
});

test("gatsby-config sources content/ without the section unless the token is set", () => {
  const ignored = (env: Record<string, string | undefined>) => {
    const saved = process.env.HUBSPOT_ACCESS_TOKEN;
    if (env.HUBSPOT_ACCESS_TOKEN === undefined) delete process.env.HUBSPOT_ACCESS_TOKEN;
    else process.env.HUBSPOT_ACCESS_TOKEN = env.HUBSPOT_ACCESS_TOKEN;
    try {
      let plugins: unknown[] = [];
      jest.isolateModules(() => {
        plugins = jest.requireActual<{ default: { plugins: unknown[] } }>("../../../gatsby-config").default
          .plugins;
      });
      const source = plugins.find(
        (p) => typeof p === "object" && (p as { resolve: string }).resolve === "gatsby-source-filesystem",
      ) as { options: { ignore: string[] } };
      return source.options.ignore;
    } finally {
      if (saved === undefined) delete process.env.HUBSPOT_ACCESS_TOKEN;
      else process.env.HUBSPOT_ACCESS_TOKEN = saved;
    }
  };
  expect(ignored({})).toEqual([SECTION]);
  expect(ignored({ HUBSPOT_ACCESS_TOKEN: "pat-na1-xyz" })).toEqual([]);
});

test("it names HubSpot, Inc., what it receives, its retention apart from the site's, and erasure", () => {
  const { privacy, privacyHubspot } = loadSiteContent(ROOT);
  const text = privacyHubspot.body;
  for (const words of [
    "HubSpot, Inc.",
    "on our behalf and only on our instructions",
    "first name, last name, work e-mail address, phone number and the name of your company",
    "Additional Info",
    "where your visit to this site began",
    "reference",
    "which member of our sales team has taken your request on",
    "not for the 180 days",
    "erase",
  ]) {
    expect([words, text.includes(words)]).toEqual([words, true]);
  }
  // The page's own text says nothing of HubSpot: a site without it names it nowhere.
  expect(JSON.stringify(privacy)).not.toMatch(/hubspot/i);
});
