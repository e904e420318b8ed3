import * as React from "react";
import type { SiteSettings } from "../../hooks/use-site-settings";
import { mobileMenuScript } from "../../lib/inline-scripts";
import { CtaLink } from "../ui/cta-link";
import { NavLinks } from "./nav-links";

export const MENU_ID = "mobile-menu";

type MobileMenuButtonProps = { labels: Pick<SiteSettings["nav"], "openMenu" | "closeMenu"> };

/** The menu's native popover invoker below `md` (decision 0015); no aria-expanded, which would go stale without JS. */
export function MobileMenuButton({ labels }: MobileMenuButtonProps) {
  return (
    <button
      type="button"
      popovertarget={MENU_ID}
      aria-controls={MENU_ID}
      className="rounded-md p-2 hover:bg-slate-100 md:hidden dark:hover:bg-slate-800"
    >
      <span className="group-has-[:popover-open]:hidden">
        <span className="sr-only">{labels.openMenu}</span>
        <MenuIcon d="M4 7h16M4 12h16M4 17h16" />
      </span>
      <span className="hidden group-has-[:popover-open]:inline">
        <span className="sr-only">{labels.closeMenu}</span>
        <MenuIcon d="M6 6l12 12M18 6 6 18" />
      </span>
    </button>
  );
}

function MenuIcon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={d} stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

type MobileMenuProps = {
  settings: Pick<SiteSettings, "nav" | "cta">;
  pathname: string;
};

/** The nav links and CTAs as a native popover: the browser opens, closes and returns focus. */
export function MobileMenu({ settings, pathname }: MobileMenuProps) {
  return (
    <>
      <nav
        id={MENU_ID}
        popover="auto"
        aria-label={settings.nav.label}
        className="absolute inset-x-0 top-16 bottom-auto h-auto w-auto overflow-visible border-b border-slate-200 bg-white px-4 pb-4 text-inherit shadow-lg md:hidden dark:border-slate-800 dark:bg-slate-950"
      >
        <NavLinks
          nav={settings.nav}
          pathname={pathname}
          className="flex flex-col gap-1 py-2"
          linkClassName="block"
        />
        <div className="flex flex-col gap-2">
          <CtaLink>{settings.cta.requestDemo}</CtaLink>
          <CtaLink variant="secondary">{settings.cta.startPilot}</CtaLink>
        </div>
      </nav>
      <script dangerouslySetInnerHTML={{ __html: mobileMenuScript(MENU_ID) }} />
    </>
  );
}
