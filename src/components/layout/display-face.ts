/**
 * The heading face on phones, from the second page on (src/styles/global.css).
 *
 * Below 40rem headings are set in Arial Bold until the page's <html> has the `face` class: a
 * phone's first page never asks for the font before its largest paint (Lighthouse mobile, home
 * page: LCP 782 ms without, 1,082 ms with the font fetched on the first visit). This script, in
 * the head of every page (the only one legal, location and portfolio pages run), does two things:
 * - a second after the page has loaded, it fetches the face's file, so it is in the browser's
 *   cache for the next page, fetched well after the first paint and the largest
 *   one (Lighthouse mobile, /privacy: LCP 751 ms when it was asked for at the load event, which a
 *   page without images reaches before its first paint is on screen; 657 ms after);
 * - on a page reached from another page of this site (a referrer that starts with this origin:
 *   the policy is strict-origin-when-cross-origin), it sets `face` before anything paints, and
 *   the heading face (font-display: optional, metric-matched fallback) comes from that cache. A
 *   look-alike origin (site.com.example) only gets the face used if cached, fetched if not.
 * Nothing is stored (no cookie, no local storage: the cookie policy promises none). Reached by a
 * link before the previous page had fetched the face (the visitor was quicker than its load), a
 * page asks for it as it renders and keeps the fallback if it is not there in time.
 *
 * Inline and classic, not a module: it must run before the first paint. Its hash is in the
 * Content-Security-Policy (astro.config.ts), so the text below is the whole script, byte for byte.
 */
export const DISPLAY_FACE_HREF = '/fonts/bricolage-grotesque-700-subset.woff2';
export const DISPLAY_FACE_CLASS = 'face';

export const DISPLAY_FACE_SCRIPT =
  `document.referrer.startsWith(location.origin)&&document.documentElement.classList.add("${DISPLAY_FACE_CLASS}");` +
  // A second after the load event: a page without images loads before its first paint is on
  // screen, and a font asked for at once (or a frame later) still shared the network with that
  // paint in Lighthouse's trace; the next page needs it seconds later at the soonest. A plain
  // fetch of the file: the same request as the font's own (same origin, credentials and URL), so
  // the next page finds it in the HTTP cache, in fewer bytes than document.fonts.load.
  `onload=()=>setTimeout(()=>fetch("${DISPLAY_FACE_HREF}"),1e3)`;
