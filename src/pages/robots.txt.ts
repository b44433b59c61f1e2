import type { APIRoute } from 'astro';
import { site } from '../data/site.ts';
import { PRIVATE_PREFIXES } from '../server/security/private-paths.ts';

/** Private areas, and the transactional and test pages that are not worth crawling. */
const DISALLOWED = [...PRIVATE_PREFIXES.map((p) => (p.prefix === '/api' ? '/api/' : p.prefix)), '/thank-you', '/test'];

export const GET: APIRoute = () =>
  new Response(
    [
      'User-agent: *',
      'Allow: /',
      ...DISALLOWED.map((p) => `Disallow: ${p}`),
      '',
      `Sitemap: ${site.origin}/sitemap-index.xml`,
      '',
    ].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
  );
