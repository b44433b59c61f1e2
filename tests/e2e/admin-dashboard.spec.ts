import { expect, test } from '@playwright/test';
import { TEST_ADMIN } from './builds.ts';
import { tag, expectNoAxeViolations, adminSignsIn, visitorOrders, CUSTOMER_PASSWORD } from './admin-helpers.ts';

const ADMIN_PAGES = ['/admin', '/admin/dashboard', '/admin/website-info', '/admin/custom-subscription'];

test.describe('admin dashboard', () => {
  // The numbers and the latest order, and the latest lead marked handled, are two tests: each
  // is a dozen round trips and two axe runs' worth of work, seconds each on a loaded machine.
  test('the admin sees the numbers and the latest order, in the admin layout, axe-clean', async ({ browser, page }) => {
    const id = tag();
    const email = `dash-${id}@example.com`;
    const businessName = `Lakeside Florist ${id}`;
    await visitorOrders(browser, email, businessName);

    await adminSignsIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    for (const name of ['Leads', 'Orders', 'Subscriptions']) {
      await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    }
    await expect(page.getByText(/^Revenue in /)).toBeVisible();
    await expect(page.getByText('MRR (monthly recurring revenue)')).toBeVisible();
    await expect(page.getByRole('img', { name: /^Orders and revenue per week, last 12 weeks/ })).toBeVisible();

    // The admin layout: its own navigation, no marketing header, footer or call buttons.
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Orders' })).not.toHaveAttribute('aria-current', /.*/);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(page.getByText(`Signed in as`)).toContainText(TEST_ADMIN.email);
    await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: 'Call or text us' })).toHaveCount(0);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();

    // The new order, newest first, linked to its page.
    const orders = page.getByRole('region', { name: 'Latest orders' });
    const row = orders.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText(businessName);
    await expect(row).toContainText('$3,800');
    await expect(row).toContainText('Pending payment');
    await expect(row.getByRole('link', { name: /^ORD-/ })).toHaveAttribute('href', /^\/admin\/orders\/[a-z2-9]+$/);

    await expectNoAxeViolations(page);
    await page.getByText('Weekly numbers as a table').click();
    await expect(page.getByRole('table', { name: /Orders and revenue per week/ })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the admin sees the latest lead and marks it handled; /admin/dashboard is the same page', async ({
    page,
    request,
  }) => {
    const id = tag();
    const marker = `Dashboard lead ${id}`;
    const posted = await request.post('/api/contact', {
      data: { name: 'Dashboard Lead', email: `lead-${id}@example.com`, message: marker },
    });
    expect(posted.ok()).toBe(true);

    await adminSignsIn(page);
    // The lead: Reply on the message's page (sent from the site), and Mark handled as a plain form post.
    const lead = page.locator('[data-contact-messages] li', { hasText: marker });
    await expect(lead.getByRole('link', { name: /^Reply/ })).toHaveAttribute(
      'href',
      /^\/admin\/messages\/[0-9a-f-]{36}#reply$/,
    );
    await lead.getByRole('button', { name: /^Mark handled/ }).click();
    await expect(page).toHaveURL('/admin#leads');
    await expect(page.getByRole('status').filter({ hasText: 'Marked handled.' })).toBeVisible();
    // The dashboard lists what waits: a handled message leaves it, and the list says it is handled.
    await expect(lead).toHaveCount(0);
    await page.goto(`/admin/messages?q=${encodeURIComponent(`lead-${id}@example.com`)}`);
    await expect(page.getByRole('row', { name: new RegExp(`lead-${id}@example\\.com`) })).toContainText('Handled');

    // /admin/dashboard is the same page.
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  test('every admin page is Cache-Control: no-store, for the admin and for the redirects', async ({
    page,
    request,
  }) => {
    for (const path of ADMIN_PAGES) {
      const anonymous = await request.get(path, { maxRedirects: 0 });
      expect(anonymous.status(), path).toBe(302);
      expect(anonymous.headers()['cache-control'], path).toBe('no-store');
    }
    await adminSignsIn(page);
    for (const path of ADMIN_PAGES) {
      const res = await page.request.get(path);
      expect(res.status(), path).toBe(200);
      expect(res.headers()['cache-control'], path).toBe('no-store');
    }
  });

  test('the search box finds an order by e-mail', async ({ browser, page }) => {
    const id = tag();
    const email = `search-${id}@example.com`;
    await visitorOrders(browser, email, `Search Bakery ${id}`);
    await adminSignsIn(page);
    const search = page.getByRole('searchbox', { name: 'Find orders by e-mail' });
    await search.fill(email);
    await search.press('Enter');
    await expect(page).toHaveURL(`/admin/orders?q=${encodeURIComponent(email)}`);
    await expect(page.getByRole('link', { name: /^ORD-/ })).toHaveCount(1);
    await expect(page.getByRole('row').filter({ hasText: email })).toContainText(`Search Bakery ${id}`);
  });

  test('a customer who opens /admin lands on the home page with a notice', async ({ page }) => {
    const registered = await page.request.post('/api/register', {
      data: { name: 'Curious Customer', email: `curious-${tag()}@example.com`, password: CUSTOMER_PASSWORD },
    });
    expect(registered.ok(), 'the customer signs up').toBe(true);

    await page.goto('/admin');
    await expect(page).toHaveURL('/#admin-only');
    await expect(page.getByRole('status').filter({ hasText: 'That page needs an admin account' })).toBeVisible();
    // Without the fragment the notice stays hidden.
    await page.goto('/');
    await expect(page.getByText('That page needs an admin account')).toBeHidden();
  });
});
