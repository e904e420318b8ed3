/** The content model, used by the build, the GraphQL types and the editor (docs/decisions/0035-content-model-once.md). */
import type { z } from "zod";
import {
  type ContentMeta,
  emailAddress,
  exact,
  fixedList,
  isoDate,
  markdownBody,
  section,
  seoSchema,
  text,
  textList,
} from "./fields";

/** A root-relative path of a file the build publishes, e.g. "/og-image.png". */
const sitePath = (label: string) =>
  text(200, label, {
    hint: "A file in static/, written like /og-image.png (PNG, JPEG or WebP).",
    pattern: ["^(?=.{1,200}$)/[\\w./-]+\\.(png|jpe?g|webp)$", "Must be a site path like /og-image.png"],
  }).regex(/^\/[\w./-]+\.(png|jpe?g|webp)$/, "Must be a site path like /og-image.png");

/** `content/site.json`: site name, header, footer, CTA labels, contact and 404 texts. */
export const siteSchema = section(
  {
    label: "Site settings",
    hint: "Name, menu, buttons and footer shown on every page; contact and not-found texts.",
  },
  {
    siteName: text(60, "Site name"),
    tagline: text(160, "Tagline"),
    logoAlt: text(100, "Logo description (for screen readers)"),
    skipLink: text(40, "Skip-to-content link"),
    nav: section("Navigation", {
      label: text(40, "Menu name (for screen readers)"),
      home: exact("Home", "Home link"),
      about: exact("About", "About link"),
      contact: exact("Contact", "Contact link"),
      openMenu: text(40, "Open-menu button (mobile)"),
      closeMenu: text(40, "Close-menu button (mobile)"),
    }),
    theme: section("Theme switch", {
      label: text(20, "Label"),
      light: text(20, "Light"),
      dark: text(20, "Dark"),
      system: text(20, "System"),
    }),
    cta: section("Call-to-action buttons", {
      requestDemo: exact("Request Demo", "Header button"),
      startPilot: exact("Start Pilot", "Start pilot button"),
      requestPilot: exact("Request Pilot", "Request pilot button"),
    }),
    footer: section("Footer", {
      talkToUs: exact("Talk to us", "Talk to us heading"),
      contact: exact("Contact", "Contact link"),
      // Spec section 1: rights are reserved for 2025.
      rights: text(120, "Rights line", {
        hint: "Up to 120 characters; must mention the year 2025.",
        pattern: [
          "^(?=[\\s\\S]*2025)\\s*\\S[\\s\\S]{0,119}$",
          "Must state the year 2025, at most 120 characters",
        ],
      }).refine((value) => value.includes("2025"), "Must state the year 2025"),
      privacy: text(40, "Privacy policy link"),
    }),
    contact: section("Contact page", {
      seo: seoSchema,
      title: exact("Request a Demo", "Heading"),
      intro: text(300, "Introduction", { multiline: true }),
      // The collection notice (APP 5, GDPR Art. 13): shown in the form before Submit; `link` leads to /privacy.
      notice: section(
        {
          label: "Collection notice (in the form, before Submit)",
          hint: "Required by privacy law before a visitor sends their details. The link goes to /privacy.",
        },
        {
          text: text(400, "Notice text", {
            multiline: true,
            hint: "Up to 400 characters. Who collects the details, why, who receives them, and what happens if a required field is left out.",
          }),
          link: text(60, "Link to the privacy policy"),
        },
      ),
    }),
    notFound: section("Page-not-found (404) page", {
      seo: seoSchema,
      code: exact("404", "Code"),
      message: exact("Oops! Page not found", "Message"),
      homeLink: exact("Return to Home", "Link home"),
    }),
    shareImage: section("Share image (links shared on social media)", {
      src: sitePath("Image (1200 x 630)"),
      alt: text(200, "Image description"),
    }),
    organization: section("Organisation (for search engines)", {
      logo: sitePath("Logo"),
      contactType: text(40, "Contact type"),
    }),
    // Goes into the confirmation e-mail (docs/decisions/0010-confirmation-limits.md): one bare address.
    contactDetails: section(
      {
        label: "Contact details (in the e-mail confirming a demo request)",
        hint: "Shown to every prospect who requests a demo.",
      },
      {
        email: emailAddress(254, "E-mail address", "One address, like sales@example.com."),
        phone: text(40, "Phone number"),
      },
    ),
  },
);

const benefit = <T extends string>(title: T) =>
  section(
    { typeName: "HomeBenefit" },
    { title: exact(title, "Title"), body: text(300, "Text", { multiline: true }) },
  );
const claim = section(
  { typeName: "HomeClaim" },
  {
    figure: text(30, "Figure"),
    text: text(160, "Text"),
    note: text(120, "Footnote (optional)").optional(),
  },
);

