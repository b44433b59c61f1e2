import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  adminLogsIn,
  adminSignsIn,
  customerOrders,
  customerSignsUp,
  expectNoAxeViolations,
  tag,
} from './admin-helpers.ts';

/** A new customer signs up, orders the build for `businessName` and answers the intake's first step (a draft). */
async function customerStartsIntake(browser: Browser, businessName: string) {
  const email = `intake-admin-${tag()}@example.com`;
  const { context, page } = await customerSignsUp(browser, 'Wren Customer', email);
  const orderId = await customerOrders(page, 'Wren Customer', email, '(407) 555-0133', businessName);

  const intakeUrl = `/account/orders/${orderId}/intake`;
  await page.goto(intakeUrl);
  await expect(page.getByLabel('Business name')).toHaveValue(businessName);
  await page.getByLabel('Industry').fill('Pottery studio');
  await page.getByLabel('Services offered').fill('Classes\nCommissions');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=2/);
  return { context, page, email, intakeUrl };
}

/** The admin finds the intake of `businessName` in the list (state `state`) and opens it. */
async function adminOpensIntake(page: Page, businessName: string, state: 'draft' | 'submitted') {
  await page.getByLabel('State').selectOption(state);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('row').filter({ hasText: businessName }).getByRole('link', { name: businessName }).click();
  await expect(page).toHaveURL(/\/admin\/website-info\/[a-z2-9]+$/);
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
  // The list and a draft, the 404s, and reopening a submitted intake are three tests: as one, some
  // forty round trips and three axe runs, they overran 30 s on a loaded machine.
  test('a draft shows in the list, by name and by state; the admin opens it, on screen and on paper', async ({
    browser,
    page,
  }) => {
    // Some twenty round trips (the intake's first step included) and two axe runs: 66 s at a load
    // average of 22 on two cores, more than the default budget allows for.
    test.slow();
    const businessName = `Kiln Works ${tag()}`;
    const customer = await customerStartsIntake(browser, businessName);
    await customer.context.close();

    await adminSignsIn(page, '/admin/website-info');
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
    await adminOpensIntake(page, businessName, 'draft');

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
  });

  test('an unknown intake is the 404 page, not stored', async ({ page }) => {
    await adminLogsIn(page);
    for (const path of ['/admin/website-info/xyz', '/admin/website-info/abcdefghijkmnpqrstuvwxyz23']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      expect(res?.headers()['cache-control']).toContain('no-store');
      await expect(page).toHaveTitle(/404/);
    }
  });

  test('the admin reopens a submitted intake; the customer can edit it again', async ({ browser, page }) => {
    // The customer answers four of the intake's steps first: about twenty round trips, and axe.
    test.slow();
    const businessName = `Kiln Works ${tag()}`;
    const customer = await customerStartsIntake(browser, businessName);
    await customerSubmits(customer.page, customer.intakeUrl);

    await adminSignsIn(page, `/admin/website-info?q=${encodeURIComponent(businessName)}`);
    await adminOpensIntake(page, businessName, 'submitted');
    await expect(page.getByText('Submitted', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: '6. Inspiration and audience' })).toContainText('Adults in Orlando');
    await page.getByRole('button', { name: 'Reopen for the customer' }).click();
    await expect(page).toHaveURL(/\/admin\/website-info\/[a-z2-9]+$/);
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
