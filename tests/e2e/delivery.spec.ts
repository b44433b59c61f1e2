import { expect, type Page, test } from '@playwright/test';
import { DISPLAY_FACE_SCRIPT } from '#components/layout/display-face.ts';

/** The home page's first review card's corner radius: 16px once the below-the-fold stylesheet applies. */
const reviewCardRadius = (page: Page) =>
  page
    .locator('#testimonials li')
    .first()
    .evaluate((li) => getComputedStyle(li).borderRadius);

test.describe('what a page costs a visitor', () => {
  for (const path of ['/locations/florida/orlando', '/privacy', '/terms-of-service']) {
    test(`${path} ships no JavaScript but the display face's line`, async ({ page }) => {
      const scripts: string[] = [];
      page.on('request', (req) => req.resourceType() === 'script' && scripts.push(req.url()));
      await page.goto(path);
      await page.mouse.move(10, 10);
      expect(scripts).toEqual([]);
      const inline = page.locator('script:not([type="application/ld+json"])');
      expect(await inline.allTextContents()).toEqual([DISPLAY_FACE_SCRIPT]);
    });
  }

  test('the home page fetches no script file, not even when the menu opens (CSS menus, a small inline script)', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (req) => req.resourceType() === 'script' && scripts.push(req.url()));
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    await nav.getByRole('button', { name: 'About' }).hover();
    await expect(nav.getByRole('link', { name: 'About Us' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
  });

  test("the home page inlines its first screen's CSS and asks for the rest once the first screen is drawn", async ({
    page,
  }) => {
    const sheets: string[] = [];
    page.on('request', (req) => req.resourceType() === 'stylesheet' && sheets.push(new URL(req.url()).pathname));
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(sheets).toHaveLength(1);
    expect(sheets[0]).toMatch(/^\/_astro\/below-fold\.[0-9a-f]+\.css$/);
    // Not in the head, not found by the preload scanner: asked for after the first paint.
    await expect(page.locator('head link[rel="stylesheet"]')).toHaveCount(0);
    const timing = await page.evaluate((url) => {
      const paint = performance.getEntriesByName('first-paint')[0]?.startTime ?? Number.NaN;
      const sheet = performance.getEntriesByType('resource').find((entry) => entry.name.endsWith(url));
      return { paint, requested: sheet?.startTime ?? Number.NaN };
    }, sheets[0]!);
    expect(timing.requested).toBeGreaterThan(timing.paint);
    // Right after the hero: the copy for visitors without JavaScript, which also marks the fold.
    const follows = await page
      .locator('noscript[data-fold]')
      .evaluate((fold) => fold.previousElementSibling?.id === 'hero' && fold.parentElement?.id === 'main');
    expect(follows).toBe(true);
    // What follows it is styled by it: the reviews are cards.
    expect(await reviewCardRadius(page)).toBe('16px');
    const res = await page.request.get(sheets[0]!);
    expect(res.headers()['cache-control']).toContain('immutable');
  });

  test('below the fold, nothing shows unstyled: hidden until its stylesheet arrives', async ({ page }) => {
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_astro/below-fold.*.css', async (route) => {
      await arrived;
      await route.continue();
    });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.addInitScript(() => {
      const w = window as unknown as { shifted: number };
      w.shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) w.shifted += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    // Held at the start of the three seconds' wait, however slow this machine is today.
    await page.evaluate(() => {
      for (const animation of document.getAnimations()) animation.pause();
    });
    // By id while hidden: a hidden heading has no role in the accessibility tree.
    const title = page.locator('#testimonials-title');
    // In a tall desktop window the reviews start on the first screen.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect((await title.boundingBox())!.y).toBeLessThan(1080);
    await expect(title).toBeHidden();
    release();
    await expect(page.getByRole('heading', { name: 'What our clients say' })).toBeVisible();
    expect(await reviewCardRadius(page)).toBe('16px');
    // Styled while hidden: nothing visible moved.
    expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBeLessThan(0.005);
  });

  test('if the stylesheet never comes, what lies below the fold shows after three seconds', async ({ page }) => {
    await page.route('**/_astro/below-fold.*.css', (route) => route.abort());
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { name: 'What our clients say' })).toBeVisible({ timeout: 10_000 });
    expect(await page.locator('#testimonials-title').evaluate((h) => getComputedStyle(h).visibility)).toBe('visible');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the home page below its fold is styled by the stylesheet in <noscript>', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'What our clients say' })).toBeVisible();
      expect(await reviewCardRadius(page)).toBe('16px');
    });
  });

  test('no third-party request and no console error on the home page', async ({ page, baseURL }) => {
    const foreign: string[] = [];
    const errors: string[] = [];
    page.on(
      'request',
      (req) => !req.url().startsWith(baseURL!) && !req.url().startsWith('data:') && foreign.push(req.url()),
    );
    page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('button', { name: 'Services' }).hover();
    await page.waitForLoadState('networkidle');
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
  });
});

