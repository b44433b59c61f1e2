import { expect, test } from '@playwright/test';
import { BRAND, PUBLIC_ROUTES } from './pages.ts';
import { states } from '#data/locations.ts';
import { site } from '#data/site.ts';

test.describe('every public route', () => {
  for (const route of PUBLIC_ROUTES) {
    test(`${route.path} answers 200 with title and canonical`, async ({ page, baseURL }) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(new RegExp(`^.+ \\| ${BRAND}$`));
      const canonical = await page.locator('link[rel=canonical]').getAttribute('href');
      expect(canonical).toBe(new URL(route.canonical ?? route.path, baseURL).href);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', canonical!);
      const robots = await page.locator('meta[name=robots]').getAttribute('content');
      expect(robots).toBe(route.noindex ? 'noindex, nofollow' : 'index, follow, max-image-preview:large');
      await expect(page.locator('h1')).toHaveCount(1);
    });
  }

  test('all 60 city pages exist', async ({ request }) => {
    const paths = states.flatMap((s) => s.cities.map((c) => `/locations/${s.slug}/${c.slug}`));
    expect(paths).toHaveLength(60);
    for (const path of paths) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain('"@type":"ProfessionalService"');
      expect(html, path).toContain('"@type":"BreadcrumbList"');
    }
  });
});

test('unknown paths get the 404 page with status 404', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 - Page Not Found');
  await expect(page.getByText("Sorry, the page you are looking for doesn't exist or has been moved.")).toBeVisible();
  await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', 'noindex, nofollow');
  await page.getByRole('link', { name: 'Return to Homepage' }).click();
  await expect(page).toHaveURL('/');
});

test('/social/twitter says where it goes, then goes there', async ({ page }) => {
  let target = '';
  await page.route('https://twitter.com/**', (route) => {
    target = route.request().url();
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Twitter</title>' });
  });
  // The page's 3 s redirect timer is held until the page has been checked (axe on a loaded machine
  // can take longer than that), then released: what follows is the page's own timer and link.
  await page.addInitScript(() => {
    const later = window.setTimeout.bind(window);
    const held = window as unknown as { releaseRedirect?: () => void };
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    held.releaseRedirect = release;
    window.setTimeout = ((handler: () => void, ms?: number) =>
      (ms ?? 0) >= 3_000 ? later(() => released.then(handler), ms) : later(handler, ms)) as typeof window.setTimeout;
  });
  await page.goto('/social/twitter');
  await expect(page).toHaveTitle(`Redirecting to Twitter | ${BRAND}`);
  await expect(page.getByText('You will be redirected to our Twitter page shortly.')).toBeVisible();
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/social\/twitter$/);
  await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', /noindex/);
  await expect(page.locator('meta[http-equiv=refresh]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Continue to Twitter now' })).toHaveAttribute('href', /twitter\.com/);
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  expect(target).toBe('');
  await page.evaluate(() => (window as unknown as { releaseRedirect: () => void }).releaseRedirect());
  await page.waitForURL('https://twitter.com/**', { timeout: 10_000 });
  expect(target).toMatch(/^https:\/\/twitter\.com\//);
});

test('a trailing slash redirects to the canonical path', async ({ request }) => {
  const res = await request.get('/pricing/?ref=x', { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers().location).toBe('/pricing?ref=x');
});

test('robots.txt points to the sitemap and keeps private areas out', async ({ request, baseURL }) => {
  const text = await (await request.get('/robots.txt')).text();
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap-index.xml`);
  for (const path of ['/account', '/admin', '/api/', '/auth', '/activate-account', '/reset-password']) {
    expect(text).toContain(`Disallow: ${path}\n`);
  }
  // Only routes that exist, /checkout among them.
  const disallowed = [...text.matchAll(/^Disallow: (.*)$/gm)].map((m) => m[1]);
  expect(disallowed).toContain('/checkout');
  for (const path of disallowed.filter((p) => !p!.endsWith('/'))) {
    const res = await request.get(path!, { maxRedirects: 0 });
    expect(res.status(), path).not.toBe(404);
  }
});

test('the sitemap lists every public page and no private or test page', async ({ request, baseURL }) => {
  const index = await (await request.get('/sitemap-index.xml')).text();
  const sitemaps = [...index.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const urls: string[] = [];
  for (const sitemap of sitemaps) {
    const xml = await (await request.get(sitemap)).text();
    urls.push(...[...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]!));
  }
  const paths = urls.map((u) => new URL(u).pathname.replace(/\/$/, '') || '/');
  expect(urls.every((u) => u.startsWith(baseURL!))).toBe(true);
  for (const route of PUBLIC_ROUTES.filter((r) => !r.noindex && !r.canonical)) expect(paths).toContain(route.path);
  expect(paths.filter((p) => /^\/locations\/[^/]+\/[^/]+$/.test(p))).toHaveLength(60);
  for (const excluded of ['/thank-you', '/test', '/about-us', '/social/twitter', '/404', '/healthz']) {
    expect(paths).not.toContain(excluded);
  }
  expect(paths.some((p) => /^\/(account|admin|api|auth|checkout|activate-account)/.test(p))).toBe(false);
});

test('nothing under a private prefix is in the static output, and its pages answer from the server', async ({
  request,
}) => {
  const { readdirSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { E2E_BUILDS } = await import('./builds.ts');
  const { PRIVATE_PREFIXES, privatePrefixOf } = await import('#server/security/private-paths.ts');
  const clientDir = join(E2E_BUILDS.main.outDir, 'client');
  const html = readdirSync(clientDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.html'))
    .map(
      (f) =>
        `/${f
          .replaceAll('\\', '/')
          .replace(/(\/)?index\.html$/, '')
          .replace(/\.html$/, '')}`,
    );
  expect(html.length).toBeGreaterThan(60);
  expect(html.filter((path) => privatePrefixOf(path))).toEqual([]);
  expect(PRIVATE_PREFIXES.map((p) => p.prefix)).toEqual(expect.arrayContaining(['/account', '/admin', '/checkout']));
  // The admin placeholders export no `prerender`: the build rule alone keeps them behind the guard.
  const res = await request.get('/admin/dashboard', { maxRedirects: 0 });
  expect(res.status()).toBe(302);
});

test('/terms and /terms-of-service are two pages, each its own canonical URL and sitemap entry', async ({
  page,
  request,
  baseURL,
}) => {
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  for (const [path, title] of [
    ['/terms', 'Terms and conditions'],
    ['/terms-of-service', 'Terms of service'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(`${title} | ${BRAND}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', new URL(path, baseURL).href);
    expect(sitemap, path).toContain(`<loc>${new URL(path, baseURL).href}</loc>`);
  }
  // Each says what it covers and points to the other.
  await page.goto('/terms');
  await expect(page.getByRole('main').getByRole('link', { name: 'Terms of Service' }).first()).toHaveAttribute(
    'href',
    '/terms-of-service',
  );
});

test('the footer links both sets of terms and every social profile in site.ts', async ({ page }) => {
  for (const path of ['/', '/terms']) {
    await page.goto(path);
    const legal = page.getByRole('contentinfo').getByRole('navigation', { name: 'Legal' });
    await expect(legal.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms');
    await expect(legal.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    const follow = page.getByRole('contentinfo').getByRole('navigation', { name: 'Follow Us' });
    const hrefs = await follow.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.sort(), path).toEqual(Object.values(site.social).sort());
  }
});

test('/favicon.ico is served (browsers ask for it whatever the page says)', async ({ request }) => {
  const res = await request.get('/favicon.ico');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
  expect((await res.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
});
