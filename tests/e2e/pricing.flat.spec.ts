import { expect, test } from '@playwright/test';
import { parsePaymentSchedule, scheduleSentence } from '#data/payment-schedule.ts';
import { FLAT_SCHEDULE } from './builds.ts';

// This file runs against the build made with PRICING_MODEL=flat (tests/e2e/builds.ts).
const PAGES_THAT_STATE_PRICES_OR_TIMES = [
  '/',
  '/pricing',
  '/faq',
  '/how-it-works',
  '/services/website-design',
  '/about',
  '/locations/florida/orlando',
];

test('the flat reading is stated everywhere, and the custom one nowhere', async ({ request }) => {
  for (const path of PAGES_THAT_STATE_PRICES_OR_TIMES) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toMatch(/\$3,800|\$199|7-14|14-day|One round of revisions/);
  }
  const home = await (await request.get('/')).text();
  expect(home).toContain('$250');
  expect(home).toContain('Unlimited revisions');
});

test('home: trust stat, steps and plan follow the flat reading', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('list', { name: 'Why clients trust us' })).toContainText('7 Days');
  await expect(page.locator('#how-it-works')).toContainText('Website Delivery within 7 days');
  const plans = page.locator('#pricing article');
  await expect(plans).toHaveCount(1);
  await expect(plans.first()).toContainText('$250');
  // The home page's pricing is a summary: what the plan includes is on /pricing.
  await page.goto('/pricing');
  const plan = page.locator('#pricing article').first();
  await expect(plan).toContainText('Ready in 7 business days');
  await expect(plan).toContainText('No hidden fees');
  // This build bills on a 50/50 schedule (PAYMENT_SCHEDULE): the plan says so, in the shared words.
  await expect(plan).toContainText(scheduleSentence(parsePaymentSchedule(FLAT_SCHEDULE))!);
});

test('Offer structured data carries the flat price', async ({ page }) => {
  await page.goto('/pricing');
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const catalog = blocks.map((b) => JSON.parse(b)).find((d) => d['@type'] === 'OfferCatalog');
  expect(catalog.itemListElement.map((o: { price: string }) => o.price)).toEqual(['250.00']);
});

test('FAQ answers follow the flat reading', async ({ page }) => {
  await page.goto('/faq');
  await expect(page.locator('main')).toContainText('a flat $250');
  await expect(page.locator('main')).toContainText('Unlimited revisions.');
});
