/** Reads and validates the content files (errors like `content/home.md: benefits.1.title: Required`); their GraphQL types. */
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import matter from "gray-matter";
import type { z } from "zod";
import { graphqlTypeDefs } from "../src/lib/content/fields";
import {
  aboutSchema,
  homeSchema,
  privacyHubspotSchema,
  privacySchema,
  siteSchema,
} from "../src/lib/content/schemas";

/** A content file is missing, unreadable or does not match its schema. */
export class ContentValidationError extends Error {
  override name = "ContentValidationError";
}

function readData(absPath: string, shown: string): unknown {
  let raw: string;
  try {
    raw = readFileSync(absPath, "utf8");
  } catch {
    throw new ContentValidationError(`${shown}: file not found or unreadable`);
  }
  try {
    if (absPath.endsWith(".json")) return JSON.parse(raw);
    // The markdown below the frontmatter is Decap's `body` field.
    const { data, content } = matter(raw);
    return { ...data, body: content };
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw new ContentValidationError(`${shown}: cannot be parsed: ${reason}`);
  }
}

/** Reads one content file (JSON, or markdown frontmatter plus `body`) and checks it. @throws ContentValidationError */
export function loadContentFile<S extends z.ZodType>(schema: S, absPath: string, root: string): z.infer<S> {
  const shown = relative(root, absPath).split("\\").join("/");
  const result = schema.safeParse(readData(absPath, shown));
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const field = issue.path.length > 0 ? issue.path.map(String).join(".") : "(file)";
    return `${shown}: ${field}: ${issue.message}`;
  });
  throw new ContentValidationError(lines.join("\n"));
}

/** Loads and validates all content files under `root`/content. @throws ContentValidationError naming file and field */
export function loadSiteContent(root: string) {
  const dir = join(root, "content");
  const site = loadContentFile(siteSchema, join(dir, "site.json"), root);
  const home = loadContentFile(homeSchema, join(dir, "home.md"), root);
  const about = loadContentFile(aboutSchema, join(dir, "about.md"), root);
  const privacy = loadContentFile(privacySchema, join(dir, "privacy.md"), root);
  // Checked whether or not the page shows it, so a wrong field fails every build.
  const privacyHubspot = loadContentFile(privacyHubspotSchema, join(dir, PRIVACY_HUBSPOT_FILE), root);
  const screenshot = home.copilot.screenshot.src;
  if (!existsSync(join(dir, screenshot))) {
    throw new ContentValidationError(
      `content/home.md: copilot.screenshot.src: file content/${screenshot} does not exist`,
    );
  }
  return { site, home, about, privacy, privacyHubspot };
}

/** The privacy page's HubSpot section, in content/. */
export const PRIVACY_HUBSPOT_FILE = "privacy-hubspot.md";

/**
 * The files under `contentDir` the build leaves unsourced with `env`: the privacy page's HubSpot section unless
 * HUBSPOT_ACCESS_TOKEN is set, so that a site not sending leads to HubSpot names it nowhere, not even in page data
 * (docs/decisions/0049-hubspot-plugin.md).
 */
export function contentLeftOut(contentDir: string, env: Record<string, string | undefined>): string[] {
  return env.HUBSPOT_ACCESS_TOKEN?.trim() ? [] : [join(contentDir, PRIVACY_HUBSPOT_FILE)];
}

/** The content node types: SiteSettings, HomePage, AboutPage, PrivacyPage. */
export const contentTypeDefs = graphqlTypeDefs([
  { name: "SiteSettings", prefix: "Site", schema: siteSchema },
  { name: "HomePage", prefix: "Home", schema: homeSchema },
  { name: "AboutPage", prefix: "About", schema: aboutSchema },
  { name: "PrivacyPage", prefix: "Privacy", schema: privacySchema },
]);
