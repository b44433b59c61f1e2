import type { APIRoute } from 'astro';
import { site } from '../data/site';

const PRIVATE = [
  '/account',
  '/admin',
  '/api/',
  '/auth',
  '/checkout',
  '/activate-account',
  '/forgot-password',
  '/reset-password',
  '/thank-you',
  '/test',
];

export const GET: APIRoute = () =>
  new Response(
    [
      'User-agent: *',
      'Allow: /',
      ...PRIVATE.map((p) => `Disallow: ${p}`),
      '',
      `Sitemap: ${site.origin}/sitemap-index.xml`,
      '',
    ].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
  );
