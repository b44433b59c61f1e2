/**
 * Between ordering and activating: the buyer's account exists but has no password yet. Every
 * door the thank-you page opens says what to do next (check the e-mail, have the link sent
 * again) instead of asking for a password the buyer never chose.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, tag } from './admin-helpers.ts';
import { E2E_BUILDS } from './builds.ts';
import { capturedMail, installMailCapture, linkIn } from './mail-capture.ts';

const DB_URL = E2E_BUILDS.main.databaseUrl;
const RESEND = 'Send the activation link again';

test.beforeAll(() => installMailCapture(DB_URL));

async function placeOrder(page: Page, email: string) {
  await page.goto('/checkout');
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Place Order' }) });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Ava Early');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('(407) 555-0142');
  await form.getByRole('textbox', { name: 'Business name', exact: true }).fill('Early Bird Cafe');
  await form.getByRole('checkbox', { name: 'I agree to the Terms and Refund Policy' }).check();
  await form.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/thank-you\?order=/);
}

test('a buyer who has not activated yet is told what to do at every door, and can have the link sent again', async ({
  page,
}) => {
  test.slow();
  const email = `early-${tag()}@example.com`;
  await placeOrder(page, email);
  const main = page.getByRole('main');

  // The invoice: no link into an account that has no password yet; where it is, and what to do.
  await expect(main.getByRole('link', { name: /View invoice/ })).toHaveCount(0);
  await expect(main).toContainText(/Invoice INV-\d{4}-\d+ is in that e-mail\./);
  await expect(main).toContainText('activate your account first with the link we e-mailed you');
  await expectNoAxeViolations(page);

  // 'your account' leads to /auth, where both forms are: it says what a new buyer does first.
  await main.getByRole('link', { name: 'your account' }).click();
  await expect(page).toHaveURL(/\/auth/);
  const note = page.getByText('Placed an order with us? Your account is already there');
  await expect(note).toBeVisible();
  await expect(note).toContainText('choose its password with the activation link we e-mailed you');
  await page.getByRole('link', { name: RESEND }).click();
  await expect(page).toHaveURL(/\/activate-account$/);
  // Asked for nothing but the address: no 'link not valid' for a page opened without one.
  await expect(page.getByText('This link is not valid')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send activation link' })).toBeVisible();

  // Back on the thank-you page, one press sends the link again.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/thank-you\?order=/);
  await page.getByRole('button', { name: RESEND }).click();
  await expect(page).toHaveURL(/\/activate-account$/);
  await expect(page.getByText('we have sent a link to it. Check your inbox.')).toBeVisible();
  await expect.poll(async () => (await capturedMail(DB_URL, email, 'account-activation')).length).toBe(2);

  // The new link works: the account is activated, and the order and its invoice are there.
  await page.goto(await linkIn(DB_URL, email, 'account-activation', '/activate-account'));
  await page.getByLabel('New password', { exact: true }).fill('lantern-pelican-orbit');
  await page.getByRole('button', { name: 'Activate account' }).click();
  await expect(page.getByText('Your account is active and you are signed in.')).toBeVisible();
});
