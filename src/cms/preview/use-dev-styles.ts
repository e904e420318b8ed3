import * as React from "react";

/**
 * Under `gatsby develop`, copies the site's injected <style> tags into the preview iframe's document,
 * which links cms.css only in production builds.
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
