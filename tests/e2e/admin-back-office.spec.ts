/**
 * The admin's back office end to end: an order moved through every status with the 'Status'
 * select (the customer's /account follows), a custom subscription offered and accepted, the
 * 404 for unknown ids, and axe on the order, subscription and custom-subscription pages.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_BUILDS, TEST_ADMIN } from './builds.ts';
import { customerOrders, customerSignsUp, expectNoAxeViolations } from './admin-helpers.ts';
import { installMailCapture, linkIn } from './mail-capture.ts';

const unique = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** A customer signs up in a browser of their own. */
const customer = (browser: Browser) => customerSignsUp(browser, 'Office Customer', unique('office'));

// Offers reach an account through its address: the customer proves it from the mailed link first.
test.beforeAll(() => installMailCapture(E2E_BUILDS.main.databaseUrl));

/** The customer opens the verification link mailed at sign-up and presses its button. */
async function verifyAddress(buyer: { page: Page; email: string }) {
  await buyer.page.goto(
    await linkIn(E2E_BUILDS.main.databaseUrl, buyer.email, 'account-verify-email', '/verify-email'),
  );
  await buyer.page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(buyer.page.getByText('Your email address is confirmed')).toBeVisible();
}

async function admin(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const login = await page.request.post('/api/login', { data: TEST_ADMIN });
  expect(login.ok(), 'the admin signs in').toBe(true);
  return { context, page };
}

/** A customer with an account orders the build for Back Office Bakery; the admin opens the order. */
async function orderOpenedByTheAdmin(browser: Browser) {
  const buyer = await customer(browser);
  const orderId = await customerOrders(
    buyer.page,
    'Office Customer',
    buyer.email,
    '(407) 555-0199',
    'Back Office Bakery',
  );
  const office = await admin(browser);
  await office.page.goto(`/admin/orders/${orderId}`);
  await expect(office.page.getByRole('heading', { name: 'Status: Pending payment' })).toBeVisible();
  return { buyer, office, page: office.page };
}

// One order's walk through every status, and its page with a note, are two tests: each is a
// dozen round trips, which on a loaded machine take seconds each.
test('the admin moves an order through every status; the customer sees each one', async ({ browser }) => {
  const { buyer, office, page } = await orderOpenedByTheAdmin(browser);
  for (const status of ['Paid', 'Intake received', 'In progress', 'In review', 'Delivered']) {
    await page.getByLabel('Status', { exact: true }).selectOption({ label: status });
    await page.getByRole('button', { name: 'Update status' }).click();
    await expect(page.getByRole('heading', { name: `Status: ${status}` })).toBeVisible();
    await buyer.page.goto('/account');
    await expect(buyer.page.getByRole('main')).toContainText(`Status: ${status}`);
  }
  await expect(page.getByRole('region', { name: 'History' })).toContainText('In review → Delivered, by Administrator');
  await Promise.all([buyer.context.close(), office.context.close()]);
});

test("the order's page shows its customer and items, and lists an internal note; axe-clean", async ({ browser }) => {
  const { buyer, office, page } = await orderOpenedByTheAdmin(browser);
  await expect(page.getByRole('region', { name: 'Customer and payment' })).toContainText(buyer.email);
  await expect(page.getByRole('region', { name: 'Customer and payment' })).toContainText('Back Office Bakery');
  await expect(page.getByRole('complementary', { name: 'Items' })).toContainText('$3,800');
  await expectNoAxeViolations(page);

  // An internal note, newest first, and the page stays accessible with the notes listed.
  await page.getByLabel('New note').fill('Delivered on a call with the owner');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('region', { name: 'Internal notes' })).toContainText(
    'Delivered on a call with the owner',
  );
  await expectNoAxeViolations(page);
  await Promise.all([buyer.context.close(), office.context.close()]);
});

test('a custom subscription at $87.65 per month is offered, shown and accepted', async ({ browser }) => {
  // One more page than before: the customer confirms the address the offer is sent to.
  test.slow();
  const buyer = await customer(browser);
  await verifyAddress(buyer);
  const office = await admin(browser);
  const page = office.page;
  const description = `Local SEO care ${Math.random().toString(36).slice(2, 8)}`;
  await page.goto('/admin/custom-subscription');
  await expectNoAxeViolations(page);
  await page.getByLabel('Customer email').fill(buyer.email);
  await page.getByLabel('Description').fill(description);
  await page.getByLabel('Price').fill('87.65');
  await page.getByLabel('Interval').selectOption('month');
  await page.getByRole('button', { name: 'Create subscription' }).click();
  await expect(page).toHaveURL(/\/admin\/subscriptions\/[a-z2-9]+$/);
  await expect(page.getByRole('status').filter({ hasText: 'Subscription offered.' })).toBeVisible();
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details).toContainText(description);
  await expect(details).toContainText('$87.65 per month');
  await expect(page.getByRole('region', { name: 'History' })).toContainText('subscription.create');
  await expectNoAxeViolations(page);

  await buyer.page.goto('/account');
  const card = buyer.page
    .getByRole('region', { name: 'Subscriptions' })
    .getByRole('listitem')
    .filter({ hasText: description });
  await expect(card).toContainText('$87.65');
  await expect(card).toContainText('month');
  await card.getByRole('button', { name: `Accept ${description}` }).click();
  await expect(buyer.page.getByText('Thank you! Your subscription is active')).toBeVisible();
  await expect(card).toContainText('Status: Active');
  await Promise.all([buyer.context.close(), office.context.close()]);
});

test('unknown subscriptions and orders are the 404 page, with status 404', async ({ browser }) => {
  const office = await admin(browser);
  for (const path of [
    '/admin/subscriptions/xyz',
    '/admin/subscriptions/abcdefghijkmnpqrstuvwxyz23',
    '/admin/orders/xyz',
  ]) {
    const res = await office.page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(office.page.getByRole('heading', { level: 1, name: '404 - Page Not Found' })).toBeVisible();
  }
  await office.context.close();
});
