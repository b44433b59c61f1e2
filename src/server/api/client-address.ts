import type { APIContext } from 'astro';

/**
 * The client's IP: the socket address, or the forwarded one only when Astro trusts the
 * proxy (security.allowedDomains, from an https SITE_URL). Never a raw header.
 */
export function clientAddress(context: APIContext): string {
  try {
    return context.clientAddress || 'unknown';
  } catch {
    return 'unknown';
  }
}
