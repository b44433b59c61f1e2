/**
 * The owner writes invoices too: a new invoice for any customer from /admin/invoices (a refused
 * line comes back as typed), a corrected invoice replacing a voided one (linked both ways, in
 * the back office and in the customer's account), and a quote for extra revision rounds that the
 * customer accepts on their order page and that becomes an invoice. axe at 1280 and 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminSignsIn, customerOrders, customerSignsUp, expectNoAxeViolations, tag } from './admin-helpers.ts';

/** axe at the desktop width the test runs at, then at a phone's 390 px (no sideways scroll), and back. */
async function axeAtBothWidths(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

const lineGroup = (page: Page, n: number) => page.getByRole('group', { name: `Line ${n}`, exact: true });

test('the admin writes a new invoice for a customer; a refused line comes back as typed', async ({ browser, page }) => {
  test.slow();
  const id = tag();
  const email = `owner-new-${id}@example.com`;
  const customer = await customerSignsUp(browser, `Nina Newinvoice ${id}`, email);

  await adminSignsIn(page, '/admin/invoices');
  await page.getByRole('link', { name: 'New invoice' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New invoice' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Customer e-mail or name' }).fill(email);
  await page.getByRole('button', { name: 'Find customer' }).click();
  await axeAtBothWidths(page);
  await page.getByRole('link', { name: `Choose Nina Newinvoice ${id}` }).click();

  await lineGroup(page, 1).getByRole('textbox', { name: 'Description' }).fill('Logo refresh');
  await lineGroup(page, 1).getByRole('textbox', { name: 'Quantity' }).fill('2');
  await lineGroup(page, 1).getByRole('textbox', { name: 'Unit price (USD)' }).fill('149.99');
  await lineGroup(page, 2).getByRole('textbox', { name: 'Description' }).fill('Hosting set-up');
  await lineGroup(page, 2).getByRole('textbox', { name: 'Quantity' }).fill('1');
  const price2 = lineGroup(page, 2).getByRole('textbox', { name: 'Unit price (USD)' });
  await price2.fill('one hundred');
  await page.getByRole('textbox', { name: 'Note on the invoice (optional)' }).fill('Thank you for the extra work.');
  await page.getByRole('button', { name: 'Issue invoice' }).click();

  // Back with every line as typed and the field to fix.
  await expect(page.getByText('Please correct the marked fields.')).toBeVisible();
  await expect(price2).toHaveAccessibleDescription(/Enter the unit price in dollars/);
  await expect(price2).toHaveValue('one hundred');
  await expect(lineGroup(page, 1).getByRole('textbox', { name: 'Description' })).toHaveValue('Logo refresh');
  await expect(lineGroup(page, 1).getByRole('textbox', { name: 'Unit price (USD)' })).toHaveValue('149.99');
  await expect(lineGroup(page, 2).getByRole('textbox', { name: 'Description' })).toHaveValue('Hosting set-up');
  await expect(page.getByRole('textbox', { name: 'Note on the invoice (optional)' })).toHaveValue(
    'Thank you for the extra work.',
  );
  await axeAtBothWidths(page);

  await price2.fill('100');
  await page.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(page.getByText('Invoice issued and e-mailed to the customer.')).toBeVisible();
  const heading = page.getByRole('heading', { level: 1, name: /^Invoice INV-\d{4}-\d{4,}$/ });
  await expect(heading).toBeVisible();
  const number = ((await heading.textContent()) ?? '').replace('Invoice', '').trim();
  await expect(page.getByRole('main')).toContainText('Written by hand');
  await expect(page.getByRole('main')).toContainText('$399.98');

  await customer.page.goto('/account/invoices');
  await customer.page.getByRole('link', { name: number, exact: true }).click();
  await expect(customer.page.getByRole('main')).toContainText('Thank you for the extra work.');
  await customer.context.close();
});

test('a voided invoice is corrected by a new one, linked both ways for the admin and the customer', async ({
  browser,
  page,
}) => {
  test.slow();
  const id = tag();
  const email = `owner-fix-${id}@example.com`;
  const customer = await customerSignsUp(browser, 'Cal Corrected', email);
  const orderId = await customerOrders(customer.page, 'Cal Corrected', email, '(407) 555-0177', `Fix Bakery ${id}`);

  await adminSignsIn(page, `/admin/orders/${orderId}`);
  await page.getByRole('region', { name: 'Invoices' }).getByRole('link', { name: /^INV-/ }).click();
  const original = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').replace('Invoice', '').trim();
  await page.getByText('Void invoice…').click();
  await page.getByRole('textbox', { name: 'Reason (required)' }).fill('Wrong price on the build');
  await page.getByRole('button', { name: 'Void invoice' }).click();
  await expect(page.getByText('Invoice voided.')).toBeVisible();

  // The order no longer offers Mark paid: a payment is recorded against an invoice, always.
  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);
  await page.getByRole('region', { name: 'Invoices' }).getByRole('link', { name: original }).click();

  await page.getByRole('link', { name: 'Write a corrected invoice' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Write a corrected invoice' })).toBeVisible();
  await expect(page.getByRole('link', { name: `Replaces ${original}` })).toBeVisible();
  const description = lineGroup(page, 1).getByRole('textbox', { name: 'Description' });
  await expect(description).not.toHaveValue('');
  await axeAtBothWidths(page);
  await lineGroup(page, 1).getByRole('textbox', { name: 'Unit price (USD)' }).fill('3200');
  await page.getByRole('button', { name: 'Issue corrected invoice' }).click();
  await expect(page.getByText('Invoice issued and e-mailed to the customer.')).toBeVisible();
  const corrected = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').replace('Invoice', '').trim();
  expect(corrected).not.toBe(original);
  await page.getByRole('link', { name: `Replaces ${original}` }).click();
  await expect(page.getByRole('link', { name: `Replaced by ${corrected}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Write a corrected invoice' })).toHaveCount(0);
  await axeAtBothWidths(page);

  await customer.page.goto('/account/invoices');
  await customer.page.getByRole('link', { name: corrected, exact: true }).click();
  await customer.page.getByRole('link', { name: `Replaces ${original}` }).click();
  await expect(customer.page.getByRole('heading', { level: 1, name: `Invoice ${original}` })).toBeVisible();
  await expect(customer.page.getByRole('link', { name: `Replaced by ${corrected}` })).toBeVisible();
  await axeAtBothWidths(customer.page);
  await customer.context.close();
});

test('a quote for extra revision rounds, accepted on the order page, becomes an invoice', async ({ browser, page }) => {
  test.slow();
  const id = tag();
  const email = `owner-quote-${id}@example.com`;
  const customer = await customerSignsUp(browser, 'Quinn Quote', email);
  const orderId = await customerOrders(customer.page, 'Quinn Quote', email, '(407) 555-0178', `Quote Bakery ${id}`);
  const orderUrl = `/account/orders/${orderId}`;

  await adminSignsIn(page, `/admin/orders/${orderId}`);
  await page.getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByRole('heading', { name: 'Status: Paid' })).toBeVisible();
  await page.getByLabel('Preview address').fill('https://preview.example/quote-1');
  await page.getByRole('button', { name: 'Post preview' }).click();
  await expect(page.getByRole('heading', { name: 'Status: Preview ready' })).toBeVisible();

  // The customer uses the one included round.
  await customer.page.goto(orderUrl);
  const review = customer.page.getByRole('region', { name: 'Review your site' });
  await review.getByLabel('What should we change?').fill('Menu: add the catering page.');
  await review.getByRole('button', { name: 'Request changes' }).click();
  await expect(customer.page.getByText('We have your changes')).toBeVisible();

  await page.reload();
  const quotes = page.getByRole('region', { name: 'Extra revision rounds' });
  await quotes.getByRole('textbox', { name: 'Extra rounds' }).fill('2');
  await quotes.getByRole('textbox', { name: 'Price per round (USD)' }).fill('250');
  await quotes.getByRole('textbox', { name: 'Note to the customer (optional)' }).fill('Two rounds for the menu pages.');
  await quotes.getByRole('button', { name: 'Send quote' }).click();
  await expect(page.getByText('Quote sent')).toBeVisible();
  await expect(quotes).toContainText('2 extra revision rounds at $250.00 each: $500.00');
  await axeAtBothWidths(page);

  await customer.page.goto(orderUrl);
  const offer = customer.page.getByRole('region', { name: 'Quote for extra revision rounds' });
  await expect(offer).toContainText('$500.00');
  await axeAtBothWidths(customer.page);
  await offer.getByRole('button', { name: 'Accept quote' }).click();
  await expect(customer.page.getByText('You accepted the quote')).toBeVisible();
  const invoiceLink = offer.getByRole('link', { name: /^Invoice INV-\d{4}-\d{4,}$/ });
  await expect(invoiceLink).toBeVisible();
  await expect(offer.getByRole('button', { name: 'Accept quote' })).toHaveCount(0);
  await invoiceLink.click();
  await expect(customer.page.getByRole('main')).toContainText('Extra revision round for order');
  await expect(customer.page.getByRole('main')).toContainText('$500.00');
  await customer.context.close();

  await page.reload();
  await expect(quotes).toContainText('Accepted');
  await expect(quotes.getByRole('link', { name: /^Invoice INV-/ })).toBeVisible();
});
