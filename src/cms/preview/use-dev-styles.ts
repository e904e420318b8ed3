import * as React from "react";

/**
 * Under `gatsby develop` the site's CSS is injected as <style> tags into the admin page, not
 * written to the cms.css file the preview iframe links (that file exists only in production
 * builds). This copies those tags into the preview's document so `npm run cms` previews are
 * styled like the site. Does nothing in production.
 * @param previewDocument the preview iframe's document (Decap's `document` template prop)
 */
export function useDevStyles(previewDocument: Document | undefined): void {
  React.useEffect(() => {
    if (process.env.NODE_ENV !== "development") return undefined;
    if (!previewDocument || previewDocument === document) return undefined;
    const copies = Array.from(document.querySelectorAll("style"), (style) => style.cloneNode(true));
    for (const copy of copies) previewDocument.head.appendChild(copy);
    return () => copies.forEach((copy) => previewDocument.head.removeChild(copy));
  }, [previewDocument]);
}
