import * as React from "react";
import type { SiteSettings } from "../../hooks/use-site-settings";
import { clsx } from "clsx";
import { pagePath } from "../../lib/site-head";

type NavLinksProps = {
  nav: SiteSettings["nav"];
  pathname: string;
  /** Classes of the list, and extra classes of each link. */
  className: string;
  linkClassName?: string;
};

/** The Home, About, Contact links (spec section 2; plain links, decision 0014), the current one highlighted. */
export function NavLinks({ nav, pathname, className, linkClassName }: NavLinksProps) {
  const items = [
    { label: nav.home, to: "/" },
    { label: nav.about, to: "/about" },
    { label: nav.contact, to: "/contact" },
  ];
  return (
    <ul className={className}>
      {items.map(({ label, to }) => {
        const current = pagePath(pathname) === to;
        return (
          <li key={to}>
            <a
              href={to}
              aria-current={current ? "page" : undefined}
              className={clsx(
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
