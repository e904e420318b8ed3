import type { Store } from "@netlify/blobs";

export function openSiteBlobs(
  root: string,
): Promise<{ open: (name: string) => Store; deployed: boolean; where: string; close: () => Promise<void> }>;
