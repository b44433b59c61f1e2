/**
 * /checkout under the flat reading (the flat build: $250, rate limits on). The checkout limit
 * is 10 accepted posts per 10 minutes per client, and every test here comes from 127.0.0.1:
 * this file places two orders and sends one refused amount.
 */
import { createClient } from '@libsql/client';
import { expect, test, type Page } from '@playwright/test';
import { parsePaymentSchedule, scheduleSentence } from '#data/payment-schedule.ts';
import { E2E_BUILDS, FLAT_SCHEDULE } from './builds.ts';

const DB_URL = E2E_BUILDS.flat.databaseUrl;
const TERMS_LABEL = 'I agree to the Terms and Refund Policy';
/** 'A 50% deposit ($125) at order, the balance ($125) at approval.': the flat build's schedule, in the shared words. */
const SCHEDULE = scheduleSentence(parsePaymentSchedule(FLAT_SCHEDULE), 25_000)!;

const unique = (tag: string) =>
  `checkout-flat-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const checkoutForm = (page: Page) => page.locator('form', { has: page.getByRole('button', { name: 'Place Order' }) });
const summary = (page: Page) => page.getByRole('region', { name: 'Order summary' });
const field = (page: Page, name: string) => checkoutForm(page).getByRole('textbox', { name, exact: true });

const details = (email: string) => ({
  name: 'Sam Rivera',
  email,
  phone: '(407) 555-0199',
  businessName: 'Rivera Plumbing',
});

async function ordersOf(email: string) {
  const db = createClient({ url: DB_URL });
  try {
    return (await db.execute({ sql: 'SELECT id, total_cents FROM orders WHERE email = ?', args: [email] })).rows;
  } finally {
    db.close();
  }
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the $250 card has a visible Get Started link that preselects the flat site', async ({ page }) => {
    await page.goto('/pricing');
    const card = page.getByRole('article').filter({ has: page.getByText('$250', { exact: true }) });
    await expect(card).toHaveCount(1);
    const link = card.getByRole('link', { name: 'Get Started' });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', '/checkout?plan=flat-website');
    await link.click();
    await expect(page).toHaveURL('/checkout?plan=flat-website');
    await expect(summary(page)).toContainText('Professional Website');
    await expect(summary(page)).toContainText(/Total\s*\$250/);
  });
});

test('/checkout alone answers 200 with the flat site, and Total $250 comes before any other amount', async ({
  page,
  request,
}) => {
  expect((await request.get('/checkout')).status()).toBe(200);
  await page.goto('/checkout');
  await expect(summary(page)).toContainText('Professional Website');
  // The flat reading sells one thing: no monthly plan, no extra pages.
  await expect(page.getByRole('checkbox', { name: /monthly/i })).toHaveCount(0);
  await expect(page.getByRole('spinbutton')).toHaveCount(0);
  for (const scope of [page.getByRole('main'), summary(page)]) {
    const text = ((await scope.textContent()) ?? '').replace(/\s+/g, ' ');
    const at = text.search(/\$\d/);
    expect(text.slice(0, at)).toMatch(/Total\s*$/);
    expect(text.slice(at)).toMatch(/^\$250(?![\d,])/);
  }
  await expect(page.getByRole('main')).not.toContainText(/\$3,800|\$199/);
  // This build bills 50/50 (PAYMENT_SCHEDULE): the summary says so, with the amounts.
  await expect(summary(page)).toContainText(SCHEDULE);
});

test('with JavaScript an order lands on /thank-you at the flat price; invoice mode says invoice', async ({ page }) => {
  const email = unique('js');
  await page.goto('/checkout');
  await expect(page.getByRole('main')).toContainText(/invoice/i);
  await field(page, 'Name').fill(details(email).name);
  await field(page, 'Email').fill(email);
  await field(page, 'Phone').fill(details(email).phone);
  await field(page, 'Business name').fill(details(email).businessName);
  await checkoutForm(page).getByRole('checkbox', { name: TERMS_LABEL }).check();
  await checkoutForm(page).getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/thank-you(\?|$)/);
  await expect(page.getByRole('main')).toContainText(SCHEDULE);
  const orders = await ordersOf(email);
  expect(orders.map((o) => o.total_cents)).toEqual([25_000]);
});

test('a plain POST answers 303 to /thank-you; amounts are refused; cross-site posts record nothing', async ({
  page,
}) => {
  await page.goto('/checkout');
  const idempotencyKey = await checkoutForm(page).locator('input[name="idempotencyKey"]').inputValue();
  const email = unique('plain');
  const refused = await page.request.post('/api/checkout', {
    form: { idempotencyKey, ...details(email), terms: 'on', price: '1' },
    maxRedirects: 0,
  });
  expect(refused.status()).toBeGreaterThanOrEqual(400);
  expect(refused.status()).toBeLessThan(500);
  const cross = await page.request.post('/api/checkout', {
    headers: { origin: 'https://evil.example' },
    form: { idempotencyKey, ...details(email), terms: 'on' },
    maxRedirects: 0,
  });
  expect(cross.status()).toBe(403);
  expect(await ordersOf(email)).toHaveLength(0);

  const res = await page.request.post('/api/checkout', {
    form: { idempotencyKey, ...details(email), terms: 'on' },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
  expect(res.headers().location).toMatch(/^\/thank-you(\?|$)/);
  expect((await ordersOf(email)).map((o) => o.total_cents)).toEqual([25_000]);
});

test('extra pages or the monthly plan sent to the flat site are refused with their messages; nothing is recorded', async ({
  page,
}) => {
  const email = unique('extras');
  const json = await page.request.post('/api/checkout', {
    data: { ...details(email), terms: true, extraPages: 2, monthly: true },
  });
  expect(json.status()).toBe(400);
  expect(await json.json()).toMatchObject({
    fields: {
      extraPages: ['Extra pages are not offered with this plan'],
      monthly: ['The monthly plan is not offered with this plan'],
    },
  });
  await page.goto('/checkout');
  const idempotencyKey = await checkoutForm(page).locator('input[name="idempotencyKey"]').inputValue();
  const form = await page.request.post('/api/checkout', {
    form: { idempotencyKey, ...details(email), terms: 'on', monthly: 'on' },
    maxRedirects: 0,
  });
  expect(form.status()).toBe(303);
  // From /checkout a goto to /checkout#checkout-form (the outcome in a cookie) would only scroll: leave first.
  await page.goto('about:blank');
  await page.goto(form.headers().location!);
  await expect(checkoutForm(page)).toContainText('The monthly plan is not offered with this plan');
  await expect(summary(page)).toContainText(/Total\s*\$250/);
  expect(await ordersOf(email)).toHaveLength(0);
});

test('/thank-you is noindex and promises 7 business days', async ({ page }) => {
  await page.goto('/thank-you');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const main = page.getByRole('main');
  await expect(main).toContainText(/activate your account/i);
  await expect(main).toContainText(/intake/i);
  await expect(main).toContainText('7 business days');
  await expect(main).not.toContainText('7-14');
});
