/**
 * An image on a message: the browser says at once when a chosen file is too large or not an
 * image we take (the words the server would use, beside the field) and does not send it; without
 * JavaScript the server's refusal comes back on the same form, with the message as typed.
 */
import { expect, test } from '@playwright/test';
import { customerOrders, customerSignsUp, expectNoAxeViolations, tag } from './admin-helpers.ts';
import { UPLOADS } from '#features/intake/uploads/copy.ts';
import { MAX_FILE_BYTES } from '#features/intake/uploads/limits.ts';

/** A 1x1 PNG: the server decodes and re-encodes it like any photo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const MESSAGE = 'Here is the photo of our shop front for the home page.\nThe one on the left, please.';

async function customerWithOrder(browser: import('@playwright/test').Browser, who: string) {
  const id = tag();
  const email = `attach-${id}@example.com`;
  const customer = await customerSignsUp(browser, who, email);
  const orderId = await customerOrders(customer.page, who, email, '(407) 555-0142', `Attach Studio ${id}`);
  return { ...customer, orderId };
}

test('the browser refuses a too-large or non-image file beside the field, and sends nothing', async ({ browser }) => {
  test.slow();
  const { page, context, orderId } = await customerWithOrder(browser, 'Ivy Image');
  await page.goto(`/account/orders/${orderId}`);
  const thread = page.getByRole('region', { name: 'Messages' });
  const file = thread.getByLabel('Attach an image (optional)');
  await thread.getByLabel('Your message').fill(MESSAGE);
  const posts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));

  // A 12 MB photo: said at once, and Send sends nothing.
  await file.setInputFiles({ name: 'shop-front.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(12 * 1024 * 1024) });
  await expect(thread.getByText(UPLOADS.tooLarge, { exact: true })).toBeVisible();
  await expect(file).toHaveAccessibleDescription(new RegExp(UPLOADS.tooLarge.replace(/[.]/g, '\\.')));
  await expect(file).toHaveAttribute('aria-invalid', 'true');
  await thread.getByRole('button', { name: 'Send message' }).click();
  await expect(file).toBeFocused();
  expect(posts).toEqual([]);
  await expectNoAxeViolations(page);

  // An SVG logo: the server's words for it.
  await file.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') });
  await expect(thread.getByText(UPLOADS.svg, { exact: true })).toBeVisible();
  await expect(thread.getByText(UPLOADS.tooLarge, { exact: true })).toHaveCount(0);

  // An image we take: the message goes, with it.
  await file.setInputFiles({ name: 'shop-front.png', mimeType: 'image/png', buffer: PNG });
  await expect(thread.getByText(UPLOADS.svg, { exact: true })).toHaveCount(0);
  await expect(file).not.toHaveAttribute('aria-invalid', 'true');
  await thread.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Message sent.')).toBeVisible();
  await expect(thread.getByRole('listitem').filter({ hasText: 'The one on the left, please.' })).toBeVisible();
  await context.close();
});

test('without JavaScript, a file over 10 MB comes back on the same form: a clear message, the text as typed', async ({
  browser,
}) => {
  test.slow();
  const { context, orderId } = await customerWithOrder(browser, 'Noah Nojs');
  const plain = await browser.newContext({ javaScriptEnabled: false, storageState: await context.storageState() });
  const page = await plain.newPage();
  await page.goto(`/account/orders/${orderId}`);
  const thread = page.getByRole('region', { name: 'Messages' });
  await thread.getByLabel('Your message').fill(MESSAGE);
  // Just over the 10 MB a file may have: the server reads up to the cap and refuses it.
  await thread.getByLabel('Attach an image (optional)').setInputFiles({
    name: 'shop-front.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.alloc(MAX_FILE_BYTES + 64 * 1024),
  });
  await thread.getByRole('button', { name: 'Send message' }).click();
  await expect(page).toHaveURL(`/account/orders/${orderId}#messages`);
  const back = page.getByRole('region', { name: 'Messages' });
  await expect(back.getByLabel('Your message')).toHaveValue(MESSAGE);
  await expect(back.getByLabel('Attach an image (optional)')).toHaveAccessibleDescription(
    new RegExp(UPLOADS.tooLarge.replace(/[.]/g, '\\.')),
  );
  await expect(back.getByText('No messages yet.')).toBeVisible();
  await plain.close();
  await context.close();
});
