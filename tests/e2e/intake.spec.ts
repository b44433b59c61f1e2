import { expect, test, type Browser, type Page } from '@playwright/test';

const PASSWORD = 'lantern-pelican-orbit';
const unique = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function signUp(page: Page, email: string) {
  await page.goto('/auth');
  const form = page.locator('section', { has: page.getByRole('heading', { name: 'Create an account' }) });
  await form.getByLabel('Name').fill('Intake Tester');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('You are signed in as')).toBeVisible();
}

async function signIn(page: Page, email: string) {
  await page.goto('/auth');
  const form = page.locator('section', { has: page.getByRole('heading', { name: 'Log in', exact: true }) });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('You are signed in as')).toBeVisible();
}

/** A signed-in customer places an order; answers its id. */
async function placeOrder(page: Page): Promise<string> {
  await page.goto('/checkout');
  await page.getByLabel('Phone').fill('(407) 555-0199');
  await page.getByLabel('Business name').fill('Intake Bakery');
  await page.getByLabel('I agree to the Terms and Refund Policy').check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/thank-you/);
  await page.goto('/account');
  const link = page.getByRole('link', { name: /ORD-/ }).first();
  const href = await link.getAttribute('href');
  const id = /\/account\/orders\/([a-z2-9]+)/.exec(href ?? '')?.[1];
  expect(id, 'the account page links the order').toBeTruthy();
  return id!;
}

async function customerWithOrder(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = unique('intake');
  await signUp(page, email);
  const orderId = await placeOrder(page);
  return { context, page, email, orderId };
}

test.describe('the website intake', () => {
  test('drafts save as the customer types and resume on another device after a new sign-in', async ({ browser }) => {
    const { context, page, email, orderId } = await customerWithOrder(browser);
    await page.goto(`/account/orders/${orderId}`);
    await page.getByRole('link', { name: 'Complete Intake' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/account/orders/${orderId}/intake`));
    await expect(page.getByLabel('Business name')).toHaveValue('Intake Bakery');
    await page.getByLabel('Industry').fill('Bakery and café');
    await page.getByLabel('Services offered').fill('Wedding cakes\nBread');
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({ timeout: 5_000 });
    await page.reload();
    await expect(page.getByLabel('Industry')).toHaveValue('Bakery and café');

    const other = await browser.newContext();
    const phone = await other.newPage();
    await signIn(phone, email);
    await phone.goto(`/account/orders/${orderId}/intake`);
    await expect(phone.getByLabel('Services offered')).toHaveValue('Wedding cakes\nBread');
    await other.close();
    await context.close();
  });

  test('offline: the answer is kept, shown as not saved, and saved when the connection returns', async ({
    browser,
  }) => {
    const { context, page, orderId } = await customerWithOrder(browser);
    await page.goto(`/account/orders/${orderId}/intake`);
    await context.setOffline(true);
    await page.getByLabel('Industry').fill('Plumbing');
    await page.getByLabel('Industry').blur();
    await expect(page.getByText('Not saved yet', { exact: true })).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({ timeout: 15_000 });
    await page.reload();
    await expect(page.getByLabel('Industry')).toHaveValue('Plumbing');
    await context.close();
  });

  test('two tabs: the later save is told to reload and overwrites nothing', async ({ browser }) => {
    const { context, page, orderId } = await customerWithOrder(browser);
    const url = `/account/orders/${orderId}/intake`;
    const second = await context.newPage();
    await page.goto(url);
    await second.goto(url);
    await page.getByLabel('Industry').fill('First tab');
    await page.getByLabel('Industry').blur();
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
    await second.getByLabel('Industry').fill('Second tab');
    await second.getByLabel('Industry').blur();
    await expect(second.getByRole('alert')).toContainText('changed in another tab');
    await page.reload();
    await expect(page.getByLabel('Industry')).toHaveValue('First tab');
    await context.close();
  });

  test('without JavaScript: Next saves the step, the review lists what is missing, submit locks it', async ({
    browser,
  }) => {
    const { context: withJs, email, orderId } = await customerWithOrder(browser);
    await withJs.close();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/auth');
    const login = page.locator('section', { has: page.getByRole('heading', { name: 'Log in', exact: true }) });
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill(PASSWORD);
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.goto(`/account/orders/${orderId}/intake`);
    await page.getByLabel('Industry').fill('Bakery');
    await page.getByLabel('Services offered').fill('Cakes');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/step=2/);
    await page.getByRole('link', { name: /Review and submit/ }).click();
    await page.getByRole('button', { name: 'Submit intake' }).click();
    await expect(page.getByRole('alert')).toContainText('A few answers are still missing');
    await page.getByRole('link', { name: /Pages/ }).first().click();
    await page.getByLabel('Pages wanted').fill('Home, Menu, Contact');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('link', { name: /Inspiration and audience/ }).click();
    await page.getByLabel('Target audience').fill('Families in Orlando');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Submit intake' }).click();
    await expect(page.getByText('Your intake is submitted')).toBeVisible();
    await expect(page.getByText('Families in Orlando')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save draft' })).toHaveCount(0);
    await context.close();
  });

  test("another customer's order and intake are the 404 page; anonymous visitors go to /auth", async ({
    browser,
    page,
  }) => {
    const { context, orderId } = await customerWithOrder(browser);
    await context.close();
    await signUp(page, unique('stranger'));
    for (const path of [`/account/orders/${orderId}`, `/account/orders/${orderId}/intake`]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page).toHaveTitle(/404/);
    }
    const anonymous = await browser.newContext();
    const visitor = await anonymous.newPage();
    await visitor.goto(`/account/orders/${orderId}`);
    await expect(visitor).toHaveURL(/\/auth\?next=/);
    await anonymous.close();
  });
});
