/**
 * Project messages as both sides meet them: the customer writes on their order with an image,
 * the agency sees it unread on its dashboard, opens it and replies, the customer sees the reply
 * unread on /account and reads it; another customer gets the 404 page for the order and the
 * image. axe (WCAG 2.2 AA) at 390 and 1280 px on both order pages with their thread.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminSignsIn, customerOrders, customerSignsUp, expectNoAxeViolations, tag } from './admin-helpers.ts';

/** A 1x1 PNG: the server decodes and re-encodes it like any photo. */
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

test('customer and agency write to each other on an order, with an image; unread counts on both sides', async ({
  browser,
  page,
}) => {
  test.slow();
  const id = tag();
  const email = `messages-${id}@example.com`;
  const customer = await customerSignsUp(browser, 'Mia Message', email);
  const orderId = await customerOrders(customer.page, 'Mia Message', email, '(407) 555-0142', `Message Bakery ${id}`);
  const orderLabel = `Order ORD-${orderId.slice(0, 8).toUpperCase()}`;

  await customer.page.goto(`/account/orders/${orderId}`);
  const thread = customer.page.getByRole('region', { name: 'Messages' });
  await expect(thread).toContainText('No messages yet.');
  await thread.getByLabel('Your message').fill('Here is our logo for the header.');
  await thread.getByLabel('Attach an image (optional)').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await thread.getByRole('button', { name: 'Send message' }).click();
  await expect(customer.page).toHaveURL(`/account/orders/${orderId}#messages`);
  await expect(customer.page.getByText('Message sent.')).toBeVisible();
  await expect(thread.getByRole('listitem').filter({ hasText: 'Here is our logo for the header.' })).toContainText(
    'You',
  );
  const image = thread.getByRole('img', { name: 'Attached image: logo.png' });
  await expect(image).toBeVisible();
  const imageUrl = (await image.getAttribute('src')) ?? '';
  expect((await customer.page.request.get(imageUrl)).status()).toBe(200);
  await axeAtBothWidths(customer.page);

  // The agency: unread on the dashboard, read on the order's page, answered.
  await adminSignsIn(page, '/admin');
  const unread = page.getByRole('region', { name: 'Project messages' });
  await unread.getByRole('link', { name: orderLabel }).click();
  await expect(page).toHaveURL(`/admin/orders/${orderId}#messages`);
  const adminThread = page.getByRole('region', { name: 'Messages' });
  await expect(adminThread.getByRole('listitem').filter({ hasText: 'Here is our logo' })).toContainText('Mia Message');
  await adminThread.getByLabel('Your message').fill('Thanks! The header is updated on the preview.');
  await adminThread.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Message sent.')).toBeVisible();
  await axeAtBothWidths(page);
  await page.goto('/admin');
  await expect(
    page.getByRole('region', { name: 'Project messages' }).getByRole('link', { name: orderLabel }),
  ).toHaveCount(0);

  // The customer: one unread message on /account, read once opened.
  await customer.page.goto('/account');
  const notice = customer.page.getByRole('region', { name: 'You have 1 unread message from us.' });
  await notice.getByRole('link', { name: orderLabel }).click();
  await expect(
    customer.page.getByRole('region', { name: 'Messages' }).getByText('Thanks! The header is updated on the preview.'),
  ).toBeVisible();
  await customer.page.goto('/account');
  await expect(customer.page.getByText('You have 1 unread message from us.')).toHaveCount(0);

  // Another customer: the 404 page for the order and its image.
  const stranger = await customerSignsUp(browser, 'Sam Stranger', `messages-stranger-${id}@example.com`);
  expect((await stranger.page.request.get(`/account/orders/${orderId}`)).status()).toBe(404);
  expect((await stranger.page.request.get(imageUrl)).status()).toBe(404);
  await Promise.all([customer.context.close(), stranger.context.close()]);
});
