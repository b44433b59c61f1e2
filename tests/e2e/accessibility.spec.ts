import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PAGE_TYPES } from './pages.ts';
import { adminSignsInOn } from './admin-session.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test.describe('axe: WCAG 2.2 AA, zero violations', () => {
  for (const [type, path] of Object.entries(PAGE_TYPES)) {
    test(`${type} (${path})`, async ({ page }) => {
      await page.goto(path);
      const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
        [],
      );
    });
  }

  test('with the desktop menu open and the mobile menu open', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main', exact: true })
      .getByRole('button', { name: 'Top Locations' })
      .hover();
    let results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('summary', { hasText: 'Menu' }).click();
    results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});

test('a skip link moves keyboard users to the main content', async ({ page }) => {
  await page.goto('/pricing');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});

test.describe('axe on account pages', () => {
  for (const path of ['/auth', '/activate-account', '/forgot-password', '/reset-password?token=bogus']) {
    test(`${path} (signed out)`, async ({ page }) => {
      await page.goto(path);
      if (path === '/auth') await page.getByRole('heading', { name: 'Log in', exact: true }).waitFor();
      const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
        [],
      );
    });
  }

  test('/auth by keyboard alone, with its script, at 390 and 1280 px: forms, signed in, signed out again', async ({
    page,
  }) => {
    const violations = async (label: string) =>
      (await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations.map(
        (v) => `${label} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
    for (const width of [390, 1280]) {
      await page.context().clearCookies();
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/auth');
      await expect(page.locator('[data-auth-panel]')).toHaveAttribute('data-enhanced', '');
      expect(await violations(`${width} signed out`)).toEqual([]);
      // Create an account by keyboard: type, Tab to the next field, Enter submits.
      await page.getByRole('textbox', { name: 'Name' }).focus();
      await page.keyboard.type('Key Board');
      await page.keyboard.press('Tab');
      await page.keyboard.type(`keys-${width}-${Date.now()}@example.com`);
      await page.keyboard.press('Tab');
      await page.keyboard.type('lantern-pelican-orbit');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: 'You are signed in' })).toBeFocused();
      expect(await violations(`${width} signed in`)).toEqual([]);
      // From the heading, Tab reaches the account link, then Log out.
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Go to My account' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'Log out' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: 'Log in or create an account' })).toBeFocused();
      expect(await violations(`${width} signed out again`)).toEqual([]);
    }
  });

  test('/account, /admin and /auth signed in as the admin', async ({ page }) => {
    await adminSignsInOn(page.context());
    for (const path of ['/account', '/admin', '/admin/dashboard', '/auth']) {
      await page.goto(path);
      if (path === '/auth') await page.getByText('You are signed in as').waitFor();
      const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      expect(
        results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    }
  });
});

test.describe('axe on /checkout', () => {
  const expectNoViolations = async (page: Page, label: string) => {
    const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(
      results.violations.map((v) => `${label} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  };
  const placeOrder = (page: Page) => page.locator('form', { has: page.getByRole('button', { name: 'Place Order' }) });

  test('/checkout, and /checkout?plan=all-inclusive-monthly', async ({ page }) => {
    for (const path of ['/checkout', '/checkout?plan=all-inclusive-monthly']) {
      await page.goto(path);
      await expectNoViolations(page, path);
    }
  });

  test('/checkout with every message shown by the script', async ({ page }) => {
    await page.goto('/checkout');
    await placeOrder(page).getByRole('button', { name: 'Place Order' }).click();
    await expect(placeOrder(page).getByText('You must agree to the terms and refund policy')).toBeVisible();
    await expectNoViolations(page, 'script messages');
  });

  test('/checkout with the messages of a refused plain post', async ({ page }) => {
    await page.goto('/checkout');
    const res = await page.request.post('/api/checkout', {
      form: { name: 'A', email: 'a@b', phone: 'call me', businessName: ' ' },
      maxRedirects: 0,
    });
    // From /checkout a goto to /checkout#checkout-form (the outcome in a cookie) would only scroll: leave first.
    await page.goto('about:blank');
    await page.goto(res.headers().location ?? '/checkout');
    await expect(placeOrder(page).getByText('Name must be at least 2 characters')).toBeVisible();
    await expectNoViolations(page, 'server messages');
  });
});
