/**
 * Speculation Rules (docs/decisions/0014-script-free-pages.md): the browser prerenders a same-origin page
 * once the visitor shows intent to open its link ("moderate"), so the load is usually done before the
 * click; /admin/ and /api/ are never speculated.
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
