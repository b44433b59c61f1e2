/**
 * An address is proved by pressing the button behind the mailed link; an order placed signed
 * out for an existing account waits for its address owner; /thank-you shows the order just
 * placed (main build, invoice mode).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { authForm } from './auth-form.ts';
import { E2E_BUILDS } from './builds.ts';
import { installMailCapture, linkIn } from './mail-capture.ts';

const DB_URL = E2E_BUILDS.main.databaseUrl;
const PASSWORD = 'lantern-pelican-orbit';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const unique = (tag: string) => `proof-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

test.beforeAll(() => installMailCapture(DB_URL));
// Each test is a journey of several people and browsers: more time than one page needs.
test.slow();

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function signUp(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/auth');
  const form = await authForm(page, 'Create an account');
  await form.getByLabel('Name').fill('Proof Tester');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();
  // Inside the notification region: Radix also announces the toast in a hidden live region.
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Registration successful')).toBeVisible();
  await expect(page.getByText('You are signed in as')).toBeVisible();
  return { context, page };
}

/** Someone not signed in orders the build with `email`; answers the page on /thank-you. */
async function orderSignedOut(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/checkout');
  await page.getByLabel('Name', { exact: true }).fill('Olive Orderer');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Phone').fill('(407) 555-0142');
  await page.getByLabel('Business name').fill('Olive Oils');
  await page.getByLabel('I agree to the Terms and Refund Policy').check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/thank-you\?order=ORD-[A-Z0-9]{8}/);
  return { context, page };
}

const confirmNotice = (page: Page) => page.getByRole('region', { name: 'Confirm your email address' });

test('a new account confirms its address from the mailed link: opening it changes nothing, the button does', async ({
  browser,
}) => {
  const email = unique('verify');
  const { context, page } = await signUp(browser, email);
  await page.goto('/account');
  await expect(confirmNotice(page)).toBeVisible();

  const link = await linkIn(DB_URL, email, 'account-verify-email', '/verify-email');
  // A mail scanner's visit: no cookies, a plain GET.
  const scanner = await browser.newContext();
  expect((await scanner.request.get(link)).status()).toBe(200);
  await scanner.close();
  await page.goto('/account');
  await expect(confirmNotice(page)).toBeVisible();

  await page.goto(link);
  await expect(page.getByRole('main')).toContainText(email);
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(page.getByText('Your email address is confirmed. Thank you!')).toBeVisible();
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  await expect(confirmNotice(page)).toHaveCount(0);
  await context.close();
});

test('/thank-you shows the order just placed: its number, total and next step', async ({ browser }) => {
  const { context, page } = await orderSignedOut(browser, unique('thanks'));
  const number = new URL(page.url()).searchParams.get('order') ?? '';
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: `Your order ${number}` })).toBeVisible();
  await expect(main).toContainText('$3,800');
  await expect(main).toContainText('Activate your account.');
  await expect(main).toContainText('invoice');
  // Another browser with the same address sees the general page, not the order.
  const other = await browser.newPage();
  await other.goto(page.url());
  await expect(other.getByRole('main')).not.toContainText(number);
  await expect(other.getByRole('main')).toContainText('If you placed an order');
  await other.close();
  await context.close();
});

test('an order placed signed out with an existing account’s address waits for its owner to confirm it', async ({
  browser,
}) => {
  const email = unique('held');
  const owner = await signUp(browser, email);
  await owner.page.goto(await linkIn(DB_URL, email, 'account-verify-email', '/verify-email'));
  await owner.page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(owner.page.getByText('Your email address is confirmed')).toBeVisible();

  const visitor = await orderSignedOut(browser, email);
  const number = new URL(visitor.page.url()).searchParams.get('order') ?? '';
  await expect(visitor.page.getByRole('main')).toContainText('Confirm your order.');
  await visitor.context.close();

  await owner.page.goto('/account');
  await expect(owner.page.getByRole('main')).not.toContainText(number);

  const link = await linkIn(DB_URL, email, 'order-confirm-request', '/confirm-order');
  await owner.page.goto(link);
  await expect(owner.page.getByRole('main')).toContainText(number);
  await expect(owner.page.getByRole('main')).toContainText('$3,800');
  await expectNoViolations(owner.page);
  await owner.page.getByRole('button', { name: 'Confirm this order' }).click();
  await expect(owner.page.getByText('your order is confirmed')).toBeVisible();

  await owner.page.goto('/account');
  await expect(owner.page.getByRole('main').getByRole('link', { name: number, exact: true })).toBeVisible();
  await owner.context.close();
});
