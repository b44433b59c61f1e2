import faviconSvg from '../../public/favicon.svg?raw';

/**
 * The favicon as a data: URL, so a page fetches no icon: Chrome asks for a page's icon when
 * its load event fires, and on a phone over slow 4G that request can land before the first
 * paint (Lighthouse then counts a round trip of it in the LCP). Written the way the header's
 * logo is (same path data, single quotes), so brotli finds most of it in the page already; the
 * file stays in public/ for anything that asks for /favicon.svg or /favicon.ico by name.
 */
export const faviconDataUrl = `data:image/svg+xml,${faviconSvg
  .trim()
  .replace(/<title>[^<]*<\/title>/, '')
  .replaceAll('"', "'")
  .replaceAll('#', '%23')}`;
