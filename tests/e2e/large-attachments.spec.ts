/**
 * A signed-in customer attaches a 20 MB photo to an order message and to a care-plan request:
 * each is refused with the upload's own message, and the server goes on answering. The photo
 * used to end the server process a second later (the body-rate sweep read a request whose socket
 * Node had cleared); the run's log check (scripts/server-log-check.ts) now fails on any line saying
 * a server process died or a bug was caught, so that defect fails the suite even though the
 * supervisor would replace the process.
 */
import { expect, test } from '@playwright/test';
import { customerOrders, customerSignsUp, tag } from './admin-helpers.ts';

/** 20 MB that starts like a JPEG: over the 10 MB cap for one file. */
const PHOTO = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(20 * 1024 * 1024 - 4, 7)]);

test('a 20 MB photo on a message and on a request is refused; the server keeps answering', async ({ browser }) => {
  test.slow();
  const id = tag();
  const email = `large-${id}@example.com`;
  const customer = await customerSignsUp(browser, 'Lara Large', email);
  const orderId = await customerOrders(customer.page, 'Lara Large', email, '(407) 555-0142', `Large Bakery ${id}`);

  for (const path of [`/api/account/orders/${orderId}/messages`, '/api/account/requests']) {
    const answer = await customer.page.request.post(path, {
      headers: { accept: 'application/json' },
      multipart: {
        body: 'Here is the photo of our storefront.',
        pageName: 'Home',
        file: { name: 'storefront.jpg', mimeType: 'image/jpeg', buffer: PHOTO },
      },
      failOnStatusCode: false,
    });
    expect(answer.status(), path).toBeGreaterThanOrEqual(400);
    expect(answer.status(), path).toBeLessThan(500);
  }
  const refused = await customer.page.request.post(`/api/account/orders/${orderId}/messages`, {
    headers: { accept: 'application/json' },
    multipart: { body: 'Again', file: { name: 'storefront.jpg', mimeType: 'image/jpeg', buffer: PHOTO } },
  });
  expect(refused.status()).toBe(413);
  expect(await refused.json()).toMatchObject({ error: expect.stringMatching(/10 MB/) });

  // The sweep that crashed runs every second: give it a few passes over the refused uploads.
  for (let pass = 0; pass < 4; pass += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await customer.page.request.get('/healthz')).status()).toBe(200);
  }
  await customer.page.goto(`/account/orders/${orderId}`);
  await expect(customer.page.getByRole('region', { name: 'Messages' })).toBeVisible();
  await customer.context.close();
});
