import { expect, test } from '@playwright/test';
import { adminLogsIn, adminSignsIn, expectNoAxeViolations, tag, visitorOrders } from './admin-helpers.ts';

const LISTS = ['/admin/orders', '/admin/messages', '/admin/customers', '/admin/subscriptions', '/admin/audit'];

// A test per list: the five pages and their axe runs were one test, over 30 s on a loaded machine.
for (const path of LISTS) {
  test(`the admin list ${path} answers, not stored, and is axe-clean`, async ({ page }) => {
    await adminLogsIn(page);
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    expect(res?.headers()['cache-control'], path).toContain('no-store');
    await expectNoAxeViolations(page);
  });
}

test('the orders list searches orders by e-mail', async ({ browser, page }) => {
  const id = tag();
  const email = `lists-${id}@example.com`;
  await visitorOrders(browser, email, `Lists Bakery ${id}`);
  await adminLogsIn(page);
  await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
  await expect(page.getByRole('link', { name: /ORD-/ })).toHaveCount(1);
  await expect(page.getByText(email)).toBeVisible();
});

test('the orders search finds an order by its number, with or without ORD-, and by phone in any formatting', async ({
  browser,
  page,
}) => {
  const id = tag();
  // A phone number no other test uses, so the search by phone has one answer.
  const digits = `321${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const [area, exchange, line] = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)];
  const visitor = await browser.newContext();
  const placed = await visitor.request.post('/api/checkout', {
    data: {
      name: 'Finn Finder',
      email: `find-${id}@example.com`,
      phone: `(${area}) ${exchange}-${line}`,
      businessName: `Find Bakery ${id}`,
      terms: true,
    },
  });
  expect(placed.status()).toBe(201);
  const { orderId } = (await placed.json()) as { orderId: string };
  await visitor.close();
  const number = `ORD-${orderId.slice(0, 8).toUpperCase()}`;

  await adminSignsIn(page, '/admin/orders');
  const search = page.getByRole('searchbox', { name: 'Order number, phone, or start of e-mail or business name' });
  for (const q of [number, number.slice(4).toLowerCase(), `+1 ${area}.${exchange}.${line}`, digits]) {
    await search.fill(q);
    await search.press('Enter');
    await expect(page).toHaveURL(/\/admin\/orders\?q=/);
    await expect(search).toHaveValue(q);
    await expect(page.getByRole('link', { name: /^ORD-/ }), q).toHaveCount(1);
    await expect(page.getByRole('link', { name: number, exact: true })).toBeVisible();
  }
});

test("'Export CSV' on /admin downloads a CSV with a header row, for admins only", async ({ page, browser }) => {
  await adminSignsIn(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).first().click(),
  ]);
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  const text = readFileSync(path, 'utf8');
  expect(text.split(/\r?\n/)[0]).toMatch(/e-?mail/i);
  const href = await page.getByRole('link', { name: 'Export CSV' }).first().getAttribute('href');
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/csv');

  // Anyone else: never CSV.
  const visitor = await browser.newContext();
  const anonymous = await visitor.request.get(href!, { maxRedirects: 0 });
  expect(anonymous.status()).toBeGreaterThanOrEqual(300);
  expect(anonymous.headers()['content-type'] ?? '').not.toContain('text/csv');
  await visitor.request.post('/api/register', {
    data: { name: 'Not Admin', email: `not-admin-${tag()}@example.com`, password: 'lantern-pelican-orbit' },
  });
  const customer = await visitor.request.get(href!, { maxRedirects: 0 });
  expect(customer.status()).toBeGreaterThanOrEqual(300);
  expect(customer.headers()['content-type'] ?? '').not.toContain('text/csv');
  await visitor.close();
});

test('on a 390 px phone an admin list reads as cards, each value labelled by its column, and stays axe-clean', async ({
  browser,
  page,
}) => {
  const id = tag();
  const email = `cards-${id}@example.com`;
  await visitorOrders(browser, email, `Cards Bakery ${id}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await adminSignsIn(page, `/admin/orders?q=${encodeURIComponent(email)}`);

  const table = page.getByRole('table', { name: /orders/i });
  // Still a table for screen readers: its header cells are there, only not shown.
  await expect(table.getByRole('columnheader', { name: 'Order', exact: true })).toHaveCount(1);
  await expect(table.locator('thead')).toHaveCSS('position', 'absolute');
  const row = table.locator('tbody tr').first();
  await expect(row.getByText(email)).toBeVisible();

  const box = await row.boundingBox();
  expect(box, 'the row has a box').not.toBeNull();
  expect(box!.width).toBeLessThan(390);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Each value shows its column's name before it.
  const before = await row.locator('td').evaluateAll((cells) =>
    cells.map((cell) => {
      const { content, display } = getComputedStyle(cell, '::before');
      return { content, display };
    }),
  );
  expect(before[0]?.content).toContain('Order');
  for (const label of before) expect([label.content, label.display]).not.toContain('none');
  await expectNoAxeViolations(page);

  // From 40rem up it is a table again, scrolling sideways within its frame when too narrow.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(row).toHaveCSS('display', 'table-row');
  await expect(table.getByRole('columnheader', { name: 'Order', exact: true })).toBeVisible();
});
