import path from "node:path";
import { loadSiteContent } from "../../../../build/load-content";
import type { SiteSettings } from "../../../../src/hooks/use-site-settings";

/** The project root, where content/ lives. */
export const ROOT = path.resolve(__dirname, "../../../..");

/** The real, validated content, so unit tests render what visitors read. */
export const content = loadSiteContent(ROOT);

export const SITE_URL = "https://www.example.test";

/** Site settings as useSiteSettings returns them. */
export const siteSettings: SiteSettings = { ...content.site, siteUrl: SITE_URL };

/** The data useStaticQuery answers for the site-settings query. */
export const siteSettingsQueryResult = {
  site: { siteMetadata: { siteUrl: SITE_URL } },
  siteSettings: content.site,
};
