import * as React from "react";
import type { SiteSettings } from "../../hooks/use-site-settings";
import { PRIVACY_PATH } from "../demo-request/collection-notice";
import { CONTACT_PATH } from "../ui/cta-link";
import { Logo } from "./logo";

type FooterProps = {
  settings: Pick<SiteSettings, "siteName" | "logoAlt" | "tagline" | "footer" | "cta">;
};

const linkClass = "text-slate-700 underline-offset-4 hover:underline dark:text-slate-300";

/** Site footer: logo, 'Talk to us', the rights line and the privacy link beside it (docs/requirements.md#personal-data). */
export function Footer({ settings }: FooterProps) {
  const { footer } = settings;
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2">
        <div className="space-y-3">
          <Logo siteName={settings.siteName} alt={settings.logoAlt} />
          <p className="max-w-sm text-sm text-slate-700 dark:text-slate-300">{settings.tagline}</p>
        </div>
        <nav aria-labelledby="footer-talk-to-us">
          <h2 id="footer-talk-to-us" className="text-sm font-semibold">
            {footer.talkToUs}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {[footer.contact, settings.cta.requestPilot].map((label, index) => (
              // Editors may give both links one text; the position stays unique.
              <li key={index}>
                <a href={CONTACT_PATH} className={linkClass}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="flex flex-col items-center justify-center gap-x-6 gap-y-2 border-t border-slate-200 px-4 py-4 text-sm text-slate-700 sm:flex-row dark:border-slate-800 dark:text-slate-300">
        <p>{footer.rights}</p>
        <a
          href={PRIVACY_PATH}
          className="underline underline-offset-4 hover:text-slate-950 dark:hover:text-white"
        >
          {footer.privacy}
        </a>
      </div>
    </footer>
  );
}
