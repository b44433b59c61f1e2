import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { TEST_ADMIN } from './builds.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const tag = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
const LISTS = ['/admin/orders', '/admin/messages', '/admin/customers', '/admin/subscriptions', '/admin/audit'];

async function adminSignsIn(page: Page) {
  await page.goto('/auth?next=/admin');
  const login = page.locator('section', { has: page.getByRole('heading', { name: 'Log in', exact: true }) });
  await login.getByLabel('Email').fill(TEST_ADMIN.email);
  await login.getByLabel('Password').fill(TEST_ADMIN.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/admin');
}

async function visitorOrders(browser: Browser, email: string, businessName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/checkout');
  await page.getByLabel('Name', { exact: true }).fill('Lisa Lists');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Phone').fill('(407) 555-0144');
  await page.getByLabel('Business name').fill(businessName);
  await page.getByLabel('I agree to the Terms and Refund Policy').check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/thank-you/);
  await context.close();
}

test('every admin list answers, searches orders by e-mail, and is axe-clean', async ({ browser, page }) => {
  const id = tag();
  const email = `lists-${id}@example.com`;
  await visitorOrders(browser, email, `Lists Bakery ${id}`);
  await adminSignsIn(page);
  for (const path of LISTS) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    expect(res?.headers()['cache-control'], path).toContain('no-store');
    const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(results.violations.map((v) => `${path} ${v.id}`)).toEqual([]);
  }
  await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
  await expect(page.getByRole('link', { name: /ORD-/ })).toHaveCount(1);
  await expect(page.getByText(email)).toBeVisible();
});

test("'Export CSV' on /admin downloads a CSV with a header row, for admins only", async ({ page, browser }) => {
  await adminSignsIn(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).first().click(),
  ]);
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  const text = readFileSync(path, 'utf8');
  expect(text.split(/\r?\n/)[0]).toMatch(/e-?mail/i);
  const href = await page.getByRole('link', { name: 'Export CSV' }).first().getAttribute('href');
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/csv');

  // Anyone else: never CSV.
  const visitor = await browser.newContext();
  const anonymous = await visitor.request.get(href!, { maxRedirects: 0 });
  expect(anonymous.status()).toBeGreaterThanOrEqual(300);
  expect(anonymous.headers()['content-type'] ?? '').not.toContain('text/csv');
  await visitor.request.post('/api/register', {
    data: { name: 'Not Admin', email: `not-admin-${tag()}@example.com`, password: 'lantern-pelican-orbit' },
  });
  const customer = await visitor.request.get(href!, { maxRedirects: 0 });
  expect(customer.status()).toBeGreaterThanOrEqual(300);
  expect(customer.headers()['content-type'] ?? '').not.toContain('text/csv');
  await visitor.close();
});
