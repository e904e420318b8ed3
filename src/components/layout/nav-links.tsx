import * as React from "react";
import type { SiteSettings } from "../../hooks/use-site-settings";
import { cn } from "../../lib/cn";

type NavLinksProps = {
  nav: SiteSettings["nav"];
  /** The current location's path, for marking the current link. */
  pathname: string;
  /** Classes of the list. */
  className: string;
  /** Extra classes of each link. */
  linkClassName?: string;
};

/** Whether `to` is the current page, ignoring a trailing slash. */
function isCurrentPath(pathname: string, to: string): boolean {
  const normalize = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);
  return normalize(pathname) === normalize(to);
}

/**
 * The header's Home, About, Contact links (spec section 2), labelled from content/site.json: plain links
 * (decision 0014), the current page highlighted and aria-current="page".
 */
export function NavLinks({ nav, pathname, className, linkClassName }: NavLinksProps) {
  const items = [
    { label: nav.home, to: "/" },
    { label: nav.about, to: "/about" },
    { label: nav.contact, to: "/contact" },
  ];
  return (
    <ul className={className}>
      {items.map(({ label, to }) => {
        const current = isCurrentPath(pathname, to);
        return (
          <li key={to}>
            <a
              href={to}
              aria-current={current ? "page" : undefined}
              className={cn(
                "rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800",
                current
                  ? "bg-slate-100 text-slate-950 underline decoration-amber-500 decoration-2 underline-offset-8 dark:bg-slate-800 dark:text-white"
                  : "text-slate-700 dark:text-slate-300",
                linkClassName,
              )}
            >
              {label}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
