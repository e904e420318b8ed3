/**
 * The Decap CMS configuration (docs/requirements.md#content-editing), typed and in one place so the drift
 * test can compare it with the build-time zod schemas in src/lib/content/schemas.ts. One file collection
 * entry per content file; every limit below must equal the schema's (the test fails otherwise).
 *
 * Production uses the GitHub backend with the editorial workflow (each edit is a pull request
 * with a Netlify deploy preview). On localhost, `local_backend` talks to `decap-server`
 * (`npm run cms`) and writes straight into content/.
 */
import type { CmsCollectionFile, CmsConfig } from "decap-cms-core";
import {
  dateField,
  emailField,
  fixedChoiceField,
  fixedField,
  fixedListField,
  markdownBodyField,
  objectField,
  sitePathField,
  textField,
  textListField,
} from "./fields";

/** Custom format name: JSON with the trailing newline prettier expects (registered in cms.tsx). */
export const JSON_FORMAT = "json-with-newline";

/** GitHub repository the production editor commits to; set CMS_GITHUB_REPO at build time. */
const repo = process.env.GATSBY_CMS_GITHUB_REPO ?? "example-org/resources-ai-site";

const BENEFIT_TITLES = ["Improve Decisions", "Enhance Productivity & Safety", "Unlock Revenue"] as const;
const VALUE_TITLES = [
  "Safety by Design",
  "People First Always",
  "Built on Trust",
  "Radical Simplicity",
  "Partnership Over Transaction",
  "Future Shaping",
] as const;

const seo = objectField(
  "seo",
  "Search engines",
  [
    textField("title", "Page title (browser tab, search results)", 70),
    textField("description", "Description (search results)", 200, { multiline: true }),
  ],
  "How the page appears in Google and in shared links.",
);

const siteFile: CmsCollectionFile = {
  name: "site",
  label: "Site settings",
  file: "content/site.json",
  description: "Name, menu, buttons and footer shown on every page; contact and not-found texts.",
  fields: [
    textField("siteName", "Site name", 60),
    textField("tagline", "Tagline", 160),
    textField("logoAlt", "Logo description (for screen readers)", 100),
    textField("skipLink", "Skip-to-content link", 40),
    objectField("nav", "Navigation", [
      textField("label", "Menu name (for screen readers)", 40),
      fixedField("home", "Home link", "Home"),
      fixedField("about", "About link", "About"),
      fixedField("contact", "Contact link", "Contact"),
      textField("openMenu", "Open-menu button (mobile)", 40),
      textField("closeMenu", "Close-menu button (mobile)", 40),
    ]),
    objectField("theme", "Theme switch", [
      textField("label", "Label", 20),
      textField("light", "Light", 20),
      textField("dark", "Dark", 20),
      textField("system", "System", 20),
    ]),
    objectField("cta", "Call-to-action buttons", [
      fixedField("requestDemo", "Header button", "Request Demo"),
      fixedField("startPilot", "Start pilot button", "Start Pilot"),
      fixedField("requestPilot", "Request pilot button", "Request Pilot"),
      fixedField("seeItInAction", "Co-Pilot button", "See it in action"),
      fixedField("requestADemo", "Hero and closing button", "REQUEST A DEMO"),
    ]),
    objectField("footer", "Footer", [
      fixedField("talkToUs", "Talk to us heading", "Talk to us"),
      fixedField("contact", "Contact link", "Contact"),
      {
        ...textField("rights", "Rights line", 120),
        hint: "Up to 120 characters; must mention the year 2025.",
        pattern: [
          "^(?=[\\s\\S]*2025)\\s*\\S[\\s\\S]{0,119}$",
          "Must state the year 2025, at most 120 characters",
        ],
      },
      textField("privacy", "Privacy policy link", 40),
    ]),
    objectField("contact", "Contact page", [
      seo,
      fixedField("title", "Heading", "Request a Demo"),
      textField("intro", "Introduction", 300, { multiline: true }),
      objectField(
        "notice",
        "Collection notice (in the form, before Submit)",
        [
          textField("text", "Notice text", 400, {
            multiline: true,
            hint: "Up to 400 characters. Who collects the details, why, who receives them, and what happens if a required field is left out.",
          }),
          textField("link", "Link to the privacy policy", 60),
        ],
        "Required by privacy law before a visitor sends their details. The link goes to /privacy.",
      ),
    ]),
    objectField("notFound", "Page-not-found (404) page", [
      seo,
      fixedField("code", "Code", "404"),
      fixedField("message", "Message", "Oops! Page not found"),
      fixedField("homeLink", "Link home", "Return to Home"),
    ]),
    objectField("shareImage", "Share image (links shared on social media)", [
      sitePathField("src", "Image (1200 x 630)"),
      textField("alt", "Image description", 200),
    ]),
    objectField("organization", "Organisation (for search engines)", [
      sitePathField("logo", "Logo"),
      textField("contactType", "Contact type", 40),
    ]),
    objectField(
      "contactDetails",
      "Contact details (in the e-mail confirming a demo request)",
      [
        emailField("email", "E-mail address", 254, "One address, like sales@example.com."),
        textField("phone", "Phone number", 40),
      ],
      "Shown to every prospect who requests a demo.",
    ),
  ],
};

