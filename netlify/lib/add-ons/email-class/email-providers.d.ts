/**
 * Types for `email-providers` (no types of its own): its default export is the list of free-mail
 * domains (netlify/lib/add-ons/email-class/email-class.ts, docs/decisions/0031-email-classification.md).
 */
declare module "email-providers" {
  const domains: string[];
  export default domains;
}
