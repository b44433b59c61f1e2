import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { TEST_ADMIN } from './builds.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PASSWORD = 'lantern-pelican-orbit';
const tag = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function adminSignsIn(page: Page) {
  await page.goto('/auth?next=/admin');
  const login = page.locator('section', { has: page.getByRole('heading', { name: 'Log in', exact: true }) });
  await login.getByLabel('Email').fill(TEST_ADMIN.email);
  await login.getByLabel('Password').fill(TEST_ADMIN.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/admin');
}

/** A new customer signs up, orders the build for `businessName` and answers the intake's first step (a draft). */
async function customerStartsIntake(browser: Browser, businessName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = `intake-admin-${tag()}@example.com`;
  await page.goto('/auth');
  const form = page.locator('section', { has: page.getByRole('heading', { name: 'Create an account' }) });
  await form.getByLabel('Name').fill('Wren Customer');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('You are signed in as')).toBeVisible();

  await page.goto('/checkout');
  await page.getByLabel('Phone').fill('(407) 555-0133');
  await page.getByLabel('Business name').fill(businessName);
  await page.getByLabel('I agree to the Terms and Refund Policy').check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/thank-you/);
  await page.goto('/account');
  const href = await page.getByRole('link', { name: /ORD-/ }).first().getAttribute('href');
  const orderId = /\/account\/orders\/([a-z2-9]+)/.exec(href ?? '')?.[1];
  expect(orderId, 'the account page links the order').toBeTruthy();

  const intakeUrl = `/account/orders/${orderId}/intake`;
  await page.goto(intakeUrl);
  await expect(page.getByLabel('Business name')).toHaveValue(businessName);
  await page.getByLabel('Industry').fill('Pottery studio');
  await page.getByLabel('Services offered').fill('Classes\nCommissions');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=2/);
  return { context, page, email, intakeUrl };
}

/** The customer answers the rest of what submitting needs and submits. */
async function customerSubmits(page: Page, intakeUrl: string) {
  await page.goto(`${intakeUrl}?step=4`);
  await page.getByLabel('Pages wanted').fill('Home, Classes, Contact');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=5/);
  await page.goto(`${intakeUrl}?step=6`);
  await page.getByLabel('Target audience').fill('Adults in Orlando');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=7/);
  await page.getByRole('button', { name: 'Submit intake' }).click();
  await expect(page.getByText('Your intake is submitted')).toBeVisible();
}

test.describe('admin website info', () => {
  test('a draft shows in the list; the admin opens it, and reopens it once submitted', async ({ browser, page }) => {
    const businessName = `Kiln Works ${tag()}`;
    const customer = await customerStartsIntake(browser, businessName);

    await adminSignsIn(page);
    await page.goto('/admin/website-info');
    await expect(page.getByRole('heading', { level: 1, name: 'Website intake' })).toBeVisible();
    await page.getByLabel('Business name or e-mail').fill(businessName);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\?q=/);
    const row = page.getByRole('row').filter({ hasText: businessName });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(customer.email);
    await expect(row).toContainText('Draft');
    await expect(row.getByRole('link', { name: /^ORD-/ })).toHaveAttribute('href', /^\/admin\/orders\/[a-z2-9]+$/);
    await expectNoAxeViolations(page);

    // The state filter: a draft is not among the submitted ones.
    await page.getByLabel('State').selectOption('submitted');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('row').filter({ hasText: businessName })).toHaveCount(0);
    await page.getByLabel('State').selectOption('draft');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('row').filter({ hasText: businessName }).getByRole('link', { name: businessName }).click();

    await expect(page).toHaveURL(/\/admin\/website-info\/[a-z2-9]+$/);
    const detailUrl = page.url();
    await expect(page.getByRole('heading', { level: 2, name: businessName })).toBeVisible();
    const business = page.getByRole('region', { name: '1. Your business' });
    await expect(business).toContainText('Pottery studio');
    await expect(business).toContainText('Classes\nCommissions');
    await expect(page.getByRole('region', { name: '4. Pages' })).toContainText('Not answered');
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    // A draft is already open for the customer: nothing to reopen.
    await expect(page.getByRole('button', { name: 'Reopen for the customer' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // On paper: no menus or buttons, the answers and the order's address written out.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(business).toContainText('Pottery studio');
    const contact = page.getByRole('region', { name: '2. Contact details for the site' });
    expect(await contact.evaluate((e) => getComputedStyle(e).breakBefore)).toBe('page');
    expect(await business.evaluate((e) => getComputedStyle(e).breakBefore)).not.toBe('page');
    const orderLink = page.getByRole('link', { name: /^ORD-/ });
    expect(await orderLink.evaluate((e) => getComputedStyle(e, '::after').content)).toMatch(
      /^" \(http:\/\/127\.0\.0\.1:\d+\/admin\/orders\/[a-z2-9]+\)"$/,
    );
    await page.emulateMedia({ media: 'screen' });

    for (const path of ['/admin/website-info/xyz', '/admin/website-info/abcdefghijkmnpqrstuvwxyz23']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      expect(res?.headers()['cache-control']).toContain('no-store');
      await expect(page).toHaveTitle(/404/);
    }

    await customerSubmits(customer.page, customer.intakeUrl);

    await page.goto(detailUrl);
    await expect(page.getByText('Submitted', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: '6. Inspiration and audience' })).toContainText('Adults in Orlando');
    await page.getByRole('button', { name: 'Reopen for the customer' }).click();
    await expect(page).toHaveURL(/\?notice=reopened$/);
    await expect(page.getByRole('status').filter({ hasText: 'The intake is open again' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reopen for the customer' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The customer can edit again.
    await customer.page.goto(`${customer.intakeUrl}?step=1`);
    await expect(customer.page.getByLabel('Industry')).toHaveValue('Pottery studio');
    await expect(customer.page.getByLabel('Industry')).toBeEditable();
    await expect(customer.page.getByRole('button', { name: 'Save draft' }).first()).toBeVisible();
    await customer.context.close();
  });

  test('a customer cannot open the admin intake pages or reopen an intake', async ({ browser }) => {
    const { context, page } = await customerStartsIntake(browser, `Guard Pottery ${tag()}`);
    await page.goto('/admin/website-info');
    await expect(page).not.toHaveURL(/\/admin\/website-info/);
    const res = await page.request.post('/api/admin/website-info/abcdefghijkmnpqrstuvwxyz23/reopen', {
      headers: { 'content-type': 'application/json' },
      data: {},
    });
    expect(res.status()).toBe(403);
    expect(await res.json()).toEqual({ error: expect.any(String) });
    await context.close();
  });
});
