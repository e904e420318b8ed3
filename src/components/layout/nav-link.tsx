import * as React from "react";
import { cn } from "../../lib/cn";

type NavLinkProps = {
  to: string;
  current: boolean;
  children: React.ReactNode;
  className?: string;
};

/** A plain header link (decision 0014); the current page is highlighted and aria-current="page". */
export function NavLink({ to, current, children, className }: NavLinkProps) {
  return (
    <a
      href={to}
      aria-current={current ? "page" : undefined}
      className={cn(
        "rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800",
        current
          ? "bg-slate-100 text-slate-950 underline decoration-amber-500 decoration-2 underline-offset-8 dark:bg-slate-800 dark:text-white"
          : "text-slate-700 dark:text-slate-300",
        className,
      )}
    >
      {children}
    </a>
  );
}
