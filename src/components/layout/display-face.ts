/**
 * The heading face on phones, from the second page on (src/styles/global.css).
 *
 * Below 40rem headings are set in Arial Bold until the page's <html> has the `face` class: a
 * phone's first page never asks for the font before its largest paint (Lighthouse mobile, home
 * page: LCP 782 ms without, 1,082 ms with the font fetched on the first visit). This script, in
 * the head of every page that ships JavaScript, does two things:
 * - once the page has loaded, it asks for the face (`document.fonts.load`), so it is in the
 *   browser's cache for the next page, fetched after the first paint and the largest one;
 * - on a page reached from another page of this site (a referrer that starts with this origin:
 *   the policy is strict-origin-when-cross-origin), it sets `face` before anything paints, and
 *   the heading face (font-display: optional, metric-matched fallback) comes from that cache. A
 *   look-alike origin (site.com.example) only gets the face used if cached, fetched if not.
 * Nothing is stored (no cookie, no local storage: the cookie policy promises none). Reached by a
 * link from a page that shipped no script (a legal or location page) before the face was ever
 * fetched, a page asks for it as it renders and keeps the fallback if it is not there in time.
 *
 * Inline and classic, not a module: it must run before the first paint. Its hash is in the
 * Content-Security-Policy (astro.config.ts), so the text below is the whole script, byte for byte.
 */
export const DISPLAY_FACE_HREF = '/fonts/bricolage-grotesque-700-subset.woff2';
export const DISPLAY_FACE_CLASS = 'face';

export const DISPLAY_FACE_SCRIPT =
  `document.referrer.startsWith(location.origin)&&document.documentElement.classList.add("${DISPLAY_FACE_CLASS}");` +
  // The family quoted as the stylesheet quotes it: the page's compression then finds it there.
  `onload=()=>document.fonts.load('700 1em "Bricolage Grotesque"')`;
