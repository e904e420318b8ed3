/**
 * Speculation Rules (docs/decisions/0014-script-free-pages.md): navigation between the pages is an ordinary
 * page load, and the browser prerenders a same-origin page when the visitor shows intent to open its link
 * ("moderate": hovering it for a moment on a desktop, the browser's own signal on a phone), so the load is
 * usually done before the click. Browsers without the API ignore the rule. /admin/ (the content editor) and
 * /api/ (the demo-request function) are never speculated. Written inline as
 * `<script type="speculationrules">`, which the build hashes into the CSP like every inline script.
 */
export const speculationRules = JSON.stringify({
  prerender: [
    {
      where: {
        and: [
          { href_matches: "/*" },
          { not: { href_matches: "/admin/*" } },
          { not: { href_matches: "/api/*" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
});
