/** Typography for rendered markdown (the privacy body): bare elements, styled from the wrapper, AA in both themes. */
export const PROSE_CLASS = [
  "text-base leading-7 text-slate-700 dark:text-slate-300",
  "[&_h2]:mt-12 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-slate-900 dark:[&_h2]:text-white",
  "[&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 dark:[&_h3]:text-white",
  "[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-2",
  "[&_strong]:font-semibold [&_strong]:text-slate-900 dark:[&_strong]:text-white",
  "[&_a]:font-medium [&_a]:text-blue-700 [&_a]:underline [&_a]:underline-offset-4 [&_a]:hover:text-blue-900",
  "dark:[&_a]:text-sky-300 dark:[&_a]:hover:text-sky-200",
].join(" ");

/** A prose link, underlined so it is told apart without colour. */
export const PROSE_LINK_CLASS =
  "font-medium text-blue-700 underline underline-offset-4 hover:text-blue-900 dark:text-sky-300 dark:hover:text-sky-200";
