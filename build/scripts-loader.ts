/** The inline loader that starts a page's Gatsby scripts after its first contentful paint (docs/decisions/0016-contact-first-load.md). */

// Upper bound on the wait: a page that somehow reports no paint still becomes interactive.
export const FALLBACK_MS = 3000;

/**
 * The loader's source: a classic script that appends `sources` with `async = false` (parallel
 * download, run in order) once the first contentful paint is reported, at once in a hidden tab or
 * without paint timing, and after {@link FALLBACK_MS} at the latest. The URL list stays its last
 * argument: build/first-load-js.mjs reads it there.
 */
export function loaderScript(sources: readonly string[]): string {
  // `<` escaped so a URL can never close the script element.
  const json = JSON.stringify(sources).replace(/</g, "\\u003c");
  return (
    `(function(w,d,u){var s=0;function l(){if(s)return;s=1;u.forEach(function(r){` +
    `var e=d.createElement("script");e.src=r;e.async=false;d.body.appendChild(e)})}` +
    `var P=w.PerformanceObserver;` +
    `if(d.visibilityState==="hidden"||!P||(P.supportedEntryTypes||[]).indexOf("paint")<0)return l();` +
    `new P(function(q,o){if(q.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(l,0)}})` +
    `.observe({type:"paint",buffered:true});` +
    `d.addEventListener("visibilitychange",l);setTimeout(l,${FALLBACK_MS})})` +
    `(window,document,${json})`
  );
}
