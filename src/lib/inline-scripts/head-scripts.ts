import { attributionRecorderScript } from "../attribution-recorder";
import { manifestLinkScript } from "./manifest-link";
import { speculationRules } from "./speculation-rules";
import { themeScript } from "./theme";

/** One inline <script> in every page's <head>: its id, its text and, unless JavaScript, its type. */
export type HeadScript = { id: string; code: string; type?: string };

/**
 * The inline scripts every page's <head> carries, in this order (gatsby-ssr.tsx writes them).
 * Adding one is one line here: the build hashes every inline script of every page into the
 * Content-Security-Policy (build/csp-headers.ts), and `npm run test:budget` keeps each
 * page's inline scripts under 2 KB together (build/first-load-js.mjs). The theme comes first:
 * it must run before the first paint.
 */
export const HEAD_SCRIPTS: readonly HeadScript[] = [
  { id: "theme", code: themeScript },
  { id: "speculation-rules", code: speculationRules, type: "speculationrules" },
  // The visit's first landing, for the lead's source (src/lib/attribution-recorder.ts).
  { id: "attribution", code: attributionRecorderScript },
  // The manifest link, after the first paint (decision 0026; ./manifest-link.ts).
  { id: "manifest-link", code: manifestLinkScript },
];
