import { expect, test, type Page } from '@playwright/test';

/**
 * Issue 24, item 6: the inner pages' headers have a figure in their right half at 1280 px, and
 * on a phone (390 px) the figure is not displayed, so it is neither laid out nor fetched there.
 * The figures are decorative (aria-hidden), so they are found by the header's figure box.
 */
const PAGES: { path: string; h1: string | RegExp; figure: string; text?: string }[] = [
  { path: '/about', h1: 'About Us', figure: 'team', text: 'Ana Reyes' },
  { path: '/contact', h1: 'Contact Us', figure: 'contact', text: 'Orlando' },
  { path: '/pricing', h1: /./, figure: 'pricing', text: 'Launch' },
  { path: '/services/seo-services', h1: 'SEO Services', figure: 'service', text: 'Concept' },
  { path: '/services/website-design', h1: 'Website Design', figure: 'service', text: 'Concept' },
  { path: '/services/local-seo', h1: 'Local SEO', figure: 'service', text: 'Concept' },
  { path: '/locations/florida/orlando', h1: 'Web Design in Orlando, FL', figure: 'state-map', text: 'Orlando' },
  { path: '/locations/new-york/brooklyn', h1: 'Web Design in Brooklyn, NY', figure: 'state-map', text: 'Brooklyn' },
  { path: '/locations/texas/el-paso', h1: 'Web Design in El Paso, TX', figure: 'state-map', text: 'El Paso' },
  { path: '/locations/texas', h1: 'Web Design in Texas', figure: 'state-map' },
];

const figureOf = (page: Page, kind: string) =>
  page.locator(`.page-header-figure ${kind === 'state-map' ? '[data-state-map]' : `[data-figure="${kind}"]`}`);

for (const { path, h1, figure, text } of PAGES) {
  test(`${path}: a ${figure} figure in the header's right half at 1280 px, none at 390 px`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(path);
    const heading = page.getByRole('heading', { level: 1, name: h1 });
    const shown = figureOf(page, figure);
    await expect(shown).toBeVisible();
    if (text) await expect(shown).toContainText(text);
    // Decorative: the page's own text says what it shows.
    await expect(shown.locator('xpath=ancestor-or-self::*[@aria-hidden="true"]').first()).toBeAttached();
    const box = await shown.boundingBox();
    const title = await heading.boundingBox();
    if (!box || !title) throw new Error('no layout box');
    expect(box.x).toBeGreaterThanOrEqual(640);
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
    expect(box.x).toBeGreaterThan(title.x + title.width);
    expect(box.width).toBeGreaterThan(250);
    // Beside the heading, in the first screen.
    expect(box.y).toBeLessThan(800);
    expect(box.y + box.height).toBeGreaterThan(title.y);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(shown).toBeHidden();
    await expect(page.locator('.page-header-figure')).toHaveCSS('display', 'none');
    await expect(heading).toBeVisible();
  });
}

test('a phone does not fetch the header figure’s screenshot', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto('/services/website-design', { waitUntil: 'load' });
  const srcset = await page.locator('.page-header-figure img').getAttribute('srcset');
  const sources = (srcset ?? '').split(',').map((s) => s.trim().split(' ')[0] ?? '');
  expect(sources.filter(Boolean).length).toBeGreaterThan(0);
  await page.waitForTimeout(500);
  for (const source of sources) expect(requested, source).not.toContain(new URL(source, page.url()).pathname);
});
