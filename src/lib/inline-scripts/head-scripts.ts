import { attributionRecorderScript } from "../attribution-recorder";
import { manifestLinkScript } from "./manifest-link";
import { speculationRules } from "./speculation-rules";
import { themeScript } from "./theme";

/** One inline <script> in every page's <head>: its id, its text and, unless JavaScript, its type. */
export type HeadScript = { id: string; code: string; type?: string };

/**
 * The inline scripts of every page's <head>, in order, theme first (it must run before the first paint).
 * The build hashes them into the CSP and `npm run test:budget` keeps them under 2 KB together.
 */
export const HEAD_SCRIPTS: readonly HeadScript[] = [
  { id: "theme", code: themeScript },
  { id: "speculation-rules", code: speculationRules, type: "speculationrules" },
  { id: "attribution", code: attributionRecorderScript },
  { id: "manifest-link", code: manifestLinkScript },
];
