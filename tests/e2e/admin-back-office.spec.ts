/**
 * The admin's back office end to end: an order's project from payment to launch (the status
 * form, a preview, a change request, approval, Mark launched; the customer's order page follows), a custom subscription offered and accepted, the
 * 404 for unknown ids, and axe on the order, subscription and custom-subscription pages.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_BUILDS } from './builds.ts';
import { adminSignsInOn } from './admin-session.ts';
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
  await adminSignsInOn(context);
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
test('the project from payment to launch: preview, changes, approval; the customer follows each step', async ({
  browser,
}) => {
  test.slow();
  const { buyer, office, page } = await orderOpenedByTheAdmin(browser);
  const orderUrl = page.url().replace(/^.*\/admin\/orders\//, '/account/orders/');
  const customerSees = async (status: string) => {
    await buyer.page.goto(orderUrl);
    await expect(buyer.page.getByRole('main')).toContainText(`Status: ${status}`);
  };
  // Paid is a payment recorded (Mark paid, the balance by default); the status form offers only
  // stages without money: design starts (the content came by e-mail).
  await expect(page.getByLabel('Status', { exact: true }).locator('option', { hasText: 'Paid' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByRole('heading', { name: 'Status: Paid' })).toBeVisible();
  await customerSees('Paid');
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'In design' });
  await page.getByRole('button', { name: 'Update status' }).click();
  await expect(page.getByRole('heading', { name: 'Status: In design' })).toBeVisible();
  await customerSees('In design');
  // Design started: nobody asks the customer for the intake any more.
  await expect(buyer.page.getByRole('link', { name: 'Complete Intake', exact: true })).toHaveCount(1);
  await expect(buyer.page.getByRole('heading', { name: 'Next step' })).toHaveCount(0);

  const postPreview = async (url: string) => {
    await page.getByLabel('Preview address').fill(url);
    await page.getByRole('button', { name: 'Post preview' }).click();
    await expect(page.getByRole('heading', { name: 'Status: Preview ready' })).toBeVisible();
  };
  await postPreview('https://preview.example/office-1');
  await customerSees('Preview ready');
  await buyer.page.getByRole('link', { name: 'Review your site' }).click();
  const review = buyer.page.getByRole('region', { name: 'Review your site' });
  await expect(review.getByRole('link', { name: /Open your preview/ })).toHaveAttribute(
    'href',
    'https://preview.example/office-1',
  );
  await expect(review).toContainText('this request is round 1 of 1');
  await expectNoAxeViolations(buyer.page);
  await review.getByLabel('What should we change?').fill('Home: a bigger logo');
  await review.getByRole('button', { name: 'Request changes' }).click();
  await expect(buyer.page.getByText('We have your changes')).toBeVisible();
  await customerSees('Changes requested');

  await page.reload();
  await expect(page.getByRole('region', { name: 'Preview and review' })).toContainText('Home: a bigger logo');
  await postPreview('https://preview.example/office-2');
  await buyer.page.goto(orderUrl);
  await expect(buyer.page.getByRole('region', { name: 'Review your site' })).toContainText('already used');
  await buyer.page.getByRole('button', { name: 'Approve for launch' }).click();
  await expect(buyer.page.getByText('You approved your site for launch')).toBeVisible();
  await customerSees('Approved');

  await page.reload();
  await expect(page.getByRole('region', { name: 'Preview and review' })).toContainText('Approved by Office Customer');
  await expectNoAxeViolations(page);
  await page.getByLabel('Live site address (optional)').fill('https://office-bakery.example');
  await page.getByRole('button', { name: 'Mark launched' }).click();
  await expect(page.getByRole('heading', { name: 'Status: Launched' })).toBeVisible();
  await customerSees('Launched');
  await expect(buyer.page.getByRole('listitem').filter({ hasText: 'Launched' }).first()).toHaveAttribute(
    'aria-current',
    'step',
  );
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Approved → Launched, by Administrator');
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
