/**
 * Cross-site request refusal for state-changing methods (the algorithm of Go's
 * CrossOriginProtection): browsers send Sec-Fetch-Site on every request, older ones
 * at least Origin on POST. A request with neither is not from a browser, so it cannot
 * carry a victim's cookies by accident, and passes.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isCrossSiteRequest(request: Request, url: URL): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const site = request.headers.get('sec-fetch-site');
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.get('origin');
  return origin !== null && origin !== url.origin;
}
