import type { SiteSettings } from "../../hooks/use-site-settings";

/** One header link: label from content, fixed route (spec section 2). */
export type NavItem = { label: string; to: string };

/**
 * The header's Home, About, Contact links.
 * @param nav the nav labels from content/site.json
 */
export function navItems(nav: SiteSettings["nav"]): NavItem[] {
  return [
    { label: nav.home, to: "/" },
    { label: nav.about, to: "/about" },
    { label: nav.contact, to: "/contact" },
  ];
}

/**
 * Whether `to` is the page being shown; ignores a trailing slash so /about/ matches /about.
 * @param pathname the current location's path
 * @param to a nav item's route
 */
export function isCurrentPath(pathname: string, to: string): boolean {
  const normalize = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);
  return normalize(pathname) === normalize(to);
}
