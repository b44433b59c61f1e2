import type { APIRoute } from 'astro';
import { site } from '#data/site.ts';
import { isUnder, PRIVATE_PREFIXES, routePathOfPage } from '#server/security/private-paths.ts';

/** Every route this build has, as URL paths ('/account', '/api/login', ...). */
const routes = Object.keys(import.meta.glob('./**/*.{astro,ts,md}'))
  .map((file) => routePathOfPage(`src/pages/${file.slice(2)}`))
  .filter((path): path is string => path !== null);

/** Private areas that exist (a prefix whose routes are not built yet is not advertised), and pages not worth crawling. */
const built = PRIVATE_PREFIXES.map((p) => p.prefix).filter((prefix) => routes.some((route) => isUnder(route, prefix)));
const DISALLOWED = [
  // '/api/admin' needs no line of its own under '/api/'.
  ...built
    .filter((prefix) => !built.some((other) => other !== prefix && isUnder(prefix, other)))
    .map((prefix) => (prefix === '/api' ? '/api/' : prefix)),
  '/thank-you',
  '/test',
];

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
