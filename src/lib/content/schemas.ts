/**
 * Zod schemas for the content files under `content/` (spec sections 1, 2 and 9; the privacy
 * page and the collection notice: docs/requirements.md#personal-data).
 * Titles and labels the spec fixes word for word are checked with `exact`, so an edit
 * that breaks the spec fails the build. String limits are mirrored by the CMS.
 */
import { z } from "zod";
import { emailAddress, exact, isoDate, markdownBody, section, seoSchema, text } from "./fields";

// A root-relative path of a file the build publishes, e.g. "/og-image.png".
const sitePath = text(200).regex(/^\/[\w./-]+\.(png|jpe?g|webp)$/, "Must be a site path like /og-image.png");

/** `content/site.json`: site name, header, footer, CTA labels, contact and 404 texts. */
export const siteSchema = section({
  siteName: text(60),
  tagline: text(160),
  logoAlt: text(100),
  skipLink: text(40),
  nav: section({
    label: text(40),
    home: exact("Home"),
    about: exact("About"),
    contact: exact("Contact"),
    openMenu: text(40),
    closeMenu: text(40),
  }),
  theme: section({ label: text(20), light: text(20), dark: text(20), system: text(20) }),
  cta: section({
    requestDemo: exact("Request Demo"),
    startPilot: exact("Start Pilot"),
    requestPilot: exact("Request Pilot"),
    seeItInAction: exact("See it in action"),
    requestADemo: exact("REQUEST A DEMO"),
  }),
  footer: section({
    talkToUs: exact("Talk to us"),
    contact: exact("Contact"),
    // Spec section 1: rights are reserved for 2025.
    rights: text(120).refine((value) => value.includes("2025"), "Must state the year 2025"),
    // The link to /privacy, beside (not in) the spec's 'Talk to us' group.
    privacy: text(40),
  }),
  contact: section({
    seo: seoSchema,
    title: exact("Request a Demo"),
    intro: text(300),
    // The collection notice (APP 5, GDPR Art. 13): shown in the form before Submit; `link` leads to /privacy.
    notice: section({ text: text(400), link: text(60) }),
  }),
  notFound: section({
    seo: seoSchema,
    code: exact("404"),
    message: exact("Oops! Page not found"),
    homeLink: exact("Return to Home"),
  }),
  // Open Graph / Twitter card image (1200x630, under static/) and the JSON-LD Organization.
  shareImage: section({ src: sitePath, alt: text(200) }),
  organization: section({ logo: sitePath, contactType: text(40) }),
  // The company's contact details in the demo-request confirmation e-mail
  // (docs/decisions/0010-confirmation-limits.md). The address goes into e-mails the function sends: one bare
  // address, no display name or list.
  contactDetails: section({ email: emailAddress(254), phone: text(40) }),
});

const benefit = <T extends string>(title: T) => section({ title: exact(title), body: text(300) });
const claim = section({ figure: text(30), text: text(160), note: text(120).optional() });

/** `content/home.md` frontmatter: hero, benefits, Technical Co-Pilot, claims, closing CTA. */
export const homeSchema = section({
  seo: seoSchema,
  hero: section({ eyebrow: text(80), headline: text(100), subhead: text(300), cta: exact("REQUEST A DEMO") }),
  benefitsHeading: text(80),
  benefits: z.tuple([
    benefit("Improve Decisions"),
    benefit("Enhance Productivity & Safety"),
    benefit("Unlock Revenue"),
  ]),
  copilot: section({
    eyebrow: text(60),
    heading: exact("Technical Co-Pilot"),
    body: text(400),
    points: z.array(text(120)).min(1).max(5),
    screenshot: section({
      src: text(200).regex(/^images\/[\w.-]+\.(png|jpe?g|webp)$/, "Must be a file under content/images/"),
      alt: text(250),
    }),
    cta: exact("See it in action"),
  }),
  claimsHeading: text(80),
  claims: z.tuple([claim, claim, claim]),
  closing: section({ heading: text(100), body: text(300), cta: exact("REQUEST A DEMO") }),
});

const founder = section({ name: text(80), role: text(80), bio: text(500) });
const value = <T extends string>(title: T) => section({ title: exact(title), description: text(300) });

/** `content/about.md` frontmatter: founders, vision, the six values in the spec's order. */
export const aboutSchema = section({
  seo: seoSchema,
  intro: section({ heading: text(80), body: text(400) }),
  foundersHeading: text(80),
  founders: z.tuple([founder, founder]),
  vision: section({ heading: text(80), statement: text(400) }),
  valuesHeading: text(80),
  values: z.tuple([
    value("Safety by Design"),
    value("People First Always"),
    value("Built on Trust"),
    value("Radical Simplicity"),
    value("Partnership Over Transaction"),
    value("Future Shaping"),
  ]),
});

/**
 * `content/privacy.md` (docs/decisions/0017-privacy-page-from-markdown.md): frontmatter plus the markdown
 * `body` below it (the loader puts the body there, as Decap does). `requests.email` is where visitors ask for
 * access, correction or erasure.
 */
export const privacySchema = section({
  seo: seoSchema,
  title: text(80),
  lastUpdated: section({ label: text(40), date: isoDate }),
  requests: section({ heading: text(80), body: text(600), email: emailAddress(254) }),
  body: markdownBody(20000),
});

export type SiteContent = z.infer<typeof siteSchema>;
export type HomeContent = z.infer<typeof homeSchema>;
export type AboutContent = z.infer<typeof aboutSchema>;
export type PrivacyContent = z.infer<typeof privacySchema>;
