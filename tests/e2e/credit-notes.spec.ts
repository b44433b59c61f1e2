/**
 * A refund is recorded as a credit note: the admin marks an invoiced order paid, refunds it, and
 * a CN-… credit note against its invoice appears on the order, in /admin/invoices (filtered by
 * kind) and in the customer's /account/invoices, as a page that says what it credits.
 */
import { expect, test } from '@playwright/test';
import { adminSignsIn, customerOrders, customerSignsUp, expectNoAxeViolations, tag } from './admin-helpers.ts';

test('a refund issues a credit note the admin and the customer both find', async ({ browser, page }) => {
  test.slow();
  const id = tag();
  const email = `credit-${id}@example.com`;
  const customer = await customerSignsUp(browser, 'Cora Credit', email);
  const orderId = await customerOrders(customer.page, 'Cora Credit', email, '(407) 555-0142', `Credit Bakery ${id}`);

  await adminSignsIn(page, `/admin/orders/${orderId}`);
  await page.getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByRole('heading', { name: 'Status: Paid' })).toBeVisible();
  const invoices = page.getByRole('region', { name: 'Invoices' });
  const invoiceNumber = ((await invoices.getByRole('link', { name: /^INV-/ }).textContent()) ?? '').trim();

  await page.getByText('Refund order…').click();
  await page.getByRole('button', { name: 'Confirm refund' }).click();
  await expect(page.getByRole('heading', { name: 'Status: Refunded' })).toBeVisible();
  const note = invoices.getByRole('link', { name: /^Credit note CN-\d{4}-\d{4,}$/ });
  await expect(note).toBeVisible();
  const noteNumber = ((await note.textContent()) ?? '').replace('Credit note', '').trim();

  await page.goto('/admin/invoices?kind=credit_note');
  await expect(page.getByLabel('Kind')).toHaveValue('credit_note');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: noteNumber, exact: true }) });
  await expect(row).toContainText('Credit note');
  await expect(page.getByRole('link', { name: invoiceNumber, exact: true })).toHaveCount(0);
  await row.getByRole('link', { name: noteNumber, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Credit note ${noteNumber}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Credits ${invoiceNumber}` })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Credit to');
  await expect(page.getByRole('main')).not.toContainText('Bill to');
  await expectNoAxeViolations(page);

  await customer.page.goto('/account/invoices');
  const mine = customer.page.getByRole('row', { name: new RegExp(noteNumber) });
  await expect(mine).toContainText('Credit note');
  await mine.getByRole('link', { name: noteNumber, exact: true }).click();
  await expect(customer.page.getByRole('heading', { level: 1, name: `Credit note ${noteNumber}` })).toBeVisible();
  const main = customer.page.getByRole('main');
  await expect(main).toContainText(`Credits ${invoiceNumber}`);
  await expect(main).toContainText('Refunded on');
  // It reads as a credit: credited, not billed, no due date, the amount as money returned.
  await expect(main).toContainText('Credit to');
  await expect(main).not.toContainText('Bill to');
  await expect(main.getByRole('term').filter({ hasText: /^Due$/ })).toHaveCount(0);
  await expect(main.getByRole('row', { name: /Total credited/ })).toContainText(/−\$[\d,]+\.\d{2}/);
  await expect(main.getByRole('button', { name: 'Pay online' })).toHaveCount(0);
  await expectNoAxeViolations(customer.page);
  await customer.context.close();
});

test('the admin credits part of a paid invoice by its form, with a reason', async ({ browser, page }) => {
  test.slow();
  const id = tag();
  const email = `part-credit-${id}@example.com`;
  const customer = await customerSignsUp(browser, 'Pat Partial', email);
  const orderId = await customerOrders(customer.page, 'Pat Partial', email, '(407) 555-0143', `Partial Bakery ${id}`);
  await customer.context.close();

  await adminSignsIn(page, `/admin/orders/${orderId}`);
  await page.getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByRole('heading', { name: 'Status: Paid' })).toBeVisible();
  await page.getByRole('region', { name: 'Invoices' }).getByRole('link', { name: /^INV-/ }).click();

  const form = page.getByRole('region', { name: 'Issue a credit note' });
  const amount = form.getByRole('textbox', { name: 'Amount to credit (USD)' });
  const reason = form.getByRole('textbox', { name: 'Reason (required)' });
  // Defaults to everything paid; more than that comes back refused, with what was typed kept.
  const paid = await amount.inputValue();
  await amount.fill((Number(paid) + 1).toFixed(2));
  await reason.fill('Blog section dropped from scope');
  await form.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(amount).toHaveAccessibleDescription(/more than can still be credited/);
  await expect(amount).toHaveValue((Number(paid) + 1).toFixed(2));
  await expect(reason).toHaveValue('Blog section dropped from scope');

  await amount.fill('500');
  await form.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(page.getByText('Credit note issued and e-mailed to the customer.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Status: Paid' })).toBeVisible();
  const listed = page.getByRole('region', { name: 'Credit notes' }).getByRole('row', { name: /CN-\d{4}-\d{4,}/ });
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('Blog section dropped from scope');
  await expect(listed).toContainText('−$500.00');
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 360, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);

  await listed.getByRole('link', { name: /^CN-/ }).click();
  await expect(page.getByRole('main')).toContainText('Blog section dropped from scope');
});
