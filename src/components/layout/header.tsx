import * as React from "react";
import type { SiteSettings } from "../../hooks/use-site-settings";
import { THEME_SELECT_ID, THEMES, themeSelectScript } from "../../lib/inline-scripts";
import { CtaLink } from "../ui/cta-link";
import { Logo } from "./logo";
import { MobileMenu, MobileMenuButton } from "./mobile-menu";
import { NavLinks } from "./nav-links";

type HeaderProps = {
  settings: Pick<SiteSettings, "siteName" | "logoAlt" | "nav" | "cta" | "theme">;
  pathname: string;
};

/** Site header: logo, nav, Request Demo, theme and, below `md`, the menu, which opens under its 4rem row. */
export function Header({ settings, pathname }: HeaderProps) {
  return (
    <header className="group relative border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Logo siteName={settings.siteName} alt={settings.logoAlt} />
        <nav aria-label={settings.nav.label} className="hidden md:block">
          <NavLinks nav={settings.nav} pathname={pathname} className="flex gap-1" />
        </nav>
        <div className="flex items-center gap-2">
          <ThemeSelect labels={settings.theme} />
          <span className="hidden md:inline-flex">
            <CtaLink>{settings.cta.requestDemo}</CtaLink>
          </span>
          <MobileMenuButton labels={settings.nav} />
        </div>
      </div>
      <MobileMenu settings={settings} pathname={pathname} />
    </header>
  );
}

// The theme select, driven by the theme's inline scripts, hidden without JS (`data-js-only`).
function ThemeSelect({ labels }: { labels: SiteSettings["theme"] }) {
  return (
    <>
      <label data-js-only="" className="flex items-center gap-2 text-sm">
        <span className="sr-only">{labels.label}</span>
        <select
          id={THEME_SELECT_ID}
          autoComplete="off"
          defaultValue="system"
          className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        >
          {THEMES.map((option) => (
            <option key={option} value={option}>
              {labels[option]}
            </option>
          ))}
        </select>
      </label>
      <script dangerouslySetInnerHTML={{ __html: themeSelectScript }} />
    </>
  );
}
