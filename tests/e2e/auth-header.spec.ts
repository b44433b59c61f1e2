import { expect, test, type Page } from '@playwright/test';
import { authForm } from './auth-form.ts';

/** The header and the /auth heading follow a sign-in or sign-out made on /auth, with no reload. */
const unique = () => `header-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const PASSWORD = 'lantern-pelican-orbit';
const SIGNED_OUT = 'Log in or create an account';
const SIGNED_IN = 'You are signed in';

const banner = (page: Page) => page.getByRole('banner');
const pageHeading = (page: Page) => page.getByRole('heading', { level: 1 });

async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
}
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

test.use({ viewport: { width: 1280, height: 800 } });

test('registering on /auth turns the header into My account and the heading, without a reload', async ({ page }) => {
  await page.goto('/auth');
  await expect(pageHeading(page)).toHaveText(SIGNED_OUT);
  await expect(banner(page).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth');
  await markDocument(page);

  const form = await authForm(page, 'Create an account');
  await form.getByLabel('Name').fill('Header Tester');
  await form.getByLabel('Email').fill(unique());
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByText('You are signed in as')).toBeVisible();
  await expect(banner(page).getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/account');
  await expect(banner(page).getByRole('link', { name: 'Log in' })).toHaveCount(0);
  // The mobile menu's copy of the link too (inside the closed menu).
  await expect(banner(page).getByRole('link', { name: 'My account', includeHidden: true })).toHaveCount(2);
  await expect(pageHeading(page)).toHaveText(SIGNED_IN);
  await expect(page).toHaveTitle(new RegExp(`^${SIGNED_IN} \\|`));
  // The form that had focus is gone: focus moves to the new heading.
  await expect(pageHeading(page)).toBeFocused();
  expect(await sameDocument(page)).toBe(true);

  // The server renders the same after a reload, and a customer who has started is not asked
  // to Get Started: not on this on-demand page, nor on a prerendered one.
  await page.reload();
  await expect(pageHeading(page)).toHaveText(SIGNED_IN);
  await expect(banner(page).getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/account');
  await expect(banner(page).getByRole('link', { name: 'Get Started', includeHidden: true })).toHaveCount(0);
  await page.goto('/pricing');
  await expect(banner(page).getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/account');
  await expect(banner(page).getByRole('link', { name: 'Get Started', includeHidden: true })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: 'Get Started' }).first()).toBeVisible();
});

test('logging out and back in on /auth switches both ways, without a reload', async ({ page }) => {
  const email = unique();
  await page.request.post('/api/register', { data: { name: 'Header Tester', email, password: PASSWORD } });
  await page.goto('/auth');
  await expect(pageHeading(page)).toHaveText(SIGNED_IN);
  await expect(page.getByText('You are signed in as')).toBeVisible();
  await markDocument(page);
  // Wake the header island first: its slots (the account links) must follow all the same.
  await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('button', { name: 'About' }).hover();
  await expect(page.locator('.site-header[data-enhanced]')).toHaveCount(1);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(pageHeading(page)).toHaveText(SIGNED_OUT);
  await expect(banner(page).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth');
  await expect(banner(page).getByRole('link', { name: 'My account' })).toHaveCount(0);
  await expect(pageHeading(page)).toBeFocused();

  const login = await authForm(page, 'Log in');
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill(PASSWORD);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(pageHeading(page)).toHaveText(SIGNED_IN);
  await expect(banner(page).getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/account');
  expect(await sameDocument(page)).toBe(true);
});
