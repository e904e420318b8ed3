/**
 * GraphQL types of the content nodes (explicit, no inference), matching ./schemas.ts.
 * The home screenshot links to its File node by path relative to content/, so pages can
 * ask for `childImageSharp.gatsbyImageData`. The privacy page's body links to the
 * MarkdownRemark node gatsby-transformer-remark makes of content/privacy.md.
 */
export const contentTypeDefs = /* GraphQL */ `
  type Seo {
    title: String!
    description: String!
  }

  type SiteSettings implements Node @dontInfer {
    siteName: String!
    tagline: String!
    logoAlt: String!
    skipLink: String!
    nav: SiteNav!
    theme: SiteTheme!
    cta: SiteCta!
    footer: SiteFooter!
    contact: SiteContact!
    notFound: SiteNotFound!
    shareImage: SiteShareImage!
    organization: SiteOrganization!
    contactDetails: SiteContactDetails!
  }
  type SiteContactDetails {
    email: String!
    phone: String!
  }
  type SiteShareImage {
    src: String!
    alt: String!
  }
  type SiteOrganization {
    logo: String!
    contactType: String!
  }
  type SiteNav {
    label: String!
    home: String!
    about: String!
    contact: String!
    openMenu: String!
    closeMenu: String!
  }
  type SiteTheme {
    label: String!
    light: String!
    dark: String!
    system: String!
  }
  type SiteCta {
    requestDemo: String!
    startPilot: String!
    requestPilot: String!
    seeItInAction: String!
    requestADemo: String!
  }
  type SiteFooter {
    talkToUs: String!
    contact: String!
    rights: String!
    privacy: String!
  }
  type SiteContact {
    seo: Seo!
    title: String!
    intro: String!
    notice: SiteContactNotice!
  }
  type SiteContactNotice {
    text: String!
    link: String!
  }
  type SiteNotFound {
    seo: Seo!
    code: String!
    message: String!
    homeLink: String!
  }

  type HomePage implements Node @dontInfer {
    seo: Seo!
    hero: HomeHero!
    benefitsHeading: String!
    benefits: [HomeBenefit!]!
    copilot: HomeCopilot!
    claimsHeading: String!
    claims: [HomeClaim!]!
    closing: HomeClosing!
  }
  type HomeHero {
    eyebrow: String!
    headline: String!
    subhead: String!
    cta: String!
  }
  type HomeBenefit {
    title: String!
    body: String!
  }
  type HomeCopilot {
    eyebrow: String!
    heading: String!
    body: String!
    points: [String!]!
    screenshot: HomeScreenshot!
    cta: String!
  }
  type HomeScreenshot {
    src: String!
    alt: String!
    image: File @link(by: "relativePath", from: "src")
  }
  type HomeClaim {
    figure: String!
    text: String!
    note: String
  }
  type HomeClosing {
    heading: String!
    body: String!
    cta: String!
  }

  type AboutPage implements Node @dontInfer {
    seo: Seo!
    intro: AboutIntro!
    foundersHeading: String!
    founders: [AboutFounder!]!
    vision: AboutVision!
    valuesHeading: String!
    values: [AboutValue!]!
  }
  type AboutIntro {
    heading: String!
    body: String!
  }
  type AboutFounder {
    name: String!
    role: String!
    bio: String!
  }
  type AboutVision {
    heading: String!
    statement: String!
  }
  type AboutValue {
    title: String!
    description: String!
  }

  type PrivacyPage implements Node @dontInfer {
    seo: Seo!
    title: String!
    lastUpdated: PrivacyLastUpdated!
    requests: PrivacyRequests!
    body: MarkdownRemark! @link(by: "fileAbsolutePath", from: "bodyFile")
  }
  type PrivacyLastUpdated {
    label: String!
    date: String!
  }
  type PrivacyRequests {
    heading: String!
    body: String!
    email: String!
  }
`;
