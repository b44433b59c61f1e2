/**
 * The customer portal end to end (main build): uploads on the intake's Brand step, canceling a
 * monthly plan with notice, accepting an agency offer, downloading one's data, the shape of
 * /account and the order page, and an intake step done with the keyboard alone.
 */
import { readFile } from 'node:fs/promises';
import { createClient } from '@libsql/client';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { authForm } from './auth-form.ts';
import sharp from 'sharp';
import { E2E_BUILDS } from './builds.ts';
import { adminSignsInOn } from './admin-session.ts';

const PASSWORD = 'lantern-pelican-orbit';
const DAY_MS = 24 * 60 * 60_000;
const unique = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function signUp(page: Page, email: string) {
  await page.goto('/auth');
  const form = await authForm(page, 'Create an account');
  await form.getByLabel('Name').fill('Portal Tester');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('You are signed in as')).toBeVisible();
}

/** A signed-in customer orders the build (with the monthly plan if asked); answers the order's id. */
async function placeOrder(page: Page, { monthly = false } = {}): Promise<string> {
  await page.goto('/checkout');
  await page.getByLabel('Phone').fill('(407) 555-0199');
  await page.getByLabel('Business name').fill('Portal Bakery');
  if (monthly) await page.getByRole('checkbox', { name: /monthly/i }).check();
  await page.getByLabel('I agree to the Terms and Refund Policy').check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/thank-you/);
  await page.goto('/account');
  const href = await page.getByRole('main').getByRole('link', { name: /^ORD-/ }).first().getAttribute('href');
  const id = /\/account\/orders\/([a-z2-9]+)$/.exec(href ?? '')?.[1];
  expect(id, 'the account page links the order').toBeTruthy();
  return id!;
}

async function customer(browser: Browser, { monthly = false } = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = unique('portal');
  await signUp(page, email);
  const orderId = await placeOrder(page, { monthly });
  return { context, page, email, orderId };
}

/** The admin marks the order paid on /admin/orders/{id}, in a browser of their own. */
async function adminMarksPaid(browser: Browser, orderId: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await adminSignsInOn(context);
  await page.goto(`/admin/orders/${orderId}`);
  await page.getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByRole('heading', { name: 'Status: Paid' })).toBeVisible();
  await context.close();
}

/** The admin marks the paid order's site launched: its monthly plan starts. */
async function adminLaunches(browser: Browser, orderId: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await adminSignsInOn(context);
  await page.goto(`/admin/orders/${orderId}`);
  await page.getByRole('button', { name: 'Mark launched' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Site marked launched' })).toBeVisible();
  await context.close();
}

/** Presses Tab until `target` has the focus (at most `max` times). */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** 'December 23, 2026': a date as the portal shows it. */
const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'America/New_York' });

/** The same day next month, as billing counts it (Jan 31 → Feb 28). */
function sameDayNextMonth(date: Date): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + 1);
  d.setUTCDate(Math.min(day, new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()));
  return d;
}

const tinyPng = () =>
  sharp({ create: { width: 96, height: 64, channels: 3, background: { r: 15, g: 118, b: 110 } } })
    .png()
    .toBuffer();

