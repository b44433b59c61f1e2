import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { authForm } from './auth-form.ts';
import sharp from 'sharp';

const PASSWORD = 'lantern-pelican-orbit';
const unique = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function signUp(page: Page, email: string) {
  await page.goto('/auth');
  const form = await authForm(page, 'Create an account');
  await form.getByLabel('Name').fill('Intake Tester');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('You are signed in as')).toBeVisible();
}

async function signIn(page: Page, email: string) {
  await page.goto('/auth');
  const form = await authForm(page, 'Log in');
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

const tinyPng = () =>
  sharp({ create: { width: 96, height: 64, channels: 3, background: { r: 15, g: 118, b: 110 } } })
    .png()
    .toBuffer();

const intakeUrl = (orderId: string, step: number) => `/account/orders/${orderId}/intake?step=${step}`;
const BRAND_STEP = 5;
const REVIEW_STEP = 7;
const PHONE = { width: 390, height: 844 };

/** Signs in an existing customer in a browser without JavaScript. */
async function signInWithoutJs(browser: Browser, email: string) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/auth');
  const login = page.locator('section', { has: page.getByRole('heading', { name: 'Log in', exact: true }) });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill(PASSWORD);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(/Signed in as/).first()).toBeVisible();
  return { context, page };
}

/** The review step's section for one intake step (a region named by its title). */
const reviewSection = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Review and submit' }).getByRole('region', { name: title, exact: true });

/** Where the text of each rendered line starts (its first visible character), in CSS pixels. */
const lineLefts = (locator: Locator) =>
  locator.evaluate((el) => {
    const starts = new Map<number, number>();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        if (/\s/.test(text[i] ?? '')) continue;
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        const line = Math.round(rect.top);
        starts.set(line, Math.min(starts.get(line) ?? Number.POSITIVE_INFINITY, Math.round(rect.left)));
      }
    }
    return [...starts.entries()].sort((a, b) => a[0] - b[0]).map(([, left]) => left);
  });

