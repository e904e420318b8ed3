import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";

/**
 * The site's built pages under `publicDir` (Gatsby's `public/`): every `.html` file as a path
 * relative to it with `/` separators (`about/index.html`), without Decap's /admin/ page and Gatsby's
 * slice files. Used by the post-build step build/csp-headers.ts.
 */
export function builtPages(publicDir: string): string[] {
  return readdirSync(publicDir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => relative(publicDir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .filter((file) => !file.startsWith("admin/") && !file.startsWith("_gatsby/"));
}
