import * as React from "react";
import type { SiteContent } from "../../lib/content/schemas";

export const PRIVACY_PATH = "/privacy";

/** A prose link, underlined so it is told apart without colour. */
export const PROSE_LINK_CLASS =
  "font-medium text-blue-700 underline underline-offset-4 hover:text-blue-900 dark:text-sky-300 dark:hover:text-sky-200";

export type CollectionNoticeTexts = SiteContent["contact"]["notice"];

type CollectionNoticeProps = { notice: CollectionNoticeTexts };

/** The collection notice before Submit, server-rendered for the no-JS form too (docs/requirements.md#personal-data). */
export function CollectionNotice({ notice }: CollectionNoticeProps) {
  return (
    <p className="text-sm leading-6 text-slate-700 dark:text-slate-300">
      {notice.text}{" "}
      <a href={PRIVACY_PATH} className={PROSE_LINK_CLASS}>
        {notice.link}
      </a>
      .
    </p>
  );
}