/** `content/home.md` frontmatter: hero, benefits, Technical Co-Pilot, claims, closing CTA. */
export const homeSchema = section(
  {
    label: "Home page",
    hint: "Hero, the three benefits, the Technical Co-Pilot, the claims and the closing call to action.",
  },
  {
    seo: seoSchema,
    hero: section("Hero (top of the page)", {
      eyebrow: text(80, "Small line above the headline"),
      headline: text(100, "Headline"),
      subhead: text(300, "Text under the headline", { multiline: true }),
      cta: exact("REQUEST A DEMO", "Button"),
    }),
    benefitsHeading: text(80, "Benefits heading"),
    benefits: fixedList("Benefits", [
      benefit("Improve Decisions"),
      benefit("Enhance Productivity & Safety"),
      benefit("Unlock Revenue"),
    ]),
    copilot: section("Technical Co-Pilot", {
      eyebrow: text(60, "Small line above the heading"),
      heading: exact("Technical Co-Pilot", "Heading"),
      body: text(400, "Text", { multiline: true }),
      points: textList("Bullet points", 1, 5, text(120, "Point")),
      // The GraphQL `image` field links to the File node, so pages can ask for gatsbyImageData.
      screenshot: section(
        {
          label: "Screenshot",
          typeName: "HomeScreenshot",
          graphqlFields: ['image: File @link(by: "relativePath", from: "src")'],
        },
        {
          src: text(200, "Image", {
            widget: "image",
            hint: "PNG, JPEG or WebP; uploads go to content/images/.",
            pattern: [
              "^(?=.{1,200}$)images\\/[\\w.-]+\\.(png|jpe?g|webp)$",
              "Must be a PNG, JPEG or WebP file under content/images/ (letters, digits, dots, dashes; up to 200 characters)",
            ],
            editor: { choose_url: false },
          }).regex(/^images\/[\w.-]+\.(png|jpe?g|webp)$/, "Must be a file under content/images/"),
          alt: text(250, "Image description (for screen readers)", { multiline: true }),
        },
      ),
      cta: exact("See it in action", "Button"),
    }),
    claimsHeading: text(80, "Claims heading"),
    claims: fixedList("Claims", [claim, claim, claim]),
    closing: section("Closing call to action", {
      heading: text(100, "Heading"),
      body: text(300, "Text", { multiline: true }),
      cta: exact("REQUEST A DEMO", "Button"),
    }),
  },
);

const founder = section(
  { typeName: "AboutFounder" },
  {
    name: text(80, "Name"),
    role: text(80, "Role"),
    bio: text(500, "Biography", { multiline: true }),
  },
);
const value = <T extends string>(title: T) =>
  section(
    { typeName: "AboutValue" },
    { title: exact(title, "Title"), description: text(300, "Description", { multiline: true }) },
  );

/** `content/about.md` frontmatter: founders, vision, the six values in the spec's order. */
export const aboutSchema = section(
  { label: "About page", hint: "Introduction, the two founders, the vision and the six values." },
  {
    seo: seoSchema,
    intro: section("Introduction", {
      heading: text(80, "Heading"),
      body: text(400, "Text", { multiline: true }),
    }),
    foundersHeading: text(80, "Founders heading"),
    founders: fixedList("Founders", [founder, founder]),
    vision: section("Vision", {
      heading: text(80, "Heading"),
      statement: text(400, "Statement", { multiline: true }),
    }),
    valuesHeading: text(80, "Values heading"),
    values: fixedList("Values", [
      value("Safety by Design"),
      value("People First Always"),
      value("Built on Trust"),
      value("Radical Simplicity"),
      value("Partnership Over Transaction"),
      value("Future Shaping"),
    ]),
  },
);

/** `content/privacy.md` (docs/decisions/0017-privacy-page-from-markdown.md); GraphQL serves its `body` as MarkdownRemark. */
export const privacySchema = section(
  {
    label: "Privacy policy",
    hint: "The /privacy page: what personal data the site keeps, for how long, and how to ask for access, correction or erasure.",
  },
  {
    seo: seoSchema,
    title: text(80, "Heading"),
    lastUpdated: section("Last updated", { label: text(40, "Label"), date: isoDate("Date") }),
    requests: section("Access, correction and erasure requests (end of the page)", {
      heading: text(80, "Heading"),
      body: text(600, "Text", { multiline: true }),
      email: emailAddress(
        254,
        "Privacy e-mail address",
        "Where visitors send their requests. Up to 254 characters.",
      ),
    }),
    body: markdownBody(
      20000,
      "Text of the page",
      "Sections start with a level-2 heading (the page title is the only level-1 heading). Keep the retention periods equal to LEAD_RETENTION_DAYS and SPAM_RETENTION_DAYS.",
    ).meta({
      graphql: 'MarkdownRemark! @link(by: "fileAbsolutePath", from: "bodyFile")',
    } satisfies ContentMeta),
  },
);

/**
 * `content/privacy-hubspot.md`: the privacy page's section naming HubSpot as a processor, sourced (so shown) only
 * while the HubSpot plugin's token is set at build (docs/decisions/0049-hubspot-plugin.md); rendered from MarkdownRemark.
 */
export const privacyHubspotSchema = section(
  {
    label: "Privacy policy: HubSpot section",
    hint: "A section of the /privacy page, shown only while the site sends leads to HubSpot (its token set when the site is built): HubSpot as a processor, what it receives, how long it keeps it.",
  },
  {
    title: text(80, "Heading"),
    body: markdownBody(
      4000,
      "Text of the section",
      "Sub-headings start at level 3 (###): the section's heading is above. Keep the retention period equal to LEAD_RETENTION_DAYS.",
    ),
  },
);

export type SiteContent = z.infer<typeof siteSchema>;
export type HomeContent = z.infer<typeof homeSchema>;
export type AboutContent = z.infer<typeof aboutSchema>;
export type PrivacyContent = z.infer<typeof privacySchema>;
export type PrivacyHubspotContent = z.infer<typeof privacyHubspotSchema>;
