/**
 * The admin's invoices: found in /admin/invoices, opened, marked paid (the order follows), voided
 * with a reason, sent again; linked from the order page and the dashboard. Every page is checked
 * with axe.
 */
import { createClient } from '@libsql/client';
import { expect, test, type Browser } from '@playwright/test';
import { adminLogsIn, adminSignsIn, expectNoAxeViolations, tag, visitorOrders } from './admin-helpers.ts';
import { E2E_BUILDS } from './builds.ts';

const DAY_MS = 24 * 60 * 60_000;

/**
 * A visitor's invoiced order and the build invoice checkout issued with it, moved back
 * `issuedDaysAgo` days (issued and due dates) when a test needs one that is overdue.
 */
async function invoicedOrder(browser: Browser, email: string, businessName: string, issuedDaysAgo = 0) {
  const orderId = await visitorOrders(browser, email, businessName);
  const db = createClient({ url: E2E_BUILDS.main.databaseUrl });
  // The server may be writing: wait for its lock instead of failing at once (SQLITE_BUSY).
  await db.execute('PRAGMA busy_timeout = 5000');
  try {
    if (issuedDaysAgo > 0) {
      const issued = Date.now() - issuedDaysAgo * DAY_MS;
      await db.execute({
        sql: `UPDATE invoices SET issued_at = ?, due_at = ? WHERE order_id = ? AND purpose = 'build'`,
        args: [issued, issued + 14 * DAY_MS, orderId],
      });
    }
    const [row] = (
      await db.execute({
        sql: `SELECT id, number FROM invoices WHERE order_id = ? AND purpose = 'build' AND status <> 'void'`,
        args: [orderId],
      })
    ).rows;
    if (!row) throw new Error(`checkout issued no invoice for order ${orderId}`);
    return { orderId, invoiceId: String(row.id), number: String(row.number) };
  } finally {
    db.close();
  }
}