test.describe('the customer portal', () => {
  test('a logo uploaded on the Brand step is listed with its thumbnail, stays after a reload, and is private', async ({
    browser,
  }) => {
    const { context, page, orderId } = await customer(browser);
    await page.goto(`/account/orders/${orderId}/intake`);
    await page.getByRole('navigation', { name: 'Intake steps' }).getByRole('link', { name: /Brand/ }).click();
    await expect(page).toHaveURL(/step=5/);
    const panel = page.getByRole('group', { name: 'Brand' });
    await expect(panel.getByRole('radio', { name: 'Logo' })).toBeChecked();
    await panel.getByLabel(/^Choose (an image|images)$/).setInputFiles({
      name: 'bakery-logo.png',
      mimeType: 'image/png',
      buffer: await tinyPng(),
    });
    // Choosing uploads it (the Upload button is for browsers without JavaScript).

    const files = page.getByRole('list', { name: 'Logo and photos' });
    const thumb = files.getByRole('img', { name: 'bakery-logo.png' });
    await expect(thumb).toBeVisible();
    await expect(files.getByRole('listitem')).toContainText(['Logo']);
    await expect(files.getByRole('button', { name: /^Remove\s+bakery-logo\.png$/ })).toBeVisible();
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    await page.reload();
    const again = page.getByRole('list', { name: 'Logo and photos' }).getByRole('img', { name: 'bakery-logo.png' });
    await expect(again).toBeVisible();
    await expect
      .poll(() => again.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const src = await again.getAttribute('src');
    expect(src).toMatch(/^\/api\/account\/intake\/files\/[a-z2-9]+\?size=thumb$/);

    const mine = await page.request.get(src!);
    expect(mine.status()).toBe(200);
    expect(mine.headers()['content-type']).toMatch(/^image\//);

    const strangerContext = await browser.newContext();
    const stranger = await strangerContext.newPage();
    await signUp(stranger, unique('stranger'));
    const theirs = await stranger.request.get(src!);
    expect(theirs.status()).toBe(404);
    await strangerContext.close();
    await context.close();
  });

  test('an active monthly plan is canceled with notice: dates first, then Canceling and its end date', async ({
    browser,
  }) => {
    const { context, page, orderId } = await customer(browser, { monthly: true });
    const subscriptions = page.getByRole('region', { name: 'Subscriptions' });
    await expect(subscriptions).toContainText('Status: Starts at launch');
    await expect(subscriptions.getByRole('link', { name: /Cancel subscription/ })).toHaveCount(0);

    // Paying the build does not start the plan; launching the site does.
    await adminMarksPaid(browser, orderId);
    await page.goto('/account');
    await expect(subscriptions).toContainText('Status: Starts at launch');
    await expect(subscriptions).toContainText('$199 per month from launch');
    await adminLaunches(browser, orderId);
    await page.goto('/account');
    await expect(subscriptions).toContainText('Status: Active');
    await subscriptions.getByRole('link', { name: /^Cancel subscription/ }).click();

    await expect(page).toHaveURL(/\/account\/subscriptions\/[a-z2-9]+\/cancel$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cancel your subscription' })).toBeVisible();
    const now = Date.now();
    const endDate = longDate(new Date(now + 30 * DAY_MS));
    const main = page.getByRole('main');
    await expect(main).toContainText(`the subscription ends on ${endDate}.`);
    // The first month was billed at launch; the next billing is a calendar month later, and
    // the last billed date is that one if it falls before the end of the notice (a 30-day month).
    const nextBilling = sameDayNextMonth(new Date(now));
    await expect(main).toContainText(
      nextBilling.getTime() <= now + 30 * DAY_MS
        ? `Your last billed date is ${longDate(nextBilling)}.`
        : 'You will not be billed again.',
    );
    await expect(main.getByRole('link', { name: 'Keep my subscription' })).toBeVisible();
    await main.getByRole('button', { name: 'Confirm cancellation' }).click();

    await expect(page).toHaveURL(/\/account#subscriptions$/);
    await expect(page.getByText('Your cancellation is confirmed.')).toBeVisible();
    await expect(subscriptions).toContainText('Status: Canceling');
    await expect(subscriptions).toContainText(`Ends on ${endDate}.`);
    await expect(subscriptions.getByRole('link', { name: /Cancel subscription/ })).toHaveCount(0);
    await context.close();
  });

  test('an agency offer is accepted from /account', async ({ browser }) => {
    const { context, page, email } = await customer(browser);
    const description = `SEO Growth Plan ${Math.random().toString(36).slice(2, 8)}`;
    const db = createClient({ url: E2E_BUILDS.main.databaseUrl });
    // The server may be writing: wait for its lock instead of failing at once (SQLITE_BUSY).
    await db.execute('PRAGMA busy_timeout = 5000');
    try {
      const [user] = (await db.execute({ sql: 'SELECT id FROM users WHERE email = ?', args: [email] })).rows;
      const id = Array.from(
        crypto.getRandomValues(new Uint8Array(26)),
        (b) => 'abcdefghjkmnpqrstuvwxyz23456789'[b % 31],
      ).join('');
      const now = Date.now();
      await db.execute({
        sql: `INSERT INTO subscriptions (id, user_id, description, price_cents, interval, status, created_by, created_at, updated_at)
              VALUES (?, ?, ?, 49900, 'month', 'pending', 'admin', ?, ?)`,
        args: [id, String(user!.id), description, now, now],
      });
    } finally {
      db.close();
    }
    await page.goto('/account');
    const offer = page
      .getByRole('region', { name: 'Subscriptions' })
      .getByRole('listitem')
      .filter({ hasText: description });
    await expect(offer).toContainText('$499 per month');
    await expect(offer).toContainText('Status: Offered to you');
    await offer.getByRole('button', { name: `Accept ${description}` }).click();
    await expect(page.getByText('Thank you! Your subscription is active')).toBeVisible();
    await expect(offer).toContainText('Status: Active');
    await expect(offer.getByRole('button', { name: /Accept/ })).toHaveCount(0);
    await expect(offer.getByRole('link', { name: /Cancel subscription/ })).toBeVisible();
    await context.close();
  });

  test('"Download my data" downloads JSON naming the order', async ({ browser }) => {
    const { context, page, email, orderId } = await customer(browser);
    await page.goto('/account/profile');
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      profile: { email: string };
      orders: { id: string; businessName: string }[];
    };
    expect(data.profile.email).toBe(email);
    expect(data.orders).toEqual([expect.objectContaining({ id: orderId, businessName: 'Portal Bakery' })]);
    await context.close();
  });

  test('/account is never cached, its parts are tabs in the main content, and the order page marks the current step', async ({
    browser,
  }) => {
    const { context, page, orderId } = await customer(browser);
    const res = await page.goto('/account');
    expect(res?.headers()['cache-control']).toBe('no-store');

    const main = page.getByRole('main');
    const tabs = main.getByRole('navigation', { name: 'My account' });
    await expect(tabs.getByRole('link')).toHaveText(['Overview', 'Invoices', 'Requests', 'Profile']);
    await expect(tabs.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    // On a phone the four tabs are one row that needs no sideways scrolling (Chromium's wide face here).
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await tabs.evaluate((nav) => nav.scrollWidth <= nav.clientWidth)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const name of ['Orders', 'Website Info', 'Subscriptions']) {
      await expect(main.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    }
    // None of them is the header's or the footer's.
    for (const landmark of [page.getByRole('banner'), page.getByRole('contentinfo')]) {
      await expect(
        landmark.getByRole('heading', { name: /^(Orders|Website Info|Subscriptions|Profile)$/ }),
      ).toHaveCount(0);
    }
    // Each tab is a page of its own, marked as the current one there.
    for (const [name, path, heading] of [
      ['Profile', '/account/profile', 'Profile'],
      ['Invoices', '/account/invoices', null],
      ['Requests', '/account/requests', null],
    ] as const) {
      await main.getByRole('navigation', { name: 'My account' }).getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(
        page.getByRole('main').getByRole('navigation', { name: 'My account' }).getByRole('link', { name }),
      ).toHaveAttribute('aria-current', 'page');
      if (heading) await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
    }
    await page.goto('/account');

    const orders = page.getByRole('region', { name: 'Orders' });
    const item = orders.getByRole('listitem').filter({ has: page.getByRole('link', { name: /^ORD-/ }) });
    await expect(item).toContainText('Status: Pending payment');

    await page.goto(`/account/orders/${orderId}`);
    await expect(page.getByText('Status: Pending payment')).toBeVisible();
    // The project's first step: placed, waiting for payment.
    await expect(page.locator('[aria-current="step"]')).toHaveText(/^\s*Current:\s*Placed\s*$/);

    await adminMarksPaid(browser, orderId);
    await page.goto('/account');
    await expect(item).toContainText('Status: Paid');
    await item.getByRole('link', { name: /^ORD-/ }).click();
    await expect(page).toHaveURL(`/account/orders/${orderId}`);
    await expect(page.getByText('Status: Paid')).toBeVisible();
    const current = page.getByRole('main').getByRole('listitem').and(page.locator('[aria-current="step"]'));
    await expect(current).toHaveCount(1);
    await expect(current).toHaveText(/^\s*Current:\s*Paid\s*$/);
    await context.close();
  });

  test('an intake step is completed with the keyboard alone', async ({ browser }) => {
    const { context, page, orderId } = await customer(browser);
    await page.goto(`/account/orders/${orderId}/intake?step=1`);
    const industry = page.getByRole('textbox', { name: 'Industry' });
    const services = page.getByRole('textbox', { name: 'Services offered' });

    await tabTo(page, industry);
    await page.keyboard.type('Bakery');
    await page.keyboard.press('Tab');
    await expect(services).toBeFocused();
    await page.keyboard.type('Wedding cakes');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Bread');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Save draft' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Next' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/step=2/);

    const phone = page.getByRole('textbox', { name: 'Phone to show' });
    await tabTo(page, phone);
    await page.keyboard.type('(407) 555-0123');
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/step=3/);

    await page.goto(`/account/orders/${orderId}/intake?step=1`);
    await expect(industry).toHaveValue('Bakery');
    await expect(services).toHaveValue('Wedding cakes\nBread');
    await page.goto(`/account/orders/${orderId}/intake?step=2`);
    await expect(phone).toHaveValue('(407) 555-0123');
    await context.close();
  });
});
