/**
 * Headers every response carries, static or on-demand. Page CSPs (with Astro's script
 * and style hashes) come from the build's _headers.json or from Astro itself; this
 * default CSP covers everything else (JSON, SVG, assets) and forbids framing.
 */

export const DEFAULT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/**
 * Sensors and devices nobody here needs, off. Not `payment=(self)`: 'self' is the Payment Request
 * API's default already (checkout is Stripe's hosted page, reached by a redirect).
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'usb=()',
].join(', ');

export function securityHeaders({ https }: { https: boolean }): Record<string, string> {
  return {
    'Content-Security-Policy': DEFAULT_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
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
