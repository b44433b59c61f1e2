/**
 * Headers every response carries, static or on-demand. Page CSPs (with Astro's script
 * and style hashes) come from the build's _headers.json or from Astro itself; this
 * default CSP covers everything else (JSON, SVG, assets) and forbids framing.
 */

export const DEFAULT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/**
 * Sensors and devices nobody here needs, off (listed without spaces: every page's first round
 * trip carries it). Not `payment=(self)`: 'self' is the Payment Request
 * API's default already (checkout is Stripe's hosted page, reached by a redirect), and the header
 * is in every page's first round trip.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'usb=()',
].join(',');

/**
 * Not sent with prerendered public pages (app.ts drops it there). Those pages hold nothing a
 * window handle could reach (the same HTML for every visitor), and the header made Chrome put
 * every arrival from another page in a new browsing context group: a fresh renderer whose
 * script context is built cold before the page is parsed (Lighthouse mobile: that task took
 * 32-49 ms instead of 11-24, the largest part of those pages' blocking time). Everything that
 * can show or change a person's data (/auth, /account, /admin, /checkout, the token pages, the
 * API) keeps it, so a cross-origin opener loses its handle before any of it loads.
 */
export const OPENER_POLICY_HEADER = 'Cross-Origin-Opener-Policy';

export function securityHeaders({ https }: { https: boolean }): Record<string, string> {
  return {
    'Content-Security-Policy': DEFAULT_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    [OPENER_POLICY_HEADER]: 'same-origin',
    'X-Frame-Options': 'DENY',
    ...(https ? { 'Strict-Transport-Security': 'max-age=63072000; includeSubDomains' } : {}),
  };
}

export interface BuildRouteHeaders {
  pathname: string;
  headers: { key: string; value: string }[];
}

/** Per-route headers written by the build (@astrojs/node staticHeaders): pathname -> headers. */
export function routeHeaders(json: BuildRouteHeaders[]): Map<string, Record<string, string>> {
  const map = new Map<string, Record<string, string>>();
  for (const entry of json) {
    map.set(entry.pathname, Object.fromEntries(entry.headers.map((h) => [h.key, h.value])));
  }
  return map;
}
