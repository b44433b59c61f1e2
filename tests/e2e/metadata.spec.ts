import { expect, test, type Page } from '@playwright/test';
import { PRICE_VALID_UNTIL } from '#data/offer-validity.ts';
import { BRAND, PAGE_TYPES } from './pages.ts';

type JsonLd = Record<string, unknown> & { '@type': string };

async function jsonLd(page: Page): Promise<JsonLd[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b) as JsonLd);
}

test.describe('metadata and structured data', () => {
  for (const [type, path] of Object.entries(PAGE_TYPES)) {
    test(`${type} (${path}) has complete social metadata and parseable JSON-LD`, async ({ page }) => {
      await page.goto(path);
      const meta = (sel: string) => page.locator(sel).first().getAttribute('content');
      expect(await meta('meta[name=description]')).toBeTruthy();
      expect(await meta('meta[name=viewport]')).toBe('width=device-width, initial-scale=1, maximum-scale=5');
      for (const p of ['og:title', 'og:description', 'og:url', 'og:image', 'og:type']) {
        expect(await meta(`meta[property="${p}"]`), p).toBeTruthy();
      }
      for (const n of ['twitter:card', 'twitter:title', 'twitter:image'])
        expect(await meta(`meta[name="${n}"]`), n).toBeTruthy();
      const data = await jsonLd(page);
      expect(data.find((d) => d['@type'] === 'ProfessionalService' && d.name === BRAND)).toBeTruthy();
    });
  }

  test('home page: a five-question FAQPage (the offers are on /pricing)', async ({ page }) => {
    await page.goto('/');
    const data = await jsonLd(page);
    const faq = data.find((d) => d['@type'] === 'FAQPage') as unknown as { mainEntity: unknown[] };
    expect(faq.mainEntity).toHaveLength(5);
    await expect(page).toHaveTitle(`Orlando Web Design for Small Businesses | ${BRAND}`);
  });

  test('pricing page: Offer with priceValidUntil', async ({ page }) => {
    await page.goto('/pricing');
    const data = await jsonLd(page);
    const catalog = data.find((d) => d['@type'] === 'OfferCatalog') as unknown as {
      itemListElement: Record<string, unknown>[];
    };
    expect(catalog.itemListElement.map((o) => o.price)).toEqual(['3800.00', '199.00']);
    expect(catalog.itemListElement.every((o) => o.priceValidUntil === PRICE_VALID_UNTIL)).toBe(true);
  });

  test('city page: breadcrumb and local ProfessionalService', async ({ page, baseURL }) => {
    await page.goto('/locations/florida/winter-park');
    const data = await jsonLd(page);
    const crumbs = data.find((d) => d['@type'] === 'BreadcrumbList') as unknown as {
      itemListElement: { name: string; item: string }[];
    };
    expect(crumbs.itemListElement.map((c) => c.name)).toEqual(['Home', 'Locations', 'Florida', 'Winter Park']);
    expect(crumbs.itemListElement.at(-1)!.item).toBe(`${baseURL}/locations/florida/winter-park`);
    const local = data.find((d) => (d['@id'] as string | undefined)?.endsWith('#service')) as unknown as {
      areaServed: { name: string };
    };
    expect(local.areaServed.name).toBe('Winter Park');
    await expect(page.getByRole('heading', { name: 'Nearby cities' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Orlando', exact: true }).last()).toHaveAttribute(
      'href',
      '/locations/florida/orlando',
    );
  });

  test('Markdown pages carry Article dates', async ({ page }) => {
    await page.goto('/privacy');
    const article = (await jsonLd(page)).find((d) => d['@type'] === 'Article')!;
    expect(article.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(article.dateModified).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  test('Markdown tokens are filled from the site facts', async ({ page }) => {
    await page.goto('/careers');
    const body = await page.locator('main').textContent();
    expect(body).not.toContain('{{');
    await expect(page.locator('main a[href^="mailto:"]').first()).toBeVisible();
  });

  test('the /services page shows premium cards with custom quotes and Text Us buttons', async ({ page }) => {
    await page.goto('/services');
    const premium = page.locator('section', { has: page.getByRole('heading', { name: 'Premium services' }) });
    await expect(premium.getByText('Custom quote')).toHaveCount(4);
    const textUs = premium.getByRole('link', { name: /^Text Us/ }).first();
    await expect(textUs).toHaveAttribute('href', /^sms:\+1\d{10}\?body=.+/);
  });
});
