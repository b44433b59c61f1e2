import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { inlineHashes, ON_DEMAND_CSS_FILE, OnDemandPages, pageCsp } from './on-demand-html.ts';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const FULL_CSS = `.a{color:red}.b{color:blue}${'.unused{margin:0}'.repeat(100)}`;
const PRUNED_CSS = '.a{color:red}.b{color:blue}';
const SCRIPT = 'document.body.dataset.ok=""';
/** Astro's runtime policy: every hash the site has, ours and others'. */
const ASTRO_CSP = [
  "default-src 'self'",
  "img-src 'self' data:",
  `script-src 'self' ${hash(SCRIPT)} 'sha256-other1=' 'sha256-other2='`,
  `style-src 'self' ${hash(FULL_CSS)} 'sha256-other3='`,
].join(';');
const page = (css: string) =>
  `<!doctype html><html><head><style>${css}</style><script type="application/ld+json">{"@type":"Thing"}</script>` +
  `<script type="module">${SCRIPT}</script><script type="module" src="/_astro/x.js"></script></head>` +
  `<body><p class="a">${'text '.repeat(300)}</p></body></html>`;

describe('pageCsp', () => {
  it('lists only the hashes of the inline scripts and styles the page has, and keeps every other source', () => {
    const csp = pageCsp(ASTRO_CSP, page(PRUNED_CSS), { styles: [hash(PRUNED_CSS)] });
    expect(csp).toBe(
      [
        "default-src 'self'",
        "img-src 'self' data:",
        `script-src 'self' ${hash(SCRIPT)}`,
        `style-src 'self' ${hash(PRUNED_CSS)}`,
      ].join(';'),
    );
    expect(csp).not.toContain('unsafe-inline');
  });

  it('never allows an inline script or style the policy did not allow (markup rendered from data)', () => {
    const injected = page(PRUNED_CSS).replace('<body>', '<body><script>alert(1)</script><style>p{}</style>');
    const csp = pageCsp(ASTRO_CSP, injected);
    expect(csp).not.toContain(hash('alert(1)'));
    expect(csp).not.toContain(hash('p{}'));
    expect(csp).not.toContain(hash(PRUNED_CSS));
    expect(csp).toContain(`script-src 'self' ${hash(SCRIPT)};style-src 'self'`);
    // A replacement stylesheet counts only where the page has it.
    expect(pageCsp(ASTRO_CSP, injected, { styles: [hash('.x{}')] })).not.toContain(hash('.x{}'));
  });

  it('leaves no hash at all when the page has no inline script (never a wider policy)', () => {
    const csp = pageCsp(ASTRO_CSP, '<html><head></head><body><script src="/a.js"></script></body></html>');
    expect(csp).toContain("script-src 'self';style-src 'self'");
  });

  it('ignores data blocks (JSON-LD) and external scripts', () => {
    expect(inlineHashes(page(PRUNED_CSS)).scripts).toEqual([hash(SCRIPT)]);
  });

  it('takes a known hash only for the very same bytes, and hashes anything else', () => {
    const known = [{ text: Buffer.from(PRUNED_CSS), hash: 'known-hash' }];
    expect(inlineHashes(page(PRUNED_CSS), known).styles).toEqual(['known-hash']);
    // Same length, other bytes: never the known hash.
    const other = PRUNED_CSS.replace('red', 'tan');
    expect(inlineHashes(page(other), known).styles).toEqual([hash(other)]);
  });
});

describe('OnDemandPages', () => {
  const pages = new OnDemandPages([
    { pattern: /^\/about$/, styles: null },
    {
      pattern: /^\/checkout$/,
      styles: new Map([[FULL_CSS, PRUNED_CSS]]),
    },
  ]);

  it('swaps the stylesheet the build pruned for the route, and only that one', () => {
    expect(pages.rewrite(page(FULL_CSS), '/checkout').html.toString()).toBe(page(PRUNED_CSS));
    expect(pages.rewrite(page('.other{}'), '/checkout').html.toString()).toBe(page('.other{}'));
    expect(pages.rewrite(page(FULL_CSS), '/about').html.toString()).toBe(page(FULL_CSS));
    expect(pages.rewrite(page(FULL_CSS), '/unknown').html.toString()).toBe(page(FULL_CSS));
  });

  it('allows the pruned stylesheet only where the policy allowed the one it replaces', () => {
    expect(pages.render(page(FULL_CSS), '/checkout', ASTRO_CSP).csp).toContain(`style-src 'self' ${hash(PRUNED_CSS)}`);
    const without = ASTRO_CSP.replace(hash(FULL_CSS), '');
    expect(pages.render(page(FULL_CSS), '/checkout', without).csp).not.toContain(hash(PRUNED_CSS));
  });

  it('keeps the whole stylesheet when the build wrote no pruned copies', async () => {
    const empty = await OnDemandPages.load(mkdtempSync(join(tmpdir(), 'dist-')));
    expect(empty.rewrite(page(FULL_CSS), '/checkout').html.toString()).toBe(page(FULL_CSS));
  });
});

describe('on-demand pages through the host', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-'));
    mkdirSync(join(dist, 'client'), { recursive: true });
    writeFileSync(
      join(dist, ON_DEMAND_CSS_FILE),
      JSON.stringify({
        version: 2,
        sheets: { [hash(FULL_CSS).slice(1, -1)]: FULL_CSS },
        routes: [
          { route: '/api/data', pattern: '^\\/api\\/data$', styles: null },
          { route: '/checkout', pattern: '^\\/checkout$', styles: { [hash(FULL_CSS).slice(1, -1)]: PRUNED_CSS } },
        ],
      }),
    );
    app = await buildApp({
      distDir: dist,
      logger: false,
      // Stands in for Astro's handler: writes as @astrojs/node does (writeHead, chunks, end).
      astroHandler: async (req, res, next) => {
        if (req.url?.startsWith('/checkout')) {
          res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': ASTRO_CSP });
          const html = page(FULL_CSS);
          res.write(html.slice(0, 100));
          // The rest in a later turn of the event loop, as a streamed page arrives.
          await new Promise((r) => setImmediate(r));
          res.write(Buffer.from(html.slice(100)));
          res.end();
        } else if (req.url === '/api/data') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ css: FULL_CSS }));
        } else next?.();
      },
    });
  });
  afterAll(() => app.close());

  it('sends the pruned stylesheet with a CSP of its own hashes, compressed', async () => {
    const res = await app.inject({ url: '/checkout?plan=x', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(html).toBe(page(PRUNED_CSS));
    expect(res.headers['content-security-policy']).toBe(
      pageCsp(ASTRO_CSP, page(PRUNED_CSS), { styles: [hash(PRUNED_CSS)] }),
    );
    expect(res.headers['content-security-policy']).toContain(hash(PRUNED_CSS));
    expect(res.headers['content-security-policy']).not.toContain(hash(FULL_CSS));
    expect(res.headers['content-security-policy']).not.toContain('sha256-other');
  });

  it('answers HEAD with the headers of the page a GET gets', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/checkout' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect(res.headers['content-security-policy']).toContain(`style-src 'self' ${hash(PRUNED_CSS)}`);
  });

  it('passes other responses through untouched', async () => {
    const res = await app.inject({ url: '/api/data' });
    expect(res.json()).toEqual({ css: FULL_CSS });
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });
});
