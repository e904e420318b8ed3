/**
 * Builds a tiny fake Gatsby `public/` in a temporary folder for the budget unit tests.
 *
 * @param {{ appBytes?: number, pages: Record<string, { bytes: number, packages?: string[],
 *   scriptFree?: boolean, inline?: string }>, extraScript?: string }} spec pages maps a page path
 *   ("/", "/contact") to the size of its component chunk in bytes (random, so gzip cannot shrink it)
 *   and the npm packages its source map names; a scriptFree page's HTML loads none of Gatsby's
 *   scripts (the chunks still exist, as in a real build); inline is its inline script (default
 *   `window.x=1`); extraScript adds a `<script src>` to every HTML file that the stats do not list.
 * @returns {string} absolute path of the fake public/ (the caller removes it)
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { htmlFileFor } from "../../build/first-load-js.mjs";

function write(root, file, content) {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), content);
}

function writeChunk(root, file, bytes, packages = []) {
  write(root, file, randomBytes(bytes));
  const sources = packages.map((name) => `webpack://site/./node_modules/${name}/index.js`);
  write(
    root,
    `${file}.map`,
    JSON.stringify({ version: 3, sources: ["webpack://site/./src/x.tsx", ...sources] }),
  );
}

export function makeFakePublic({ appBytes = 1000, pages, extraScript }) {
  const root = mkdtempSync(join(tmpdir(), "fake-public-"));
  const app = ["webpack-runtime-aaa.js", "framework-bbb.js", "styles-ccc.css", "app-ddd.js"];
  writeChunk(root, app[0], 100);
  writeChunk(root, app[1], appBytes, ["react", "react-dom"]);
  write(root, app[2], "body{}");
  writeChunk(root, app[3], 100, ["gatsby"]);
  const assetsByChunkName = { app };

  for (const [path, { bytes, packages, scriptFree = false, inline = "window.x=1" }] of Object.entries(
    pages,
  )) {
    const chunkName = `component---src-pages-${path === "/" ? "index" : path.slice(1)}-tsx`;
    const chunkFile = `${chunkName}-eee.js`;
    writeChunk(root, chunkFile, bytes, packages);
    assetsByChunkName[chunkName] = [chunkFile];
    const dataDir = path === "/" ? "index" : path.slice(1);
    write(
      root,
      `page-data/${dataDir}/page-data.json`,
      JSON.stringify({ componentChunkName: chunkName, path }),
    );
    const gatsbyScripts = scriptFree ? [] : app.filter((f) => f.endsWith(".js"));
    const tags = [...gatsbyScripts, ...(extraScript ? [extraScript] : [])]
      .map((src) => `<script src="/${src}" async></script>`)
      .join("");
    write(
      root,
      htmlFileFor(path),
      `<!DOCTYPE html><html><body><script>${inline}</script>${tags}</body></html>`,
    );
  }
  if (extraScript) writeChunk(root, extraScript, 500);
  write(root, "webpack.stats.json", JSON.stringify({ assetsByChunkName, childAssetsByChunkName: {} }));
  return root;
}
