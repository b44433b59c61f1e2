import { expect, test } from '@playwright/test';
import { authForm } from './auth-form.ts';

const unique = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

test.describe('without JavaScript, a failed form comes back with its field messages', () => {
  test.use({ javaScriptEnabled: false });

  test('registration: the message sits next to the password, the name and e-mail are kept, the password is not', async ({
    page,
  }) => {
    await page.goto('/auth');
    const email = unique('feedback');
    const register = page.locator('section', { has: page.getByRole('heading', { name: 'Create an account' }) });
    await register.getByLabel('Name').fill('Field Feedback');
    await register.getByLabel('Email').fill(email);
    await register.getByLabel('Password').fill('password123');
    await register.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/auth\?next=[^#]*#register$/);
    const again = page.locator('section', { has: page.getByRole('heading', { name: 'Create an account' }) });
    const password = again.getByLabel('Password');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription(/This password is too common/);
    await expect(password).toHaveValue('');
    await expect(again.getByLabel('Name')).toHaveValue('Field Feedback');
    await expect(again.getByLabel('Email')).toHaveValue(email);
    // Shown once: a reload is a clean form.
    await page.reload();
    await expect(
      page.locator('section', { has: page.getByRole('heading', { name: 'Create an account' }) }).getByLabel('Name'),
    ).toHaveValue('');
  });

  test('asking for a reset link says it was sent, once, on a clean URL', async ({ page }) => {
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(unique('reset'));
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page).toHaveURL('/forgot-password');
    const sent = page.getByText('If an account exists for that email, we have sent a link to it.');
    await expect(sent).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await expect(sent).toHaveCount(0);
  });
});

test.describe('signing out of /account', () => {
  const signUp = async (page: import('@playwright/test').Page, { hydrated = false } = {}) => {
    await page.goto('/auth');
    // With JavaScript, press once the island has the form (a press while it takes over is lost).
    const register = hydrated
      ? await authForm(page, 'Create an account')
      : page.locator('section', { has: page.getByRole('heading', { name: 'Create an account' }) });
    await register.getByLabel('Name').fill('Sign Out');
    await register.getByLabel('Email').fill(unique('signout'));
    await register.getByLabel('Password').fill('lantern-pelican-orbit');
    await register.getByRole('button', { name: 'Create account' }).click();
    // Wait for the session before leaving: going to /account while the request is in flight races it.
    await expect(
      page.getByText('You are signed in as').or(page.getByRole('heading', { name: 'My account' })),
    ).toBeVisible();
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  };

  test('with JavaScript, a failed sign-out is the destructive toast and the person stays', async ({ page }) => {
    await signUp(page, { hydrated: true });
    // The button is a plain form post until its script runs (it marks the form): this is the
    // scripted behaviour, so wait for it before pressing.
    await expect(
      page.locator('form[data-sign-out]', { has: page.getByRole('button', { name: 'Log out' }) }),
    ).toHaveAttribute('data-enhanced', '');
    await page.route('/api/logout', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByRole('button', { name: 'Log out' }).click();
    const toasts = page.getByRole('region', { name: /Notifications/ });
    await expect(toasts.getByText('Logout failed')).toBeVisible();
    await expect(toasts.getByText('500: Internal Server Error')).toBeVisible();
    await expect(page).toHaveURL('/account');
    await page.unroute('/api/logout');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/auth');
    await expect(page.getByText('You have been logged out successfully')).toBeVisible();
  });

  test('without JavaScript, a failed sign-out shows the account page again with a notice', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signUp(page);
    // What the refused post leaves (src/server/http/form-outcome.ts): the database cannot be made to fail here.
    const outcome = Buffer.from(JSON.stringify({ notice: 'logout-failed' })).toString('base64url');
    await context.addCookies([{ name: 'form_outcome', value: outcome, url: page.url() }]);
    await page.goto('/account');
    await expect(page.getByText('Logout failed: you are still signed in. Please try again.')).toBeVisible();
    await context.close();
  });

  test('without JavaScript, a notice after a form post shows once, at its place, and is gone on reload', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signUp(page);
    await page.goto('/account/profile');
    const password = page.getByRole('region', { name: 'Change password' });
    await password.getByLabel('Current password').fill('lantern-pelican-orbit');
    await password.getByLabel('New password', { exact: true }).fill('harbor-tulip-compass');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(page).toHaveURL('/account/profile#password');
    const notice = page.getByText('Your password has been changed. Other devices have been signed out.');
    await expect(notice).toHaveCount(1);
    await expect(notice).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile and security' })).toBeVisible();
    await expect(notice).toHaveCount(0);
    await context.close();
  });
});
