/**
 * The first-landing recorder (docs/decisions/0024-lead-attribution.md): an inline <head> script, so
 * script-free pages record too. On the tab's first page view it stores the path, the referrer's origin
 * and path, and the UTM parameters and gclid in sessionStorage, cleaned and cut so they pass the
 * function's check. No cookies or localStorage; blocked storage records nothing.
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
