import * as React from "react";
import type { SiteSettings } from "../../hooks/use-site-settings";
import { CtaLink } from "../ui/cta-link";
import { NavLink } from "./nav-link";
import { isCurrentPath, navItems } from "./nav-items";

type MobileMenuProps = {
  settings: Pick<SiteSettings, "nav" | "cta">;
  pathname: string;
};

const MENU_ID = "mobile-menu";

/**
 * Below `md`: a button toggling the nav links plus Request Demo and Start Pilot (spec section 2).
 * A tap on a link closes it; Escape closes it and returns focus to the button.
 */
export function MobileMenu({ settings, pathname }: MobileMenuProps) {
  const [open, setOpen] = React.useState(false);
  const buttonRef = React.useRef<HTMLButtonElement>(null);
  const close = React.useCallback(() => setOpen(false), []);

  React.useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  return (
    <div className="md:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={MENU_ID}
        aria-label={open ? settings.nav.closeMenu : settings.nav.openMenu}
        onClick={() => setOpen((value) => !value)}
        className="rounded-md p-2 hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            d={open ? "M6 6l12 12M18 6 6 18" : "M4 7h16M4 12h16M4 17h16"}
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
      <nav
        id={MENU_ID}
        aria-label={settings.nav.label}
        hidden={!open}
        className="absolute inset-x-0 top-full border-b border-slate-200 bg-white px-4 pb-4 shadow-lg dark:border-slate-800 dark:bg-slate-950"
      >
        <ul className="flex flex-col gap-1 py-2">
          {navItems(settings.nav).map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                current={isCurrentPath(pathname, item.to)}
                onClick={close}
                className="block"
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="flex flex-col gap-2">
          <CtaLink onClick={close}>{settings.cta.requestDemo}</CtaLink>
          <CtaLink onClick={close} variant="secondary">
            {settings.cta.startPilot}
          </CtaLink>
        </div>
      </nav>
    </div>
  );
}
