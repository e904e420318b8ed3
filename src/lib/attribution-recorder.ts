/**
 * The first-landing recorder (docs/decisions/0024-lead-attribution.md): an inline
 * <head> script on every page, hashed into the CSP like the theme script, not React code, so
 * pages without framework JavaScript (docs/decisions/0014-script-free-pages.md) record too.
 *
 * On the first page view of the tab's session, when sessionStorage holds no entry yet, it
 * stores `{ landing_path, referrer?, utm_*?, gclid? }` as JSON under ATTRIBUTION_STORAGE_KEY:
 * the path without query, `document.referrer` cut to origin and path (http(s) only), and the
 * listed query parameters. Values lose control and format characters and are cut to the
 * schema's limit, so what it stores passes the function's check. sessionStorage ends with the
 * tab; nothing is written to cookies or localStorage. Blocked storage or an old browser: nothing
 * is recorded and the page is unaffected.
 */
import {
  ATTRIBUTION_MAX_LENGTH,
  ATTRIBUTION_QUERY_KEYS,
  ATTRIBUTION_STORAGE_KEY,
  ATTRIBUTION_UNSAFE,
} from "./attribution";

const unsafe = new RegExp(ATTRIBUTION_UNSAFE.source, "gu");

/** The script text (ES5 apart from the `u` regex flag; its size is checked by tests/budget). */
export const attributionRecorderScript =
  `(function(){try{var s=sessionStorage,k=${JSON.stringify(ATTRIBUTION_STORAGE_KEY)};if(s.getItem(k))return;` +
  `var l=location,q=new URLSearchParams(l.search),r=document.referrer,a={landing_path:l.pathname},n;` +
  `if(/^https?:/.test(r)){r=new URL(r);a.referrer=r.origin+r.pathname}` +
  `${JSON.stringify(ATTRIBUTION_QUERY_KEYS)}.forEach(function(n){if(q.get(n))a[n]=q.get(n)});` +
  `for(n in a)a[n]=a[n].replace(${unsafe},"").slice(0,${ATTRIBUTION_MAX_LENGTH});` +
  `s.setItem(k,JSON.stringify(a))}catch(e){}})();`;