test.describe('admin invoices', () => {
  // Finding an invoice and paying it are two tests: as one, three axe runs and a dozen round
  // trips came near the time limit on a loaded machine.
  test('the admin finds an invoice by e-mail and opens it', async ({ browser, page }) => {
    const id = tag();
    const email = `invoice-${id}@example.com`;
    const business = `Harbor Bakery ${id}`;
    const { number } = await invoicedOrder(browser, email, business);

    await adminSignsIn(page, '/admin/invoices');
    await page.getByLabel('Number, or start of e-mail or business name').fill(email);
    await page.getByRole('button', { name: 'Apply' }).click();
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(business);
    await expect(row).toContainText('Open');
    await expectNoAxeViolations(page);
    await row.getByRole('link', { name: number, exact: true }).click();

    await expect(page.getByRole('heading', { level: 1, name: `Invoice ${number}` })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Status: Open' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the admin marks an invoice paid; the order moves to paid and links it', async ({ browser, page }) => {
    const id = tag();
    const { orderId, invoiceId, number } = await invoicedOrder(browser, `paid-${id}@example.com`, `Paid Bakery ${id}`);
    await adminSignsIn(page, `/admin/invoices/${invoiceId}`);
    const form = page.getByRole('region', { name: 'Record a payment' });
    await form.getByLabel('Amount received (USD)').fill('0');
    await form.getByRole('button', { name: 'Mark paid' }).click();
    // Refused, nothing changed: the field says why.
    await expect(page.getByText(/Enter the amount received in dollars/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Status: Open' })).toBeVisible();

    // $1.00 of $3,800.00 is a part payment: Partly paid, the balance shown and offered next.
    await form.getByLabel('Amount received (USD)').fill('1.00');
    await form.getByLabel('Method').selectOption({ label: 'Check' });
    await form.getByRole('button', { name: 'Mark paid' }).click();
    await expect(page.getByRole('heading', { name: 'Status: Partly paid' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('$3,799.00');
    // The lines keep the total, then what was paid and the balance due (one helper, as every document).
    await expect(page.getByRole('row', { name: 'Total $3,800.00' })).toBeVisible();
    await expect(page.getByRole('row', { name: 'Paid so far $1.00' })).toBeVisible();
    await expect(page.getByRole('row', { name: 'Balance due $3,799.00' })).toBeVisible();
    await expect(form.getByLabel('Amount received (USD)')).toHaveValue('3799.00');
    // More than the balance is refused on the same form, what was typed kept.
    await form.getByLabel('Amount received (USD)').fill('3800.00');
    await form.getByRole('button', { name: 'Mark paid' }).click();
    await expect(page.getByText('That is more than the balance due.').first()).toBeVisible();
    await expect(form.getByLabel('Amount received (USD)')).toHaveValue('3800.00');
    await expect(page.getByRole('heading', { name: 'Status: Partly paid' })).toBeVisible();

    await form.getByLabel('Amount received (USD)').fill('3799.00');
    await form.getByLabel('Method').selectOption({ label: 'Check' });
    await form.getByRole('button', { name: 'Mark paid' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'the order moved to Paid' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Status: Paid' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Audit log' })).toContainText('invoice.mark-paid');
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: /^Order ORD-/ }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
    await expect(page.getByRole('heading', { name: 'Status: Paid' })).toBeVisible();
    const invoices = page.getByRole('region', { name: 'Invoices' });
    await expect(invoices).toContainText('Paid');
    await invoices.getByRole('link', { name: number, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Invoice ${number}` })).toBeVisible();
  });

  test('the admin voids an overdue invoice with a reason, and sends another again', async ({ browser, page }) => {
    const id = tag();
    const overdue = await invoicedOrder(browser, `late-${id}@example.com`, `Late Dental ${id}`, 30);
    await adminSignsIn(page, '/admin/invoices?state=overdue');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: overdue.number, exact: true }) });
    await expect(row).toContainText('Overdue');

    await page.goto(`/admin/invoices/${overdue.invoiceId}`);
    await expect(page.getByRole('heading', { name: 'Status: Overdue' })).toBeVisible();
    await page.getByText('Void invoice…').click();
    await page.getByRole('button', { name: 'Void invoice' }).click();
    await expect(page.getByText('Give the reason, 1 to 300 characters')).toBeVisible();
    await page.getByLabel('Reason (required)').fill('Wrong business name');
    await page.getByRole('button', { name: 'Void invoice' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Invoice voided.' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Status: Void' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Status: Void' })).toContainText('Wrong business name');
    await expect(page.getByRole('button', { name: 'Send again' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    const open = await invoicedOrder(browser, `again-${id}@example.com`, `Again Dental ${id}`);
    await page.goto(`/admin/invoices/${open.invoiceId}`);
    await page.getByRole('button', { name: 'Send again' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'queued to be e-mailed again' })).toBeVisible();
  });

  test('the dashboard links its open and overdue totals to the filtered list', async ({ page }) => {
    await adminSignsIn(page);
    const invoices = page.getByRole('region', { name: 'Invoices' });
    await invoices.getByRole('link', { name: 'Overdue' }).click();
    await expect(page).toHaveURL(/\/admin\/invoices\?state=overdue$/);
    await expect(page.getByLabel('State')).toHaveValue('overdue');
    await expect(
      page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Invoices' }),
    ).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(page);
  });

  test('the invoice pages are for admins only; an unknown invoice is the 404 page', async ({ page, request }) => {
    for (const path of ['/admin/invoices', '/admin/invoices/abcdefghijkmnpqrstuvwxyz23']) {
      const anonymous = await request.get(path, { maxRedirects: 0 });
      expect(anonymous.status(), path).toBe(302);
      expect(anonymous.headers()['cache-control'], path).toBe('no-store');
    }
    await adminLogsIn(page);
    for (const path of ['/admin/invoices/abcdefghijkmnpqrstuvwxyz23', '/admin/invoices/not-an-id']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: '404 - Page Not Found' })).toBeVisible();
    }
  });
});
