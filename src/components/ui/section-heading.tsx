import * as React from "react";
import { cn } from "../../lib/cn";

type SectionHeadingProps = {
  /** Referenced by the section's `aria-labelledby`. */
  id: string;
  className?: string;
  children: React.ReactNode;
};

/** The h2 that opens and names a page section, in the site's one heading style. */
export function SectionHeading({ id, className, children }: SectionHeadingProps) {
  return (
    <h2 id={id} className={cn("text-3xl font-bold tracking-tight", className)}>
      {children}
    </h2>
  );
}