test.describe('security headers', () => {
  const expectSecurityHeaders = (headers: Record<string, string>) => {
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
    expect(headers['x-powered-by']).toBeUndefined();
  };

  test('on static pages, with Astro script hashes in the CSP', async ({ request }) => {
    const res = await request.get('/');
    expectSecurityHeaders(res.headers());
    expect(res.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    expect(res.headers()['cache-control']).toBe('no-cache');
  });

  // Each prerendered page's policy lists only its own inline hashes (scripts/critical-css.ts,
  // pageCsp): every script and style a page runs, menus and forms in use included, must pass it.
  for (const path of [
    '/',
    '/contact',
    '/pricing',
    '/locations/florida/orlando',
    '/privacy',
    '/portfolio',
    '/portfolio/bright-path-tutoring',
    '/portfolio/bright-path-tutoring/demo',
    '/nope',
  ]) {
    test(`${path}: nothing the page runs is refused by its policy`, async ({ page, isMobile }) => {
      await page.addInitScript(() => {
        const seen: string[] = [];
        Object.assign(window, { cspViolations: seen });
        document.addEventListener('securitypolicyviolation', (e) =>
          seen.push(`${e.violatedDirective} ${e.blockedURI}`),
        );
      });
      await page.goto(path);
      const services = page
        .getByRole('navigation', { name: 'Main', exact: true })
        .getByRole('button', { name: 'Services' });
      // A demo has its own header; phones open the menu differently (covered by the menu specs).
      if (!isMobile && (await services.count())) await services.click();
      const field = page.getByRole('textbox', { name: 'Name' });
      if (await field.count()) await field.first().focus();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    });
  }

  test('on on-demand responses and assets', async ({ request }) => {
    const health = await request.get('/healthz');
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    expectSecurityHeaders(health.headers());
    expectSecurityHeaders((await request.get('/favicon.svg')).headers());
    expectSecurityHeaders((await request.get('/nope')).headers());
  });

  test('hashed assets are cached for a year, precompressed', async ({ page, request }) => {
    const assets: string[] = [];
    // Scripts: images and fonts are already compressed, so they have no .br beside them.
    page.on('response', (res) => /\/_astro\/.*\.js$/.test(res.url()) && assets.push(res.url()));
    // The sign-in page's script is a file of its own.
    await page.goto('/auth');
    await expect.poll(() => assets.length).toBeGreaterThan(0);
    const res = await request.get(assets[0]!, { headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers()['content-encoding']).toBe('br');
  });

  test('HEAD answers headers only', async ({ request }) => {
    const res = await request.head('/pricing');
    expect(res.status()).toBe(200);
    // The charset in the header as well as in the page (ASVS 4.1.1).
    expect(res.headers()['content-type']).toBe('text/html; charset=utf-8');
    expect((await res.body()).length).toBe(0);
  });
});
