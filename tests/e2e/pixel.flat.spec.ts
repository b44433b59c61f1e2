import { expect, test, type Page } from '@playwright/test';
import { PIXEL_LOAD_TIMEOUT_MS } from '#lib/meta-pixel.ts';
import { TEST_PIXEL_ID } from './builds.ts';

// Runs against the build with PUBLIC_META_PIXEL_ID set (tests/e2e/builds.ts).
const PIXEL_SCRIPT = 'https://connect.facebook.net/**';
const NOTE = 'Meta pixel unavailable (blocked or slow); continuing without it.';
/** The latest the pixel starts loading after the page's load event (requestIdleCallback's timeout). */
const IDLE_DEADLINE_MS = 3000;

type Call = unknown[];
declare global {
  interface Window {
    __pixelCalls: Call[];
  }
}

/** A stubbed fbq that records calls; the real network script is answered with nothing. */
async function stubPixel(page: Page) {
  await page.addInitScript(() => {
    window.__pixelCalls = [];
    const fbq = (...args: unknown[]) => void window.__pixelCalls.push(args);
    (window as unknown as { fbq: typeof fbq }).fbq = fbq;
  });
  await page.route(PIXEL_SCRIPT, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
}

const calls = (page: Page) => page.evaluate(() => window.__pixelCalls);

test('PageView after the page is interactive, then Lead and ViewContent on clicks', async ({ page }) => {
  await stubPixel(page);
  await page.goto('/');
  await expect.poll(() => calls(page)).toContainEqual(['track', 'PageView', undefined]);
  expect(await calls(page)).toContainEqual(['init', TEST_PIXEL_ID]);
  // Keep the page (tel: and /contact would navigate away) while the pixel's listener still runs.
  await page.evaluate(() => document.addEventListener('click', (e) => e.preventDefault()));

  await page.getByRole('link', { name: /Call Now/ }).click();
  expect(await calls(page)).toContainEqual([
    'track',
    'Lead',
    { content_name: 'Hero Call Now', content_category: 'Phone Call' },
  ]);

  await page
    .locator('#pricing')
    .getByRole('link', { name: /Get a Quote/ })
    .first()
    .click();
  expect(await calls(page)).toContainEqual([
    'track',
    'ViewContent',
    { content_name: 'Professional Website', content_type: 'product', value: 250, currency: 'USD' },
  ]);
});

test('nothing loads when the browser sends Global Privacy Control', async ({ page }) => {
  const pixelRequests: string[] = [];
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
  );
  await page.route(PIXEL_SCRIPT, (route) => {
    pixelRequests.push(route.request().url());
    return route.abort();
  });
  await page.clock.install();
  await page.goto('/');
  // Past every moment the pixel could load at (an idle moment, 3 s at the latest): nothing was asked for.
  await page.clock.runFor(IDLE_DEADLINE_MS + PIXEL_LOAD_TIMEOUT_MS);
  await page.waitForLoadState('networkidle');
  expect(await page.locator('script[src^="https://connect.facebook.net"]').count()).toBe(0);
  expect(pixelRequests).toEqual([]);
  expect(await page.evaluate(() => typeof (window as { fbq?: unknown }).fbq)).toBe('undefined');
});

for (const [name, handler] of [
  ['blocked', (route: import('@playwright/test').Route) => route.abort('blockedbyclient')],
  ['too slow', () => new Promise<void>(() => {})],
] as const) {
  test(`a ${name} pixel script logs one note and breaks nothing`, async ({ page }) => {
    const notes: string[] = [];
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.text() === NOTE) notes.push(msg.text());
      if (msg.type() === 'error' && !msg.text().includes('ERR_BLOCKED_BY_CLIENT')) errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    let failed = false;
    page.on('requestfailed', (req) => {
      if (req.url().startsWith('https://connect.facebook.net')) failed = true;
    });
    await page.route(PIXEL_SCRIPT, handler);
    await page.clock.install();
    await page.goto('/');
    // The pixel's clock, run by hand: it loads at an idle moment (3 s at the latest) and gives its
    // script 2 s. A blocked script fails at once; a slow one only times out.
    await page.clock.runFor(IDLE_DEADLINE_MS);
    if (name === 'blocked') await expect.poll(() => failed).toBe(true);
    await page.clock.runFor(PIXEL_LOAD_TIMEOUT_MS);
    await expect.poll(() => notes.length).toBe(1);
    // Every timer it set has fired and its script has failed or stalled: no second note comes.
    await page.clock.runFor(IDLE_DEADLINE_MS + PIXEL_LOAD_TIMEOUT_MS);
    await page.evaluate(() => document.readyState);
    expect(notes).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('button', { name: 'About' }).hover();
    await expect(page.getByRole('link', { name: 'About Us' })).toBeVisible();
  });
}
