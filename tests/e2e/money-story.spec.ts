/**
 * The money story of issue 37, its third project (the 50/50 schedule and the cancel midway are
 * money-story.flat.spec.ts: the flat build bills on a schedule, and sells no monthly plan). Here,
 * billed in full (this build's default): the build and its monthly plan are paid, the site launched
 * (the plan starts), then the order is refunded: the invoice stays Paid, a credit note returns
 * what was paid, and the plan ends at once, billed no further.
 */
import { expect, test } from '@playwright/test';
import { adminSignsIn, customerSignsUp, expectNoAxeViolations, tag } from './admin-helpers.ts';

test('refunded after launch: a credit note for the build, the monthly plan ended', async ({ browser, page: admin }) => {
  test.slow();
  const id = tag();
  const email = `money-refund-${id}@example.com`;
  const customer = await customerSignsUp(browser, 'Rhea Refund', email);
  const placed = await customer.page.request.post('/api/checkout', {
    data: {
      name: 'Rhea Refund',
      email,
      phone: '(407) 555-0162',
      businessName: `Refund Florist ${id}`,
      monthly: true,
      terms: true,
    },
  });
  expect(placed.status(), 'the order is placed').toBe(201);
  const { orderId } = (await placed.json()) as { orderId: string };

  await adminSignsIn(admin, `/admin/orders/${orderId}`);
  await admin.getByRole('button', { name: 'Mark paid' }).click();
  await expect(admin.getByRole('heading', { name: 'Status: Paid' })).toBeVisible();
  await admin.getByLabel('Live site address (optional)').fill(`https://refund-${id}.example`);
  await admin.getByRole('button', { name: 'Mark launched' }).click();
  await expect(admin.getByRole('heading', { name: 'Status: Launched' })).toBeVisible();
  const plan = admin.locator('[data-subscription]');
  await expect(plan).toContainText('Active');

  await admin.getByText('Refund order…').click();
  await admin.getByRole('button', { name: 'Confirm refund' }).click();
  await expect(admin.getByRole('heading', { name: 'Status: Refunded' })).toBeVisible();
  const invoices = admin.getByRole('region', { name: 'Invoices' });
  await expect(invoices.getByRole('link', { name: /^Credit note CN-\d{4}-\d{4,}$/ })).toHaveCount(1);
  await expect(invoices.getByRole('listitem').filter({ hasText: /^INV-/ }).filter({ hasText: 'Open' })).toHaveCount(0);
  // The plan ended with the order: nothing more is billed.
  await expect(plan).toContainText('Canceled');
  await expectNoAxeViolations(admin);

  await customer.page.goto('/account/invoices');
  await expect(customer.page.getByRole('row').filter({ hasText: /CN-/ })).toContainText('Credit note');
  await expect(customer.page.getByRole('row').filter({ hasText: /INV-/ }).filter({ hasText: 'Open' })).toHaveCount(0);
  await customer.context.close();
});
