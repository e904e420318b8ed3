import * as React from "react";
import { PrivacyPolicy } from "../../components/privacy/privacy-policy";
import type { PrivacyContent } from "../../lib/content/schemas";
import { entryData, type PreviewEntry } from "./entry-data";
import { PreviewBoundary } from "./preview-boundary";
import { useDevStyles } from "./use-dev-styles";

type PrivacyPreviewProps = {
  entry: PreviewEntry;
  /** Decap's renderer of a field's preview; for `body` it renders the markdown. */
  widgetFor: (name: string) => React.ReactNode;
  document?: Document;
};

/** Live preview of content/privacy.md with the privacy page's own component. */
export function PrivacyPreview({ entry, widgetFor, document }: PrivacyPreviewProps) {
  useDevStyles(document);
  const privacy = entryData<PrivacyContent>(entry);
  return (
    <main>
      <PreviewBoundary name="privacy policy" key={JSON.stringify(privacy)}>
        <PrivacyPolicy
          title={privacy.title ?? ""}
          lastUpdated={privacy.lastUpdated ?? { label: "", date: "" }}
          requests={privacy.requests ?? { heading: "", body: "", email: "" }}
        >
          {widgetFor("body")}
        </PrivacyPolicy>
      </PreviewBoundary>
    </main>
  );
}
