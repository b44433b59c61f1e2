import type { APIContext } from 'astro';

/**
 * The client's address for limits, logs, sessions and audit entries: the one our HTTP host
 * resolved (Fastify's request.ip, which honours TRUST_PROXY) and handed over in locals.
 * Without the host (astro dev, tests calling a handler directly) Astro's own view is used.
 */
export function clientAddress(context: Pick<APIContext, 'locals' | 'clientAddress'>): string {
  if (context.locals.clientAddress) return context.locals.clientAddress;
  try {
    return context.clientAddress || 'unknown';
  } catch {
    return 'unknown';
  }
}
