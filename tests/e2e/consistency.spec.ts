import { expect, test } from '@playwright/test';

// One page of each kind a visitor reads, prerendered and on demand.
const PAGES = [
  '/',
  '/about',
  '/pricing',
  '/contact',
  '/portfolio',
  '/faq',
  '/services/seo-services',
  '/locations/florida/orlando',
  '/terms',
  '/auth',
  '/checkout',
];

test.describe('a consistent site', () => {
  test('no link underlines a space after its text', async ({ request }) => {
    for (const path of PAGES) {
      const html = await (await request.get(path)).text();
      const spaced = html.match(/.{0,60}\s<\/a>/g) ?? [];
      expect(spaced, path).toEqual([]);
    }
  });

  test('each sentence is said once per page (a table of contents repeats headings by design)', async ({ page }) => {
    for (const path of PAGES) {
      await page.goto(path);
      const sentences = await page.locator('body').evaluate((body) => {
        const copy = body.cloneNode(true) as HTMLElement;
        for (const skip of copy.querySelectorAll('nav, script, style, .sr-only, [hidden]')) skip.remove();
        return (copy.textContent ?? '')
          .split(/(?<=[.!?])\s+|\n/)
          .map((s) => s.replace(/\s+/g, ' ').trim())
          .filter((s) => s.split(' ').length >= 6);
      });
      const repeated = sentences.filter((s, i) => sentences.indexOf(s) !== i);
      expect(repeated, path).toEqual([]);
    }
  });
});
