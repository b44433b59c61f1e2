/**
 * Care-plan requests: before the plan is active the customer sees what it includes and how to
 * add it; once the site is launched (the plan starts), they send a content update with an
 * image; the admin finds it in the queue, assigns it, moves it, replies and closes it; the
 * customer sees each step. axe (WCAG 2.2 AA) at 390 and 1280 px on each new page.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminSignsIn, customerSignsUp, expectNoAxeViolations, tag } from './admin-helpers.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function axeAtBothWidths(page: Page) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
}

test('a plan customer asks for a content update; the admin assigns, replies and closes it', async ({
  browser,
  page,
}) => {
  test.slow();
  const id = tag();
  const email = `requests-${id}@example.com`;
  const pageName = `Menu ${id}`;
  const customer = await customerSignsUp(browser, 'Rhea Request', email);
  const placed = await customer.page.request.post('/api/checkout', {
    data: {
      name: 'Rhea Request',
      email,
      phone: '(407) 555-0142',
      businessName: `Request Cafe ${id}`,
      monthly: true,
      terms: true,
    },
  });
  expect(placed.status()).toBe(201);
  const { orderId } = (await placed.json()) as { orderId: string };

  // No active plan yet: what it includes and how to add it.
  await customer.page.goto('/account');
  await customer.page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'Requests' }).click();
  await expect(customer.page).toHaveURL('/account/requests');
  await expect(
    customer.page.getByRole('heading', { name: 'Content updates come with the monthly plan' }),
  ).toBeVisible();
  await expect(customer.page.getByText('Content updates whenever you need them')).toBeVisible();
  await expect(customer.page.getByRole('link', { name: 'See the plan and add it' })).toHaveAttribute(
    'href',
    '/pricing',
  );
  await expect(customer.page.getByText('We start on a content update within 2 business days.')).toBeVisible();
  await axeAtBothWidths(customer.page);

  // The build is paid and launched: the plan starts.
  await adminSignsIn(page, `/admin/orders/${orderId}`);
  await page.getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByRole('heading', { name: 'Status: Paid' })).toBeVisible();
  await page.getByLabel('Live site address (optional)').fill('https://request-cafe.example');
  await page.getByRole('button', { name: 'Mark launched' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'the monthly plan started' })).toBeVisible();

  // The customer asks for an update, with an image.
  await customer.page.goto('/account/requests');
  await customer.page.getByLabel('Which page').fill(pageName);
  await customer.page.getByLabel('What to change').fill('New lunch prices: soup $6, salad $8.');
  await customer.page.getByLabel('Attach an image (optional)').setInputFiles({
    name: 'menu.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await customer.page.getByRole('button', { name: 'Send request' }).click();
  await expect(customer.page).toHaveURL(/\/account\/requests\/[a-z2-9]+#messages$/);
  const requestUrl = new URL(customer.page.url()).pathname;
  await expect(customer.page.getByText('Request sent.')).toBeVisible();
  await expect(customer.page.locator('[data-request-status]')).toHaveText('Open');
  await expect(customer.page.getByRole('img', { name: 'Attached image: menu.png' })).toBeVisible();
  await axeAtBothWidths(customer.page);
  await customer.page.goto('/account/requests');
  await expect(customer.page.getByRole('link', { name: pageName })).toBeVisible();
  await axeAtBothWidths(customer.page);

  // The agency's queue: filtered to Open, the request, assigned, moved, answered, closed.
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Requests' }).click();
  await expect(page).toHaveURL('/admin/requests');
  await page.getByLabel('Status').selectOption('open');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL('/admin/requests?status=open');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: pageName }) });
  await expect(row).toContainText('Open');
  await expect(row).toContainText('Rhea Request');
  await axeAtBothWidths(page);
  await row.getByRole('link', { name: pageName }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Request: ${pageName}` })).toBeVisible();
  await page.getByLabel('Team member').selectOption('Marcus Bell');
  await page.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByText('Assignment saved.')).toBeVisible();
  await page.getByLabel('Move to').selectOption('in_progress');
  await page.getByRole('button', { name: 'Save status' }).click();
  await expect(page.getByText('Status saved; the customer was e-mailed.')).toBeVisible();
  await expect(page.locator('[data-request-status]')).toHaveText('In progress');
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await conversation.getByLabel('Your message').fill('Updated: the new prices are live.');
  await conversation.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Message sent.')).toBeVisible();
  await axeAtBothWidths(page);
  await page.getByRole('button', { name: 'Close (Done)' }).click();
  await expect(page.locator('[data-request-status]')).toHaveText('Done');

  // The customer sees it done, who handled it and the reply.
  await customer.page.goto(requestUrl);
  await expect(customer.page.locator('[data-request-status]')).toHaveText('Done');
  await expect(customer.page.getByRole('main')).toContainText('Marcus Bell');
  await expect(customer.page.getByText('Updated: the new prices are live.')).toBeVisible();

  // Another customer: the 404 page.
  const stranger = await customerSignsUp(browser, 'Sam Stranger', `requests-stranger-${id}@example.com`);
  expect((await stranger.page.request.get(requestUrl)).status()).toBe(404);
  await Promise.all([customer.context.close(), stranger.context.close()]);
});
