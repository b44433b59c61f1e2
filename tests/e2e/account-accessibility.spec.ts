/**
 * axe (WCAG 2.2 AA) on every page type of the signed-in customer portal, in the states a
 * customer meets: /account with orders and subscriptions (pending, active, offered, canceling)
 * and with a field error, an order, each intake step (the Brand step with a file), the
 * submitted intake, the cancel confirmation and /confirm-email with a bad link.
 */
import AxeBuilder from '@axe-core/playwright';
import { createClient } from '@libsql/client';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { authForm } from './auth-form.ts';
import sharp from 'sharp';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { E2E_BUILDS } from './builds.ts';
import { adminSignsInOn } from './admin-session.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PASSWORD = 'lantern-pelican-orbit';
const INTAKE_STEP_COUNT = 6;
const unique = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function expectNoViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(
    results.violations.map((v) => `${label} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

async function signUp(page: Page, email: string) {
  await page.goto('/auth');
  const form = await authForm(page, 'Create an account');
  await form.getByLabel('Name').fill('Axe Tester');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('You are signed in as')).toBeVisible();
}

/** A signed-in customer with one order (and the monthly plan if asked); answers the order's id. */
async function customerWithOrder(browser: Browser, { monthly = false } = {}) {
  // No smooth scrolling: after a form post lands on a #fragment, axe must see the page at rest,
  // not mid-scroll with the sticky header passing over a button (a target-size false alarm).
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  const email = unique('axe-portal');
  await signUp(page, email);
  await page.goto('/checkout');
  await page.getByLabel('Phone').fill('(407) 555-0199');
  await page.getByLabel('Business name').fill('Axe Bakery');
  if (monthly) await page.getByRole('checkbox', { name: /monthly/i }).check();
  await page.getByLabel('I agree to the Terms and Refund Policy').check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/thank-you/);
  await page.goto('/account');
  const href = await page.getByRole('main').getByRole('link', { name: /^ORD-/ }).first().getAttribute('href');
  const orderId = /\/account\/orders\/([a-z2-9]+)$/.exec(href ?? '')?.[1];
  expect(orderId, 'the account page links the order').toBeTruthy();
  return { context, page, email, orderId: orderId! };
}

/** The admin marks the order paid and, with `launch`, the site launched (its monthly plan starts). */
async function adminMarksPaid(browser: Browser, orderId: string, { launch = false } = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await adminSignsInOn(context);
  await page.goto(`/admin/orders/${orderId}`);
  await page.getByRole('button', { name: 'Mark paid' }).click();
  await expect(page.getByRole('heading', { name: 'Status: Paid' })).toBeVisible();
  if (launch) {
    await page.getByRole('button', { name: 'Mark launched' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Site marked launched' })).toBeVisible();
  }
  await context.close();
}

/** An offer from the agency (there is no admin screen for it yet): written to the e2e database. */
async function offerSubscription(email: string, description: string) {
  const db = createClient({ url: E2E_BUILDS.main.databaseUrl });
  // The server may be writing: wait for its lock instead of failing at once (SQLITE_BUSY).
  await db.execute('PRAGMA busy_timeout = 5000');
  try {
    const [user] = (await db.execute({ sql: 'SELECT id FROM users WHERE email = ?', args: [email] })).rows;
    const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
    const id = Array.from(crypto.getRandomValues(new Uint8Array(26)), (b) => alphabet[b % alphabet.length]).join('');
    const now = Date.now();
    await db.execute({
      sql: `INSERT INTO subscriptions (id, user_id, description, price_cents, interval, status, created_by, created_at, updated_at)
            VALUES (?, ?, ?, 49900, 'month', 'pending', 'admin', ?, ?)`,
      args: [id, String(user!.id), description, now, now],
    });
  } finally {
    db.close();
  }
}

const intakeUrl = (orderId: string, step?: number) =>
  `/account/orders/${orderId}/intake${step === undefined ? '' : `?step=${step}`}`;

test.describe('axe on the customer portal (signed in)', () => {
  test('/account with orders and subscriptions; the cancel confirmation; /account while canceling', async ({
    browser,
  }) => {
    test.slow(); // a dozen page loads and axe runs: three times the default timeout
    const { context, page, email, orderId } = await customerWithOrder(browser, { monthly: true });
    await page.goto('/account');
    await expect(page.getByRole('region', { name: 'Subscriptions' })).toContainText('Starts at launch');
    await expectNoViolations(page, '/account (pending order and plan)');

    await adminMarksPaid(browser, orderId, { launch: true });
    await offerSubscription(email, 'SEO Growth Plan');
    await page.goto('/account');
    const subscriptions = page.getByRole('region', { name: 'Subscriptions' });
    await expect(subscriptions).toContainText('Status: Active');
    await expect(subscriptions.getByRole('button', { name: 'Accept SEO Growth Plan' })).toBeVisible();
    await expectNoViolations(page, '/account (active plan and an offer)');

    await subscriptions.getByRole('link', { name: /^Cancel subscription/ }).click();
    await expect(page).toHaveURL(/\/account\/subscriptions\/[a-z2-9]+\/cancel$/);
    await expectNoViolations(page, '/account/subscriptions/{id}/cancel');

    await page.getByRole('button', { name: 'Confirm cancellation' }).click();
    await expect(subscriptions).toContainText('Status: Canceling');
    await expectNoViolations(page, '/account (canceling, with its notice)');
    await context.close();
  });

  test('/account/orders/{id}, before and after payment', async ({ browser }) => {
    const { context, page, orderId } = await customerWithOrder(browser);
    await page.goto(`/account/orders/${orderId}`);
    await expect(page.getByText('Status: Pending payment')).toBeVisible();
    await expectNoViolations(page, 'order (pending payment)');
    await adminMarksPaid(browser, orderId);
    await page.goto(`/account/orders/${orderId}`);
    await expect(page.locator('[aria-current="step"]')).toHaveCount(1);
    await expectNoViolations(page, 'order (paid)');
    await context.close();
  });

  test('every intake step and the review step', async ({ browser }) => {
    test.slow(); // a dozen page loads and axe runs: three times the default timeout
    const { context, page, orderId } = await customerWithOrder(browser);
    for (let step = 1; step <= INTAKE_STEP_COUNT + 1; step++) {
      await page.goto(intakeUrl(orderId, step));
      await expect(
        page.getByRole('button', { name: step > INTAKE_STEP_COUNT ? 'Submit intake' : 'Next' }),
      ).toBeVisible();
      await expectNoViolations(page, `intake step ${step}`);
    }
    // The review step after a refused submit: the missing answers are marked.
    await page.getByRole('button', { name: 'Submit intake' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'A few answers are still missing' })).toBeVisible();
    await expectNoViolations(page, 'intake review (answers missing)');
    await context.close();
  });

  test('the Brand step with an uploaded file, and the intake once submitted (read-only)', async ({ browser }) => {
    test.slow(); // a dozen page loads and axe runs: three times the default timeout
    const { context, page, orderId } = await customerWithOrder(browser);
    await page.goto(intakeUrl(orderId, 5));
    const png = await sharp({ create: { width: 80, height: 80, channels: 3, background: { r: 200, g: 120, b: 20 } } })
      .png()
      .toBuffer();
    await page
      .getByLabel(/^Choose (an image|images)$/)
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    // Choosing uploads it (the Upload button is for browsers without JavaScript).
    const files = page.getByRole('list', { name: 'Logo and photos' });
    await expect(files.getByRole('img', { name: 'logo.png' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'logo.png: Uploaded' })).toBeAttached();
    await expectNoViolations(page, 'Brand step (just uploaded)');
    await page.reload();
    await expect(files.getByRole('img', { name: 'logo.png' })).toBeVisible();
    await expectNoViolations(page, 'Brand step (with a file)');

    // Every required answer, then Submit intake on the review step.
    const answers: [number, string, string][] = [
      [1, 'Industry', 'Bakery'],
      [1, 'Services offered', 'Cakes'],
      [4, 'Pages wanted', 'Home, Menu, Contact'],
      [6, 'Target audience', 'Families in Orlando'],
    ];
    for (const [step, label, answer] of answers) {
      await page.goto(intakeUrl(orderId, step));
      await page.getByRole('textbox', { name: label }).fill(answer);
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page).toHaveURL(new RegExp(`step=${step + 1}`));
    }
    await page.goto(intakeUrl(orderId, INTAKE_STEP_COUNT + 1));
    await page.getByRole('button', { name: 'Submit intake' }).click();
    await expect(page.getByText('Your intake is submitted')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your answers' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'logo.png' })).toBeVisible();
    await expectNoViolations(page, 'intake (submitted, read-only)');
    await context.close();
  });

  test('/confirm-email with a bad link', async ({ browser }) => {
    const { context, page } = await customerWithOrder(browser);
    await page.goto('/confirm-email?token=bogus');
    await expect(page.getByRole('link', { name: 'Go to My account' })).toBeVisible();
    await expectNoViolations(page, '/confirm-email?token=bogus');
    await context.close();
  });

  test('/account/profile with a field error, then with an e-mail change waiting for its link', async ({ browser }) => {
    const { context, page } = await customerWithOrder(browser);
    await page.goto('/account/profile');
    const details = page.getByRole('region', { name: 'Name and email' });
    await details.getByRole('textbox', { name: 'Email' }).fill(unique('new-address'));
    await details.getByLabel('Current password').fill('not-my-password-at-all');
    await details.getByRole('button', { name: 'Save changes' }).click();
    await expect(details.getByText('Your current password is not correct')).toBeVisible();
    await expect(details.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
    await expectNoViolations(page, '/account (wrong current password)');

    await details.getByRole('textbox', { name: 'Email' }).fill(unique('new-address'));
    await details.getByLabel('Current password').fill(PASSWORD);
    await details.getByRole('button', { name: 'Save changes' }).click();
    await expect(details.getByText('Waiting for confirmation')).toBeVisible();
    await expectNoViolations(page, '/account (e-mail change pending)');
    await context.close();
  });

  test('/account two-factor sign-in: off, set-up, on with its recovery codes, a wrong code; /auth code step', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    const email = unique('axe-2fa');
    await signUp(page, email);
    await page.goto('/account/profile#two-factor');
    const section = page.getByRole('region', { name: 'Two-factor sign-in', exact: true });
    await expect(section.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeVisible();
    await expectNoViolations(page, '/account (two-factor off)');

    await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible();
    const key = decodeBase32IgnorePadding(
      (await section.getByLabel('Key, to type into the app').inputValue()).replace(/ /g, ''),
    );
    await section.getByLabel('Code from the app').fill('000000');
    await section.getByLabel('Current password').fill(PASSWORD);
    await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(section.getByLabel('Code from the app')).toHaveAttribute('aria-invalid', 'true');
    await expectNoViolations(page, '/account (two-factor set-up, wrong code)');

    const step = BigInt(Math.floor(Date.now() / 30_000));
    await section.getByLabel('Code from the app').fill(generateHOTP(key, step, 6));
    await section.getByLabel('Current password').fill(PASSWORD);
    await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(section.getByRole('list', { name: 'Recovery codes' })).toBeVisible();
    await expectNoViolations(page, '/account (two-factor on, recovery codes shown)');

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/auth');
    await expect(page.getByText('You have been logged out successfully')).toBeVisible();
    const login = page.locator('section', { has: page.getByRole('heading', { name: 'Log in' }) });
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill(PASSWORD);
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Enter your sign-in code' })).toBeVisible();
    await expectNoViolations(page, '/auth (code step)');
    await context.close();
  });
});
