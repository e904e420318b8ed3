/**
 * The company-match plugin (docs/decisions/0050-company-match.md): no settings, on with the core; its index goes
 * with each lead in erasure and retention, and the export gains its `returning` and `relatedLeads` columns.
 */
import type { Plugin } from "../../core/plugin";

export const companyMatchPlugin: Plugin = {
  name: "company match",
  load: async (config, overrides) =>
    (await import("./add-on")).companyMatchAddOn(config, overrides.companyMatchStores),
  privacy: {
    prunes: async () => {
      const { pruneOrphanCompanyEntries } = await import("./company-index");
      return [
        {
          what: "company index entries of erased leads",
          covers: ["companies"],
          run: async ({ leads, leadIds, now }) => pruneOrphanCompanyEntries(leads, await leadIds(), now),
        },
      ];
    },
    eraseLead: async (blobs, id) => {
      await (await import("./company-index")).removeCompanyEntries(blobs, id);
    },
    leadExport: async () => (await import("./lead-export")).companyMatchExport,
  },
};
