import * as React from "react";
import type { SiteContent } from "../../lib/content/schemas";
import { PRIVACY_PATH } from "../privacy/privacy-path";
import { PROSE_LINK_CLASS } from "../privacy/prose";

/** The notice's texts, from content/site.json `contact.notice`. */
export type CollectionNoticeTexts = SiteContent["contact"]["notice"];

type CollectionNoticeProps = { notice: CollectionNoticeTexts };

/**
 * The collection notice shown in the demo-request form before Submit (docs/requirements.md#personal-data; APP
 * 5 and GDPR Art. 13 ask for it at or before collection): who collects, why, who receives the details, what a
 * missing field means, and a link to the privacy page. Plain server-rendered text, so the form without
 * JavaScript shows it too. A plain link: /privacy is a script-free page (decision 0014), so it is reached by
 * an ordinary page load.
 */
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
