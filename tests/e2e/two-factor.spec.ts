/**
 * Two-factor sign-in in Chromium: a customer sets it up on /account with a code computed here
 * from the key the page shows (as an authenticator app would), sees the recovery codes once,
 * signs out, and signs in again with password and code; the password alone leaves them at the
 * code step, and /account stays closed until the code passes. Then the same without JavaScript.
 */
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { expect, test, type Page } from '@playwright/test';
import { authForm } from './auth-form.ts';

// No smooth scrolling to #two-factor after each form post: clicks wait for the page at rest.
test.use({ reducedMotion: 'reduce' });

const PASSWORD = 'lantern-pelican-orbit';
const unique = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The 6-digit code an authenticator app shows for `key`, `stepsAhead` 30-second steps from now. */
const totp = (key: Uint8Array, stepsAhead = 0) =>
  generateHOTP(key, BigInt(Math.floor(Date.now() / 30_000) + stepsAhead), 6);

async function signUp(page: Page, email: string) {
  await page.goto('/auth');
  const form = await authForm(page, 'Create an account');
  await form.getByLabel('Name').fill('Two Factor Tester');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('You are signed in as')).toBeVisible();
}

/** On /account/profile: set up, read the key as a person would type it, turn on with a code and the password. */
async function turnOn(page: Page) {
  await page.goto('/account/profile');
  const section = page.getByRole('region', { name: 'Two-factor sign-in', exact: true });
  await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible();
  const typed = await section.getByLabel('Key, to type into the app').inputValue();
  const key = decodeBase32IgnorePadding(typed.replace(/ /g, ''));
  await section.getByLabel('Code from the app').fill(totp(key));
  await section.getByLabel('Current password').fill(PASSWORD);
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(section.getByText('Two-factor sign-in is on.')).toBeVisible();
  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  // Shown once: gone on the next visit.
  await page.reload();
  await expect(section.getByRole('list', { name: 'Recovery codes' })).toHaveCount(0);
  await expect(section).toContainText('10 of 10 recovery codes left');
  return { key, recoveryCodes };
}

test.describe('two-factor sign-in', () => {
  test('set up with a code from the shown key, sign out, sign in with password and code', async ({ page }) => {
    test.setTimeout(120_000);
    const email = unique('totp');
    await signUp(page, email);
    const { key } = await turnOn(page);

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/auth');
    await expect(page.getByText('You have been logged out successfully')).toBeVisible();
    // With JavaScript the code step replaces the forms in place; cancelling brings them back.
    const logIn = async () => {
      const login = await authForm(page, 'Log in');
      await login.getByLabel('Email').fill(email);
      await login.getByLabel('Password').fill(PASSWORD);
      await login.getByRole('button', { name: 'Log in' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Enter your sign-in code' })).toBeFocused();
    };
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await logIn();
    await page.getByRole('button', { name: 'Cancel and log in again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Log in or create an account' })).toBeFocused();
    await logIn();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // The password alone opens nothing: /account sends the half-signed-in browser back to the code step.
    await page.goto('/account');
    await expect(page).toHaveURL(/\/auth\?next=%2Faccount/);
    await expect(page.getByRole('heading', { level: 1, name: 'Enter your sign-in code' })).toBeVisible();

    const code = page.getByRole('textbox', { name: 'Authentication code' });
    await code.fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(code).toHaveAccessibleDescription(/That code is not correct or has already been used/);
    // The code the set-up used is spent: the next one signs in.
    await code.fill(totp(key, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  });

  test('without JavaScript: the code step is a plain form, and a recovery code signs in once', async ({ browser }) => {
    test.setTimeout(120_000);
    const setupContext = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await setupContext.newPage();
    const email = unique('totp-nojs');
    await signUp(page, email);
    const { recoveryCodes } = await turnOn(page);
    await setupContext.close();

    const context = await browser.newContext({ javaScriptEnabled: false, reducedMotion: 'reduce' });
    const plain = await context.newPage();
    await plain.goto('/auth?next=%2Faccount');
    const login = plain.locator('section', { has: plain.getByRole('heading', { name: 'Log in' }) });
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill(PASSWORD);
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(plain.getByRole('heading', { level: 1, name: 'Enter your sign-in code' })).toBeVisible();
    await plain.getByRole('textbox', { name: 'Authentication code' }).fill(recoveryCodes[0]!);
    await plain.getByRole('button', { name: 'Verify' }).click();
    await expect(plain).toHaveURL(/\/account\/profile#two-factor$/);
    await expect(plain.getByText('You signed in with a recovery code. It cannot be used again.')).toBeVisible();
    await expect(plain.getByRole('region', { name: 'Two-factor sign-in', exact: true })).toContainText(
      '9 of 10 recovery codes left',
    );
    await context.close();
  });
});
