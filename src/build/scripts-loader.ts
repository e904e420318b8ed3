/**
 * The inline script that starts a page's Gatsby scripts after its first paint (issue 5; built into
 * every page by src/build/scripts-after-first-paint.ts).
 */

// Upper bound on the wait: a page that somehow reports no paint still becomes interactive.
export const FALLBACK_MS = 3000;

/**
 * Runs one webpack module as soon as the chunk holding it has run, in that script's own task:
 * React DOM's start-up then no longer adds to the task that starts the app (TBT).
 * `moduleId` is pinned by src/build/pin-module-id.ts; `chunkGlobal` is webpack's JSONP array
 * (`self.webpackChunk<name>`).
 */
export type Prewarm = { script: string; chunkGlobal: string; moduleId: string };

/**
 * The loader's source.
 *
 * @param sources script URLs, inserted with `async = false`: they download in parallel and run in
 *   this order, each in its own task.
 * @param prewarm optional module to run right after `prewarm.script` has run (see {@link Prewarm});
 *   skipped if that module is not there, so a renamed chunk never breaks the page.
 * @returns a classic script. It starts the scripts once the browser reports the first contentful
 *   paint (reported after the frame is on screen), at once in a hidden tab (no paint comes until it
 *   is shown) or where paint timing is missing, and after {@link FALLBACK_MS} at the latest. The URL
 *   list is its last argument: scripts/lib/first-load-js.mjs reads it there.
 */
export function loaderScript(sources: readonly string[], prewarm: Prewarm | null = null): string {
  // `<` escaped so a URL can never close the script element.
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
  const warm = prewarm && [prewarm.script, prewarm.chunkGlobal, prewarm.moduleId];
  return (
    `(function(w,d,p,u){var s=0;function l(){if(s)return;s=1;u.forEach(function(r){` +
    `var e=d.createElement("script");e.src=r;e.async=false;` +
    `if(p&&r===p[0])e.onload=function(){(w[p[1]]=w[p[1]]||[]).push([[p[2]],{},function(q){if(q.m[p[2]])q(p[2])}])};` +
    `d.body.appendChild(e)})}` +
    `var P=w.PerformanceObserver;` +
    `if(d.visibilityState==="hidden"||!P||(P.supportedEntryTypes||[]).indexOf("paint")<0)return l();` +
    `new P(function(q,o){if(q.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(l,0)}})` +
    `.observe({type:"paint",buffered:true});` +
    `d.addEventListener("visibilitychange",l);setTimeout(l,${FALLBACK_MS})})` +
    `(window,document,${json(warm)},${json(sources)})`
  );
}
