import * as React from "react";
import { clsx } from "clsx";

/** Every call to action leads to the contact page (spec section 1). */
export const CONTACT_PATH = "/contact";

type CtaLinkProps = {
  children: React.ReactNode;
  variant?: "primary" | "secondary";
  size?: "md" | "lg";
  className?: string; // margins, text case: nothing the button's own classes set
};

/** A button-styled plain link to /contact, working before any script (docs/decisions/0014-script-free-pages.md). */
export function CtaLink({ children, variant = "primary", size = "md", className }: CtaLinkProps) {
  return (
    <a
      href={CONTACT_PATH}
      className={clsx(
        "inline-flex items-center justify-center rounded-md font-semibold transition-colors",
        size === "md" ? "px-4 py-2 text-sm" : "px-6 py-3 text-base",
        variant === "primary"
          ? "bg-amber-400 text-slate-950 hover:bg-amber-300"
          : "border border-slate-300 text-slate-900 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800",
        className,
      )}
    >
      {children}
    </a>
  );
}
