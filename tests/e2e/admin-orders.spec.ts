import { expect, test } from '@playwright/test';
import {
  tag,
  expectNoAxeViolations,
  adminLogsIn,
  adminSignsIn,
  visitorOrders,
  CUSTOMER_PASSWORD,
} from './admin-helpers.ts';

test.describe('admin orders', () => {
  // Finding and opening an order, and marking it paid, are two tests: as one, three axe runs and a
  // dozen round trips overran 30 s on a loaded machine.
  test('a visitor orders; the admin finds it on /admin and opens it', async ({ browser, page }) => {
    const id = tag();
    const email = `buyer-${id}@example.com`;
    const businessName = `Harbor Bakery ${id}`;
    await visitorOrders(browser, email, businessName);

    await adminSignsIn(page);
    const orders = page.getByRole('region', { name: 'Latest orders' });
    const row = orders.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText(businessName);
    await expect(row).toContainText('$3,800');
    await expect(row).toContainText('Pending payment');
    await expectNoAxeViolations(page);
    await row.getByRole('link', { name: /^ORD-/ }).click();

    await expect(page).toHaveURL(/\/admin\/orders\/[a-z2-9]+$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Order ORD-/ })).toBeVisible();
    const details = page.getByRole('region', { name: 'Customer and payment' });
    await expect(details).toContainText(email);
    await expect(details).toContainText(businessName);
    await expect(details).toContainText('Olive Orderer');
    await expect(details).toContainText('(407) 555-0142');
    await expect(page.getByRole('complementary', { name: 'Items' })).toContainText('$3,800');
    await expect(page.getByRole('heading', { name: 'Status: Pending payment' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'History' })).toContainText('Pending payment, by System');
    await expectNoAxeViolations(page);
  });

  test('the admin marks an order paid; its next steps and the overview follow', async ({ browser, page }) => {
    const id = tag();
    const email = `paid-${id}@example.com`;
    const orderId = await visitorOrders(browser, email, `Harbor Bakery ${id}`);
    await adminSignsIn(page, `/admin/orders/${orderId}`);

    await page.getByRole('button', { name: 'Mark paid' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
    await expect(page.getByRole('status').filter({ hasText: 'Status changed.' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Status: Paid' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'History' })).toContainText(
      'Pending payment → Paid, by Administrator (Invoice paid)',
    );
    await expectNoAxeViolations(page);

    // The status form offers the build's next steps (cancel and refund have confirmed forms of
    // their own), and the overview shows the new status.
    await expect(page.getByLabel('Status', { exact: true }).locator('option')).toHaveText([
      'Intake received',
      'In design',
    ]);
    await page.getByText('Cancel order…').click();
    // What happens to the money and the plan, in sentences (it once read 'Canceled . This'): a
    // paid order's invoice stays Paid; a plan ends now, the 30-day notice being the customer's.
    await expect(
      page.getByText(
        'The order moves to Canceled. The paid invoice stays Paid and no money is returned: to give money back, refund the order instead. This cannot be undone.',
      ),
    ).toBeVisible();
    await expect(page.getByText('Refund order…')).toBeVisible();
    await page.goto('/admin');
    await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Paid');
  });

  test('an unknown order is the 404 page, with status 404', async ({ page }) => {
    await adminLogsIn(page);
    for (const path of ['/admin/orders/xyz', '/admin/orders/abcdefghijkmnpqrstuvwxyz23']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: '404 - Page Not Found' })).toBeVisible();
    }
  });

  test('a customer cannot mark an order paid', async ({ page }) => {
    const registered = await page.request.post('/api/register', {
      data: { name: 'Not Admin', email: `customer-${tag()}@example.com`, password: CUSTOMER_PASSWORD },
    });
    expect(registered.ok(), 'the customer signs up').toBe(true);
    await page.goto('/account');
    // From the customer's own signed-in page, as a script on it would.
    const answer = await page.evaluate(async () => {
      const res = await fetch('/api/admin/orders/abcdefghijkmnpqrstuvwxyz23/mark-paid', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return { status: res.status, body: (await res.json()) as unknown };
    });
    expect(answer).toEqual({ status: 403, body: { error: expect.any(String) } });
  });
});
