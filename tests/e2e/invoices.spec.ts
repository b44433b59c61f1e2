/**
 * Invoices as a customer meets them: invoice mode issues the build's invoice with the order;
 * /thank-you and the order page link it; /account/invoices lists it; one invoice is a printable
 * page and a PDF; nobody else can open either. axe (WCAG 2.2 AA) on both page types.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { authForm } from './auth-form.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PASSWORD = 'lantern-pelican-orbit';
const INVOICE_NUMBER = /^INV-\d{4}-\d{4,}$/;
const unique = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function expectNoViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(
    results.violations.map((v) => `${label} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

async function signedIn(browser: Browser, tag: string) {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto('/auth');
  const form = await authForm(page, 'Create an account');
  await form.getByLabel('Name').fill('Ivy Invoice');
  await form.getByLabel('Email').fill(unique(tag));
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('You are signed in as')).toBeVisible();
  return { context, page };
}

test('an invoice-mode order comes with its invoice: linked, listed, printable, a PDF, and private', async ({
  browser,
}) => {
  test.slow();
  const { context, page } = await signedIn(browser, 'invoice-buyer');
  await page.goto('/checkout');
  await page.getByLabel('Phone').fill('(407) 555-0142');
  await page.getByLabel('Business name').fill('Ledger Bakery');
  await page.getByLabel('I agree to the Terms and Refund Policy').check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/thank-you/);

  const view = page.getByRole('link', { name: /^View invoice INV-/ });
  await expect(view).toBeVisible();
  const number = ((await view.textContent()) ?? '').replace('View invoice ', '').trim();
  expect(number).toMatch(INVOICE_NUMBER);
  await view.click();

  await expect(page.getByRole('heading', { level: 1, name: `Invoice ${number}` })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('Ledger Bakery');
  await expect(main).toContainText('$3,800.00');
  await expect(main.locator('[data-invoice-status]')).toHaveText('Open');
  await expectNoViolations(page, 'invoice page');
  const invoiceUrl = new URL(page.url()).pathname;

  const pdfHref = await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
  expect(pdfHref).toBe(`${invoiceUrl}.pdf`);
  const pdf = await page.request.get(pdfHref!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await page.getByRole('link', { name: 'All invoices' }).click();
  await expect(page).toHaveURL('/account/invoices');
  await page.goto('/account');
  await page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'Invoices' }).click();
  await expect(page).toHaveURL('/account/invoices');
  const row = page.getByRole('row', { name: new RegExp(number) });
  await expect(row).toContainText('$3,800.00');
  await expect(row).toContainText('Open');
  await expectNoViolations(page, 'invoice list');

  await page.goto('/account');
  await page.getByRole('main').getByRole('link', { name: /^ORD-/ }).first().click();
  await expect(page.getByRole('link', { name: number, exact: true })).toHaveAttribute('href', invoiceUrl);

  // Another customer: the 404 page for the invoice and for its PDF.
  const other = await signedIn(browser, 'invoice-stranger');
  expect((await other.page.request.get(invoiceUrl)).status()).toBe(404);
  expect((await other.page.request.get(`${invoiceUrl}.pdf`)).status()).toBe(404);
  await other.page.goto('/account/invoices');
  await expect(other.page.getByText('No invoices yet.')).toBeVisible();
  await expect(other.page.getByRole('main')).not.toContainText(number);
  await Promise.all([context.close(), other.context.close()]);
});
