import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { negotiateEncoding, routeForFile } from './html-pages.ts';

/** A miniature build: two pages, a 404 page, a hashed asset and the per-route headers file. */
function fakeDist() {
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  const client = join(dist, 'client');
  mkdirSync(join(client, 'about'), { recursive: true });
  mkdirSync(join(client, '_astro'), { recursive: true });
  const page = (title: string, head = '') =>
    `<!doctype html>${head}<title>${title}</title><p>${'padding '.repeat(200)}</p><footer>&copy; <span class="copyright-year">2020</span></footer>`;
  writeFileSync(join(client, 'index.html'), page('Home', '<meta charset="utf-8">'));
  writeFileSync(join(client, 'about', 'index.html'), page('About'));
  writeFileSync(join(client, '404.html'), page('Not found'));
  writeFileSync(join(client, '_astro', 'app.abc123.js'), 'console.log(1)');
  mkdirSync(join(client, 'fonts'), { recursive: true });
  writeFileSync(join(client, 'fonts', 'face.woff2'), 'wOF2');
  writeFileSync(
    join(dist, '_headers.json'),
    JSON.stringify([
      { pathname: '/about', headers: [{ key: 'Content-Security-Policy', value: "script-src 'self' 'sha256-x'" }] },
    ]),
  );
  return dist;
}

describe('server host', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    app = await buildApp({
      distDir: fakeDist(),
      logger: false,
      now: () => new Date('2031-06-01T12:00:00Z'),
      // Stands in for Astro's handler: one on-demand route, everything else falls through.
      astroHandler: (req, res, next) => {
        if (req.url === '/api/ip') {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ forwardedFor: req.headers['x-forwarded-for'] }));
        } else if (req.url === '/account') {
          // As Astro answers a page: the bare type set before writeHead.
          res.setHeader('Content-Type', 'text/html');
          res.writeHead(200);
          res.end('<!doctype html><meta charset="utf-8"><title>Account</title>');
        } else if (req.url === '/form-post') {
          res.writeHead(400, { 'content-type': 'text/html' });
          res.end('<!doctype html><title>Form</title>');
        } else if (req.url === '/api/echo') {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ big: 'x'.repeat(4000) }));
        } else next?.();
      },
    });
  });
  afterAll(() => app.close());

  it('serves prerendered pages with the current year, per-route CSP and revalidation', async () => {
    const res = await app.inject({ url: '/about' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<span class="copyright-year">2031</span>');
    expect(res.headers['content-security-policy']).toBe("script-src 'self' 'sha256-x'");
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends every security header on every response, prerendered pages included (none traded for bytes)', async () => {
    for (const url of ['/', '/about', '/api/echo', '/account', '/_astro/app.abc123.js']) {
      const res = await app.inject({ url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['permissions-policy'], url).toContain('camera=()');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
  });

  it('sends brotli when accepted and answers 304 to a matching ETag', async () => {
    const res = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<title>Home</title>');
    const again = await app.inject({
      url: '/',
      headers: { 'accept-encoding': 'gzip, br', 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('names the charset in every HTML Content-Type, whether or not the page declares it (ASVS 4.1.1)', async () => {
    expect((await app.inject({ url: '/' })).headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await app.inject({ url: '/about' })).headers['content-type']).toBe('text/html; charset=utf-8');
    const notModified = await app.inject({ url: '/', headers: { 'if-none-match': '"none"' } });
    expect(notModified.headers['content-type']).toBe('text/html; charset=utf-8');
    // On-demand pages, as Astro types them, and a form post answered with its form.
    expect((await app.inject({ url: '/account' })).headers['content-type']).toBe('text/html; charset=utf-8');
    const form = await app.inject({
      method: 'POST',
      url: '/form-post',
      payload: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await app.inject({ url: '/api/echo' })).headers['content-type']).toBe('application/json');
  });

  it('answers HEAD without a body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/about' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });

  it('hands other requests to Astro, compressing its responses', async () => {
    const res = await app.inject({ url: '/api/echo', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('gives unknown pages the 404 page and unknown API calls JSON', async () => {
    const page = await app.inject({ url: '/missing' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('<title>Not found</title>');
    const api = await app.inject({ method: 'POST', url: '/api/missing', payload: { a: 1 } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'Not found' });
  });

  it('never lets a client choose the address Astro sees', async () => {
    const res = await app.inject({
      url: '/api/ip',
      headers: { 'x-forwarded-for': '6.6.6.6' },
      remoteAddress: '203.0.113.9',
    });
    expect(res.json()).toEqual({ forwardedFor: '203.0.113.9' });
  });

  it('does not read a path that starts with // as a host', async () => {
    const res = await app.inject({ url: '//evil.example' });
    expect([403, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain('<title>Home</title>');
  });

  it('caches hashed assets for a year', async () => {
    const res = await app.inject({ url: '/_astro/app.abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps other files an hour, then serves them from the cache while they are checked', async () => {
    const res = await app.inject({ url: '/fonts/face.woff2' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600, stale-while-revalidate=2592000');
  });

  it('redirects a trailing slash to the canonical path, keeping the query', async () => {
    const res = await app.inject({ url: '/about/?a=1' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/about?a=1');
  });

  it('refuses a malformed URL with a JSON error', async () => {
    const res = await app.inject({ url: '/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('error');
  });
});

describe('html helpers', () => {
  it('maps build files to routes', () => {
    expect(routeForFile('index.html')).toBe('/');
    expect(routeForFile('about/index.html')).toBe('/about');
    expect(routeForFile('404.html')).toBe('/404');
  });

  it('negotiates brotli, then gzip, honouring q=0', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding(undefined)).toBe('identity');
    expect(negotiateEncoding('identity')).toBe('identity');
  });
});

describe('page personalisation', () => {
  it("swaps 'Log in' for 'My account' when a session cookie is sent, and sets the year", async () => {
    const { personalize, hasSessionCookie } = await import('./html-pages.ts');
    const html = '<a data-account-link href="/auth" class="x">Log in</a><span class="copyright-year">2020</span>';
    expect(personalize(html, { year: 2031, signedIn: false })).toBe(
      '<a data-account-link href="/auth" class="x">Log in</a><span class="copyright-year">2031</span>',
    );
    expect(personalize(html, { year: 2031, signedIn: true })).toBe(
      '<a data-account-link href="/account" class="x">My account</a><span class="copyright-year">2031</span>',
    );
    // Signed in: no 'Get Started' in the header (desktop and menu); the page's own stays.
    const page =
      '<header class="site-header sticky"><a href="/contact" class="btn-primary hidden sm:inline-flex">Get Started</a>' +
      '<nav><a href="/contact" class="btn-primary mt-4 w-full"> Get Started </a></nav></header>' +
      '<main><a href="/contact" class="btn-primary">Get Started</a></main>';
    expect(personalize(page, { year: 2031, signedIn: false })).toBe(page);
    expect(personalize(page, { year: 2031, signedIn: true })).toBe(
      '<header class="site-header sticky"><nav></nav></header><main><a href="/contact" class="btn-primary">Get Started</a></main>',
    );
    expect(hasSessionCookie('theme=dark; session=abc.def')).toBe(true);
    expect(hasSessionCookie('mysession=abc')).toBe(false);
    expect(hasSessionCookie(undefined)).toBe(false);
  });
});
