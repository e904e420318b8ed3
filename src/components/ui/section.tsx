import * as React from "react";
import { clsx } from "clsx";

type SectionProps = {
  /** id of the section's heading, so the region is named by it. */
  labelledBy: string;
  className?: string;
  children: React.ReactNode;
};

/** A page section with consistent width and spacing, named by its heading. */
export function Section({ labelledBy, className, children }: SectionProps) {
  return (
    <section aria-labelledby={labelledBy} className={clsx("px-4 py-16 sm:py-20", className)}>
      <div className="mx-auto max-w-6xl">{children}</div>
    </section>
  );
}

/** The h2 that opens and names a page section; `id` is the section's `labelledBy`. */
export function SectionHeading({
  id,
  className,
  children,
}: Omit<SectionProps, "labelledBy"> & { id: string }) {
  return (
    <h2 id={id} className={clsx("text-3xl font-bold tracking-tight", className)}>
      {children}
    </h2>
  );
}
