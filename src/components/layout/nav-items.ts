import type { SiteSettings } from "../../hooks/use-site-settings";

/** One header link: label from content, fixed route (spec section 2). */
export type NavItem = { label: string; to: string };

/** The header's Home, About, Contact links, labelled from content/site.json. */
export function navItems(nav: SiteSettings["nav"]): NavItem[] {
  return [
    { label: nav.home, to: "/" },
    { label: nav.about, to: "/about" },
    { label: nav.contact, to: "/contact" },
  ];
}

/** Whether `to` is the current page, ignoring a trailing slash. */
export function isCurrentPath(pathname: string, to: string): boolean {
  const normalize = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);
  return normalize(pathname) === normalize(to);
}