test.describe('the intake keeps what was chosen', () => {
  // Each test signs up and orders first, which takes a while on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test('a logo chosen and then Next (not Upload) is uploaded, not dropped', async ({ browser }) => {
    const { context, page, orderId } = await customerWithOrder(browser);
    await page.goto(intakeUrl(orderId, BRAND_STEP));
    await page.getByLabel(/^Choose (an image|images)$/).setInputFiles({
      name: 'chosen-logo.png',
      mimeType: 'image/png',
      buffer: await tinyPng(),
    });
    // Straight to Next, without the Upload button.
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    // After the upload (and its decode on the server): slow on a busy machine.
    await expect(page).toHaveURL(/step=6/, { timeout: 20_000 });
    await page.goto(intakeUrl(orderId, BRAND_STEP));
    const files = page.getByRole('list', { name: 'Logo and photos' });
    await expect(files.getByRole('img', { name: 'chosen-logo.png' })).toBeVisible();
    await expect(files.getByRole('listitem')).toContainText(['Logo']);
    await context.close();
  });

  test('choosing a file uploads it at once, with its state shown', async ({ browser }) => {
    const { context, page, orderId } = await customerWithOrder(browser);
    await page.goto(intakeUrl(orderId, BRAND_STEP));
    await page.getByLabel(/^Choose (an image|images)$/).setInputFiles({
      name: 'on-choose.png',
      mimeType: 'image/png',
      buffer: await tinyPng(),
    });
    const files = page.getByRole('list', { name: 'Logo and photos' });
    await expect(files.getByRole('img', { name: 'on-choose.png' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'on-choose.png: Uploaded' })).toBeAttached();
    await page.reload();
    await expect(files.getByRole('img', { name: 'on-choose.png' })).toBeVisible();
    await context.close();
  });

  test('without JavaScript: a logo chosen and then Next is uploaded with the step', async ({ browser }) => {
    const { context: withJs, email, orderId } = await customerWithOrder(browser);
    await withJs.close();
    const { context, page } = await signInWithoutJs(browser, email);
    await page.goto(intakeUrl(orderId, BRAND_STEP));
    await page.getByLabel('Brand colors').fill('navy and gold');
    await page.getByLabel('Choose an image').setInputFiles({
      name: 'no-js-logo.png',
      mimeType: 'image/png',
      buffer: await tinyPng(),
    });
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    // After the upload (and its decode on the server): slow on a busy machine.
    await expect(page).toHaveURL(/step=6/, { timeout: 20_000 });
    await page.goto(intakeUrl(orderId, BRAND_STEP));
    await expect(page.getByLabel('Brand colors')).toHaveValue('navy and gold');
    const files = page.getByRole('list', { name: 'Logo and photos' });
    await expect(files.getByRole('img', { name: 'no-js-logo.png' })).toBeVisible();
    await context.close();
  });

  test('without JavaScript: a file refused on Next stays on the step and says why', async ({ browser }) => {
    const { context: withJs, email, orderId } = await customerWithOrder(browser);
    await withJs.close();
    const { context, page } = await signInWithoutJs(browser, email);
    await page.goto(intakeUrl(orderId, BRAND_STEP));
    await page.getByLabel('Choose an image').setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>'),
    });
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`step=${BRAND_STEP}`));
    await expect(page.getByRole('alert').filter({ hasText: 'SVG files cannot be uploaded' })).toBeVisible();
    await context.close();
  });

  test('without JavaScript: Save draft with a file chosen says both, once', async ({ browser }) => {
    const { context: withJs, email, orderId } = await customerWithOrder(browser);
    await withJs.close();
    const { context, page } = await signInWithoutJs(browser, email);
    await page.goto(intakeUrl(orderId, BRAND_STEP));
    await page.getByLabel('Brand colors').fill('teal');
    await page.getByLabel('Choose an image').setInputFiles({
      name: 'saved-logo.png',
      mimeType: 'image/png',
      buffer: await tinyPng(),
    });
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page).toHaveURL(new RegExp(`step=${BRAND_STEP}`), { timeout: 20_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'File uploaded.' })).toBeVisible();
    // Said once: a reload shows the file and the answer, not the notices again.
    await page.reload();
    await expect(page.getByRole('list', { name: 'Logo and photos' }).getByRole('img')).toHaveCount(1);
    await expect(page.getByLabel('Brand colors')).toHaveValue('teal');
    await expect(page.getByText('Draft saved.')).toHaveCount(0);
    await expect(page.getByText('File uploaded.')).toHaveCount(0);
    await context.close();
  });

  test("the review step shows each answer's label, not its stored value", async ({ browser }) => {
    const { context, page, orderId } = await customerWithOrder(browser);
    await page.goto(intakeUrl(orderId, 3));
    await page
      .getByRole('combobox', { name: 'Do you have a domain?' })
      .selectOption({ label: 'Yes, I already own one' });
    await page.getByRole('textbox', { name: 'Existing or desired domain' }).fill('intakebakery.com');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page).toHaveURL(/step=4/);
    await page.goto(intakeUrl(orderId, REVIEW_STEP));
    const domain = reviewSection(page, 'Domain');
    await expect(domain.getByRole('definition').first()).toHaveText('Yes, I already own one');
    await expect(domain).not.toContainText('existing');
    await context.close();
  });

  test('the review step lists the uploaded files with their thumbnails', async ({ browser }) => {
    const { context, page, orderId } = await customerWithOrder(browser);
    await page.goto(intakeUrl(orderId, BRAND_STEP));
    await page.getByLabel(/^Choose (an image|images)$/).setInputFiles({
      name: 'review-logo.png',
      mimeType: 'image/png',
      buffer: await tinyPng(),
    });
    // Choosing uploads it (or, before upload-on-choose, the Upload button did).
    const uploadButton = page.getByRole('button', { name: 'Upload', exact: true });
    if (await uploadButton.isVisible()) await uploadButton.click();
    await expect(
      page.getByRole('list', { name: 'Logo and photos' }).getByRole('img', { name: 'review-logo.png' }),
    ).toBeVisible();
    await page.goto(intakeUrl(orderId, REVIEW_STEP));
    const brand = reviewSection(page, 'Brand');
    const files = brand.getByRole('list', { name: 'Logo and photos' });
    const thumb = files.getByRole('img', { name: 'review-logo.png' });
    await expect(thumb).toBeVisible();
    await expect(files.getByRole('listitem')).toContainText(['review-logo.png']);
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    // Shown, not editable here.
    await expect(brand.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
    await context.close();
  });

  for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
    test(`multi-line answers on the review step line up with their first line (${viewport.width} px)`, async ({
      browser,
    }) => {
      const { context, page, orderId } = await customerWithOrder(browser);
      await page.setViewportSize(viewport);
      await page.goto(intakeUrl(orderId, 1));
      await page.getByRole('textbox', { name: 'Industry' }).fill('Bakery');
      await page.getByRole('textbox', { name: 'Services offered' }).fill('Wedding cakes\nBread\nCookies');
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await expect(page).toHaveURL(/step=2/);
      await page.goto(intakeUrl(orderId, REVIEW_STEP));
      const business = reviewSection(page, 'Your business');
      const answers = business.getByRole('definition');
      const services = answers.filter({ hasText: 'Wedding cakes' });
      await expect(services).toHaveText(/Wedding cakes\s+Bread\s+Cookies/);
      const lefts = await lineLefts(services);
      expect(lefts, 'three lines, one per service').toHaveLength(3);
      // Every line starts where the answer column starts, and so does a one-line answer.
      const oneLine = await lineLefts(answers.filter({ hasText: 'Bakery' }).first());
      for (const left of lefts) expect(left).toBe(oneLine[0]);
      // The labels line up with one another too.
      const labels = business.getByRole('term');
      const labelLefts = await labels.evaluateAll((els) =>
        els.map((el) => Math.round(el.getBoundingClientRect().left)),
      );
      expect(new Set(labelLefts).size).toBe(1);
      await context.close();
    });
  }

  test('offline on a phone, Next says so where the customer is looking and stays on the step', async ({ browser }) => {
    const { context, page, orderId } = await customerWithOrder(browser);
    await page.setViewportSize(PHONE);
    await page.goto(intakeUrl(orderId, 1));
    await page.getByRole('textbox', { name: 'Industry' }).fill('Bakery');
    await page.getByRole('textbox', { name: 'Industry' }).blur();
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeAttached();

    // Everything saved, then the connection drops: Next must not lead to the browser's offline page.
    await context.setOffline(true);
    const next = page.getByRole('button', { name: 'Next', exact: true });
    await next.scrollIntoViewIfNeeded();
    await next.click();
    const notice = page.getByRole('alert').filter({ hasText: 'You are offline' });
    await expect(notice).toBeVisible();
    await expect(notice).toBeInViewport();
    await expect(next).toBeInViewport();
    await expect(notice).toBeFocused();
    await expect(page).toHaveURL(/step=1/);

    // An answer typed while offline: kept, and the notice is where Next was pressed.
    await page.getByRole('textbox', { name: 'Services offered' }).fill('Cakes\nBread');
    await next.scrollIntoViewIfNeeded();
    await next.click();
    await expect(notice).toBeInViewport();
    await expect(notice).toBeFocused();
    await expect(page).toHaveURL(/step=1/);

    await context.setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeAttached({ timeout: 15_000 });
    await next.click();
    await expect(page).toHaveURL(/step=2/);
    await page.goto(intakeUrl(orderId, 1));
    await expect(page.getByRole('textbox', { name: 'Services offered' })).toHaveValue('Cakes\nBread');
    await context.close();
  });

  test('offline on a phone, a chosen file that could not upload keeps Next on the step, said beside it', async ({
    browser,
  }) => {
    const { context, page, orderId } = await customerWithOrder(browser);
    await page.setViewportSize(PHONE);
    await page.goto(intakeUrl(orderId, BRAND_STEP));
    await context.setOffline(true);
    await page.getByLabel(/^Choose (an image|images)$/).setInputFiles({
      name: 'offline-logo.png',
      mimeType: 'image/png',
      buffer: await tinyPng(),
    });
    const next = page.getByRole('button', { name: 'Next', exact: true });
    await next.scrollIntoViewIfNeeded();
    await next.click();
    const notice = page.getByRole('alert').filter({ hasText: 'offline-logo.png' });
    await expect(notice).toBeInViewport();
    await expect(notice).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`step=${BRAND_STEP}`));

    // Back online: the file goes up by itself, and Next moves on.
    await context.setOffline(false);
    await expect(
      page.getByRole('list', { name: 'Logo and photos' }).getByRole('img', { name: 'offline-logo.png' }),
    ).toBeVisible({
      timeout: 15_000,
    });
    await next.click();
    // After the upload (and its decode on the server): slow on a busy machine.
    await expect(page).toHaveURL(/step=6/, { timeout: 20_000 });
    await context.close();
  });
});