const homeFile: CmsCollectionFile = {
  name: "home",
  label: "Home page",
  file: "content/home.md",
  description: "Hero, the three benefits, the Technical Co-Pilot, the claims and the closing call to action.",
  fields: [
    seo,
    objectField("hero", "Hero (top of the page)", [
      textField("eyebrow", "Small line above the headline", 80),
      textField("headline", "Headline", 100),
      textField("subhead", "Text under the headline", 300, { multiline: true }),
      fixedField("cta", "Button", "REQUEST A DEMO"),
    ]),
    textField("benefitsHeading", "Benefits heading", 80),
    fixedListField(
      "benefits",
      "Benefits",
      3,
      [
        fixedChoiceField("title", "Title", BENEFIT_TITLES),
        textField("body", "Text", 300, { multiline: true }),
      ],
      "{{fields.title}}",
    ),
    objectField("copilot", "Technical Co-Pilot", [
      textField("eyebrow", "Small line above the heading", 60),
      fixedField("heading", "Heading", "Technical Co-Pilot"),
      textField("body", "Text", 400, { multiline: true }),
      textListField("points", "Bullet points", 1, 5, textField("point", "Point", 120)),
      objectField("screenshot", "Screenshot", [
        {
          name: "src",
          label: "Image",
          widget: "image",
          required: true,
          choose_url: false,
          hint: "PNG, JPEG or WebP; uploads go to content/images/.",
          pattern: [
            "^(?=.{1,200}$)images\\/[\\w.-]+\\.(png|jpe?g|webp)$",
            "Must be a PNG, JPEG or WebP file under content/images/ (letters, digits, dots, dashes; up to 200 characters)",
          ],
        },
        textField("alt", "Image description (for screen readers)", 250, { multiline: true }),
      ]),
      fixedField("cta", "Button", "See it in action"),
    ]),
    textField("claimsHeading", "Claims heading", 80),
    fixedListField(
      "claims",
      "Claims",
      3,
      [
        textField("figure", "Figure", 30),
        textField("text", "Text", 160),
        textField("note", "Footnote (optional)", 120, { required: false }),
      ],
      "{{fields.figure}}",
    ),
    objectField("closing", "Closing call to action", [
      textField("heading", "Heading", 100),
      textField("body", "Text", 300, { multiline: true }),
      fixedField("cta", "Button", "REQUEST A DEMO"),
    ]),
  ],
};

const aboutFile: CmsCollectionFile = {
  name: "about",
  label: "About page",
  file: "content/about.md",
  description: "Introduction, the two founders, the vision and the six values.",
  fields: [
    seo,
    objectField("intro", "Introduction", [
      textField("heading", "Heading", 80),
      textField("body", "Text", 400, { multiline: true }),
    ]),
    textField("foundersHeading", "Founders heading", 80),
    fixedListField(
      "founders",
      "Founders",
      2,
      [
        textField("name", "Name", 80),
        textField("role", "Role", 80),
        textField("bio", "Biography", 500, { multiline: true }),
      ],
      "{{fields.name}}",
    ),
    objectField("vision", "Vision", [
      textField("heading", "Heading", 80),
      textField("statement", "Statement", 400, { multiline: true }),
    ]),
    textField("valuesHeading", "Values heading", 80),
    fixedListField(
      "values",
      "Values",
      6,
      [
        fixedChoiceField("title", "Title", VALUE_TITLES),
        textField("description", "Description", 300, { multiline: true }),
      ],
      "{{fields.title}}",
    ),
  ],
};

const privacyFile: CmsCollectionFile = {
  name: "privacy",
  label: "Privacy policy",
  file: "content/privacy.md",
  description:
    "The /privacy page: what personal data the site keeps, for how long, and how to ask for access, correction or erasure.",
  fields: [
    seo,
    textField("title", "Heading", 80),
    objectField("lastUpdated", "Last updated", [textField("label", "Label", 40), dateField("date", "Date")]),
    objectField("requests", "Access, correction and erasure requests (end of the page)", [
      textField("heading", "Heading", 80),
      textField("body", "Text", 600, { multiline: true }),
      emailField(
        "email",
        "Privacy e-mail address",
        254,
        "Where visitors send their requests. Up to 254 characters.",
      ),
    ]),
    markdownBodyField(
      "Text of the page",
      20000,
      "Sections start with a level-2 heading (the page title is the only level-1 heading). Keep the retention periods equal to LEAD_RETENTION_DAYS and SPAM_RETENTION_DAYS.",
    ),
  ],
};

/** The whole CMS configuration, passed to `CMS.init({ config })` with `load_config_file: false`. */
export const cmsConfig: CmsConfig = {
  load_config_file: false,
  backend: { name: "github", repo, branch: "main" },
  publish_mode: "editorial_workflow",
  local_backend: true,
  media_folder: "content/images",
  // Stored paths are relative to content/ ("images/x.png"), as the build's schema expects.
  public_folder: "images",
  site_url: process.env.GATSBY_CMS_SITE_URL ?? "https://www.example-resources-ai.com",
  editor: { preview: true },
  collections: [
    {
      name: "settings",
      label: "Site settings",
      format: JSON_FORMAT,
      delete: false,
      editor: { preview: false },
      files: [siteFile],
    },
    {
      name: "pages",
      label: "Pages",
      format: "frontmatter",
      delete: false,
      files: [homeFile, aboutFile, privacyFile],
    },
  ],
};
