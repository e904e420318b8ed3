// The one sharp type gatsby's types use (gatsby-plugin-utils' ImageFit). Browser code type-checks
// against this stub instead of sharp's own declarations, which reference Node's (tsconfig.browser.json).
export type FitEnum = Record<"contain" | "cover" | "fill" | "inside" | "outside", string>;
