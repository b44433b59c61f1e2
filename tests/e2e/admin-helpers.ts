/** What the admin e2e specs share: the axe check, the admin's sign-in, and a visitor's order. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page } from '@playwright/test';
import { TEST_ADMIN } from './builds.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export const tag = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The admin from ADMIN_EMAIL signs in through /auth and lands on /admin. */
export async function adminSignsIn(page: Page) {
  await page.goto('/auth?next=/admin');
  const login = page.locator('section', { has: page.getByRole('heading', { name: 'Log in', exact: true }) });
  await login.getByLabel('Email').fill(TEST_ADMIN.email);
  await login.getByLabel('Password').fill(TEST_ADMIN.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/admin');
}

/** A visitor (not signed in) orders the build at /checkout, paying by invoice. */
export async function visitorOrders(browser: Browser, email: string, businessName: string, name = 'Olive Orderer') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/checkout');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Phone').fill('(407) 555-0142');
  await page.getByLabel('Business name').fill(businessName);
  await page.getByLabel('I agree to the Terms and Refund Policy').check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/thank-you/);
  await context.close();
}
