/**
 * /checkout under the custom reading (the main build, invoice mode: no Stripe keys), from the
 * plan cards on /pricing to an activated account that lists the order. The words and amounts
 * are written out here on purpose: this file is the contract, not a copy of the product's.
 */
import { readFileSync } from 'node:fs';
import { createClient } from '@libsql/client';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { keyFileFor, unseal } from '#server/email/sealed.ts';
import { E2E_BUILDS } from './builds.ts';

const DB_URL = E2E_BUILDS.main.databaseUrl;
const PASSWORD = 'lantern-pelican-orbit';
const MESSAGES = {
  name: 'Name must be at least 2 characters',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  businessName: 'Business name is required',
  terms: 'You must agree to the terms and refund policy',
};
const TERMS_LABEL = 'I agree to the Terms and Refund Policy';

const unique = (tag: string) => `checkout-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

const checkoutForm = (page: Page) => page.locator('form', { has: page.getByRole('button', { name: 'Place Order' }) });
const summary = (page: Page) => page.getByRole('region', { name: 'Order summary' });
const field = (page: Page, name: string) => checkoutForm(page).getByRole('textbox', { name, exact: true });

interface Details {
  name: string;
  email: string;
  phone: string;
  businessName: string;
}

const details = (email: string): Details => ({
  name: 'Maria Lopez',
  email,
  phone: '(407) 555-0199',
  businessName: 'Lopez Bakery',
});

async function fill(page: Page, d: Details) {
  await field(page, 'Name').fill(d.name);
  await field(page, 'Email').fill(d.email);
  await field(page, 'Phone').fill(d.phone);
  await field(page, 'Business name').fill(d.businessName);
  await checkoutForm(page).getByRole('checkbox', { name: TERMS_LABEL }).check();
}

/** The form's hidden field (its idempotency key), read from a rendered /checkout, for plain posts. */
async function formFields(page: Page): Promise<Record<string, string>> {
  await page.goto('/checkout');
  const key = await checkoutForm(page).locator('input[type="hidden"][name="idempotencyKey"]').inputValue();
  return { idempotencyKey: key };
}

async function query(sql: string, args: (string | number)[] = []) {
  const db = createClient({ url: DB_URL });
  try {
    return (await db.execute({ sql, args })).rows;
  } finally {
    db.close();
  }
}

const ordersOf = (email: string) =>
  query('SELECT id, total_cents, status, payment_provider FROM orders WHERE email = ? ORDER BY created_at', [email]);
const mailCount = async (email: string, kind: string) =>
  Number((await query('SELECT count(*) AS n FROM outbox WHERE "to" = ? AND kind = ?', [email, kind]))[0]!.n);

/**
 * Mail capture. The e2e servers have no SMTP_URL: the outbox worker logs each mail within two
 * seconds and then clears its body. A trigger in the test database keeps a copy of every
 * mail's sealed text as it is written (the delivery itself is untouched), and the key file
 * beside the database unseals it, as the worker would.
 */
test.beforeAll(async () => {
  const db = createClient({ url: DB_URL });
  try {
    await db.batch(
      [
        'CREATE TABLE IF NOT EXISTS e2e_captured_mail (id TEXT PRIMARY KEY, kind TEXT, recipient TEXT, subject TEXT, body TEXT)',
        `CREATE TRIGGER IF NOT EXISTS e2e_capture_mail AFTER INSERT ON outbox BEGIN
           INSERT OR IGNORE INTO e2e_captured_mail VALUES (NEW.id, NEW.kind, NEW."to", NEW.subject, NEW.text);
         END`,
      ],
      'write',
    );
  } finally {
    db.close();
  }
});

async function capturedMail(email: string, kind: string) {
  const rows = await query('SELECT subject, body FROM e2e_captured_mail WHERE recipient = ? AND kind = ?', [
    email,
    kind,
  ]);
  const key = Buffer.from(readFileSync(keyFileFor(DB_URL)!, 'utf8').trim(), 'base64');
  return rows.map((r) => ({ subject: String(r.subject), text: unseal(String(r.body), key) }));
}

/** Everything the main landmark says before its first amount, and that amount. */
async function firstAmount(scope: Locator) {
  const text = ((await scope.textContent()) ?? '').replace(/\s+/g, ' ');
  const at = text.search(/\$\d/);
  return { before: text.slice(0, at), amount: /^\$[\d,]+(\.\d\d)?/.exec(text.slice(at))?.[0] };
}

test.describe('from /pricing to /checkout', () => {
  test('each plan card has a visible Get Started link to /checkout with its plan', async ({ page }) => {
    await page.goto('/pricing');
    for (const [price, plan] of [
      ['$3,800', 'website-build'],
      ['$199', 'all-inclusive-monthly'],
    ] as const) {
      const card = page.getByRole('article').filter({ has: page.getByText(price, { exact: true }) });
      await expect(card).toHaveCount(1);
      const link = card.getByRole('link', { name: 'Get Started' });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', `/checkout?plan=${plan}`);
    }
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('Get Started preselects the plan of its card', async ({ page }) => {
      await page.goto('/pricing');
      await page
        .getByRole('article')
        .filter({ has: page.getByText('$199', { exact: true }) })
        .getByRole('link', { name: 'Get Started' })
        .click();
      await expect(page).toHaveURL('/checkout?plan=all-inclusive-monthly');
      await expect(page.getByRole('checkbox', { name: /monthly/i })).toBeChecked();
      await expect(summary(page)).toContainText('All-Inclusive Monthly Plan');
      // The plan is chosen now and billed from launch: today's total is the build.
      await expect(summary(page)).toContainText(/Total\s*\$3,800/);
      await expect(summary(page)).toContainText(
        'Invoice today, pay online or by bank transfer, then $199 per month from launch',
      );

      await page.goto('/pricing');
      await page
        .getByRole('article')
        .filter({ has: page.getByText('$3,800', { exact: true }) })
        .getByRole('link', { name: 'Get Started' })
        .click();
      await expect(page).toHaveURL('/checkout?plan=website-build');
      await expect(page.getByRole('checkbox', { name: /monthly/i })).not.toBeChecked();
      await expect(summary(page)).toContainText(/Total\s*\$3,800/);
    });
  });

  test('/checkout alone answers 200 with the build preselected', async ({ page, request }) => {
    expect((await request.get('/checkout')).status()).toBe(200);
    await page.goto('/checkout');
    await expect(summary(page)).toContainText('Custom Website Build');
    await expect(page.getByRole('checkbox', { name: /monthly/i })).not.toBeChecked();
    await expect(summary(page)).not.toContainText('Monthly');
  });
});

test.describe('the focused frame', () => {
  test('a slim header (brand home, phone) and footer (copyright, policies): no site menus, calls to action or floating buttons', async ({
    page,
  }) => {
    await page.goto('/checkout');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Palmetto Web Studio' })).toHaveAttribute('href', '/');
    await expect(header.getByRole('link', { name: '(407) 555-0142' })).toHaveAttribute('href', 'tel:+14075550142');
    await expect(header.getByRole('link')).toHaveCount(2);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Get Started' })).toHaveCount(0);
    await expect(page.locator('.quick-contact')).toHaveCount(0);
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(/© \d{4} Palmetto Web Studio\. All rights reserved\./);
    for (const [name, href] of [
      ['Terms of Service', '/terms-of-service'],
      ['Privacy Policy', '/privacy'],
      ['Refund Policy', '/refund-policy'],
    ] as const) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(footer.getByRole('link')).toHaveCount(3);
    await expect(page.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    await expect(page.getByRole('main')).toHaveCount(1);
  });

  test("lists the build's features in the summary, and the monthly plan's under its box", async ({ page }) => {
    await page.goto('/checkout');
    const included = summary(page).getByRole('list').filter({ hasText: 'Custom 5-page website' });
    await expect(included.getByRole('listitem')).toHaveCount(7);
    await expect(included.getByRole('listitem').first()).toHaveText('Custom 5-page website');
    const monthly = checkoutForm(page).getByRole('list').filter({ hasText: 'Fast, secure hosting' });
    await expect(monthly.getByRole('listitem')).toHaveCount(5);
    await expect(page.getByRole('checkbox', { name: /monthly/i })).toHaveAccessibleDescription(/Fast, secure hosting/);
    // No message before the visitor has done anything.
    await expect(page.locator('#checkout-terms-error')).toHaveText('');
  });

  test('at 1280 px the summary sits beside the form and ends where the header does; at 390 px nothing scrolls sideways', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/checkout');
    const phone = (await page.getByRole('banner').getByRole('link', { name: '(407) 555-0142' }).boundingBox())!;
    const box = (await summary(page).boundingBox())!;
    const form = (await checkoutForm(page).boundingBox())!;
    expect(Math.abs(box.x + box.width - (phone.x + phone.width))).toBeLessThanOrEqual(1);
    expect(box.x).toBeGreaterThan(form.x + form.width);
    expect(Math.abs(box.y - form.y)).toBeLessThanOrEqual(1);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(summary(page)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('the summary', () => {
  test("says 'Total' and the total before any other amount", async ({ page }) => {
    await page.goto('/checkout');
    for (const scope of [page.getByRole('main'), summary(page)]) {
      const { before, amount } = await firstAmount(scope);
      expect(before).toMatch(/Total\s*$/);
      expect(amount).toBe('$3,800');
    }
  });

  test('with JavaScript, the total follows extra pages and the monthly plan live', async ({ page }) => {
    await page.goto('/checkout');
    const total = summary(page)
      .getByText(/^\$[\d,]+$/)
      .first();
    await expect(total).toHaveText('$3,800');
    await page.getByRole('spinbutton', { name: /Extra pages/ }).fill('2');
    await expect(total).toHaveText('$4,100');
    await page.getByRole('checkbox', { name: /monthly/i }).check();
    await expect(summary(page)).toContainText(
      'Invoice today, pay online or by bank transfer, then $199 per month from launch',
    );
    await expect(total).toHaveText('$4,100');
    await page.getByRole('checkbox', { name: /monthly/i }).uncheck();
    await expect(
      summary(page).getByText('Invoice today, pay online or by bank transfer', { exact: true }),
    ).toBeVisible();
    await expect(total).toHaveText('$4,100');
    await page.getByRole('spinbutton', { name: /Extra pages/ }).fill('');
    await expect(total).toHaveText('$3,800');
    const { before, amount } = await firstAmount(page.getByRole('main'));
    expect(before).toMatch(/Total\s*$/);
    expect(amount).toBe('$3,800');
  });
});

test.describe('the form', () => {
  test('a post form of named native controls, the terms unticked, and Place Order', async ({ page }) => {
    await page.goto('/checkout');
    const form = checkoutForm(page);
    await expect(form).toHaveCount(1);
    await expect(form).toHaveAttribute('method', 'post');
    for (const [label, name] of [
      ['Name', 'name'],
      ['Email', 'email'],
      ['Phone', 'phone'],
      ['Business name', 'businessName'],
    ] as const) {
      const control = field(page, label);
      await expect(control, label).toBeVisible();
      await expect(control, label).toHaveAttribute('name', name);
      await expect(control, label).toHaveValue('');
    }
    const terms = form.getByRole('checkbox', { name: TERMS_LABEL });
    await expect(terms).toBeVisible();
    await expect(terms).not.toBeChecked();
    await expect(terms).toHaveAttribute('name', /.+/);
    // The purchase agreement, not the site's terms of use (/terms).
    await expect(form.getByRole('link', { name: 'Terms', exact: true })).toHaveAttribute('href', '/terms-of-service');
    await expect(form.getByRole('link', { name: 'Refund Policy', exact: true })).toHaveAttribute(
      'href',
      '/refund-policy',
    );
    await expect(form.getByRole('link', { name: 'Refund Policy', exact: true })).toHaveAttribute(
      'href',
      '/refund-policy',
    );
    await expect(form.getByRole('button', { name: 'Place Order' })).toHaveAttribute('type', 'submit');
  });

  test('a signed-in customer finds Name and Email filled in', async ({ page }) => {
    const email = unique('signed-in');
    const res = await page.request.post('/api/register', {
      data: { name: 'Prefilled Person', email, password: PASSWORD },
    });
    expect(res.ok()).toBe(true);
    await page.goto('/checkout');
    await expect(field(page, 'Name')).toHaveValue('Prefilled Person');
    await expect(field(page, 'Email')).toHaveValue(email);
  });
});

test.describe('messages', () => {
  test('with JavaScript, every message appears on submit, next to its field, and the page stays', async ({ page }) => {
    await page.goto('/checkout');
    const form = checkoutForm(page);
    expect(await form.evaluate((f: HTMLFormElement) => f.noValidate)).toBe(true);
    let posted = false;
    page.on('request', (r) => {
      if (r.method() === 'POST') posted = true;
    });
    await form.getByRole('button', { name: 'Place Order' }).click();
    for (const message of Object.values(MESSAGES)) await expect(form.getByText(message, { exact: true })).toBeVisible();
    await expect(field(page, 'Name')).toHaveAccessibleDescription(MESSAGES.name);
    await expect(field(page, 'Email')).toHaveAccessibleDescription(MESSAGES.email);
    await expect(field(page, 'Phone')).toHaveAccessibleDescription(MESSAGES.phone);
    await expect(field(page, 'Business name')).toHaveAccessibleDescription(MESSAGES.businessName);
    await expect(form.getByRole('checkbox', { name: TERMS_LABEL })).toHaveAccessibleDescription(MESSAGES.terms);
    await expect(field(page, 'Name')).toBeFocused();
    // The red border FormField gives a field with an error, as the server renders it.
    await expect(field(page, 'Phone')).toHaveClass(/\bborder-red-700\b/);
    await expect(page).toHaveURL('/checkout');
    expect(posted).toBe(false);

    // '(407) 555-0199' is a valid phone number; what is fixed stops being marked.
    await field(page, 'Phone').fill('(407) 555-0199');
    await field(page, 'Name').fill('Jo');
    await form.getByRole('button', { name: 'Place Order' }).click();
    await expect(form.getByText(MESSAGES.phone, { exact: true })).toHaveCount(0);
    await expect(form.getByText(MESSAGES.name, { exact: true })).toHaveCount(0);
    await expect(field(page, 'Phone')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'Phone')).not.toHaveClass(/\bborder-red-700\b/);
    await expect(form.getByText(MESSAGES.email, { exact: true })).toBeVisible();
    await expect(page).toHaveURL('/checkout');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the server answers a refused form on /checkout, with the messages next to the fields', async ({ page }) => {
      await page.goto('/checkout');
      // Values the browser lets through (the terms box is required: the browser insists on it).
      await field(page, 'Name').fill('A');
      await field(page, 'Email').fill('a@b');
      await field(page, 'Phone').fill('call me');
      await field(page, 'Business name').fill('   ');
      await checkoutForm(page).getByRole('checkbox', { name: TERMS_LABEL }).check();
      // The refused post lands on /checkout again (its messages in the form-outcome cookie).
      const response = page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/checkout' && r.request().method() === 'GET',
      );
      await checkoutForm(page).getByRole('button', { name: 'Place Order' }).click();
      expect((await response).status()).toBeLessThan(500);
      await expect(page).toHaveURL(/\/checkout(\?|#|$)/);
      await expect(field(page, 'Name')).toHaveAccessibleDescription(MESSAGES.name);
      await expect(field(page, 'Email')).toHaveAccessibleDescription(MESSAGES.email);
      await expect(field(page, 'Phone')).toHaveAccessibleDescription(MESSAGES.phone);
      await expect(field(page, 'Business name')).toHaveAccessibleDescription(MESSAGES.businessName);
      // What was typed comes back with them.
      await expect(field(page, 'Name')).toHaveValue('A');
      await expect(field(page, 'Phone')).toHaveValue('call me');
    });
  });

  test('an invalid plain POST gets a page below 500 showing every message', async ({ page }) => {
    const fields = await formFields(page);
    const res = await page.request.post('/api/checkout', {
      form: { ...fields, name: '', email: '', phone: '', businessName: '' },
    });
    expect(res.status()).toBeLessThan(500);
    const html = await res.text();
    for (const message of Object.values(MESSAGES)) expect(html).toContain(message);
  });
});

test.describe('placing an order', () => {
  test('a valid plain POST answers 303 to /thank-you; the order has the server price', async ({ page }) => {
    const email = unique('plain');
    const fields = await formFields(page);
    const res = await page.request.post('/api/checkout', {
      form: { ...fields, ...details(email), terms: 'on' },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(303);
    expect(res.headers().location).toMatch(/^\/thank-you(\?|$)/);
    const orders = await ordersOf(email);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ total_cents: 380_000, payment_provider: 'invoice' });
  });

  test('with JavaScript the visitor lands on /thank-you; invoice mode says invoice', async ({ page }) => {
    const email = unique('js');
    await page.goto('/checkout');
    const words = ((await page.getByRole('main').textContent()) ?? '').toLowerCase();
    await fill(page, details(email));
    await checkoutForm(page).getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/thank-you(\?|$)/);
    const after = ((await page.getByRole('main').textContent()) ?? '').toLowerCase();
    expect(`${words} ${after}`).toContain('invoice');
    expect(await ordersOf(email)).toHaveLength(1);
  });

  test('amount-like fields are refused with 4xx, and the recorded total is the server price', async ({ page }) => {
    const email = unique('amounts');
    const fields = await formFields(page);
    for (const name of ['amount', 'price', 'total', 'cents']) {
      const json = await page.request.post('/api/checkout', {
        data: { ...details(email), terms: true, [name]: 1 },
      });
      expect(json.status(), `${name} (JSON)`).toBeGreaterThanOrEqual(400);
      expect(json.status(), `${name} (JSON)`).toBeLessThan(500);
      const form = await page.request.post('/api/checkout', {
        form: { ...fields, ...details(email), terms: 'on', [name]: '1' },
        maxRedirects: 0,
      });
      expect(form.status(), `${name} (form)`).toBeGreaterThanOrEqual(400);
      expect(form.status(), `${name} (form)`).toBeLessThan(500);
    }
    expect(await ordersOf(email)).toHaveLength(0);

    const ok = await page.request.post('/api/checkout', {
      data: { ...details(email), terms: true, extraPages: 1, monthly: true },
    });
    expect(ok.status()).toBe(201);
    const orders = await ordersOf(email);
    expect(orders).toHaveLength(1);
    // $3,800 + one extra page at $150; the plan's $199 a month is billed from launch.
    expect(orders[0]!.total_cents).toBe(395_000);
    const items = await query('SELECT sku, amount_cents FROM order_items WHERE order_id = ? ORDER BY position', [
      String(orders[0]!.id),
    ]);
    expect(items.map((i) => [i.sku, i.amount_cents])).toEqual([
      ['website-build', 380_000],
      ['extra-page', 15_000],
      ['all-inclusive-monthly', 19_900],
    ]);
  });

  test('more extra pages than sold (21-50) are refused, not cut to 20; nothing is recorded', async ({ page }) => {
    const message = 'Extra pages must be a whole number from 0 to 20';
    const email = unique('pages');
    for (const extraPages of [21, 50]) {
      const json = await page.request.post('/api/checkout', { data: { ...details(email), terms: true, extraPages } });
      expect(json.status()).toBe(400);
      expect(await json.json()).toMatchObject({ error: expect.any(String), fields: { extraPages: [message] } });
    }
    // A plain post (the browser would stop 21 at the field: this one comes from a script) gets the form again.
    const fields = await formFields(page);
    const form = await page.request.post('/api/checkout', {
      form: { ...fields, ...details(email), terms: 'on', extraPages: '21' },
      maxRedirects: 0,
    });
    expect(form.status()).toBe(303);
    // From /checkout a goto to /checkout#checkout-form (the outcome in a cookie) would only scroll: leave first.
    await page.goto('about:blank');
    await page.goto(form.headers().location!);
    const pages = checkoutForm(page).getByRole('spinbutton', { name: /Extra pages/ });
    await expect(pages).toHaveAccessibleDescription(new RegExp(message));
    await expect(pages).toHaveValue('21');
    expect(await ordersOf(email)).toHaveLength(0);
  });

  test('cross-site posts get 4xx and record nothing', async ({ page }) => {
    const email = unique('cross');
    const fields = await formFields(page);
    const attempts = [
      page.request.post('/api/checkout', {
        headers: { 'sec-fetch-site': 'cross-site' },
        data: { ...details(email), terms: true },
      }),
      page.request.post('/api/checkout', {
        headers: { 'sec-fetch-site': 'cross-site' },
        form: { ...fields, ...details(email), terms: 'on' },
        maxRedirects: 0,
      }),
      page.request.post('/api/checkout', {
        headers: { origin: 'https://evil.example' },
        form: { ...fields, ...details(email), terms: 'on' },
        maxRedirects: 0,
      }),
      page.request.post('/api/checkout', {
        headers: { origin: 'https://evil.example' },
        data: { ...details(email), terms: true },
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status()).toBeGreaterThanOrEqual(400);
      expect(res.status()).toBeLessThan(500);
    }
    expect(await ordersOf(email)).toHaveLength(0);
    expect(await query('SELECT id FROM users WHERE email = ?', [email])).toHaveLength(0);
  });

  test('a double click on Place Order makes one order', async ({ page }) => {
    const email = unique('double');
    await page.goto('/checkout');
    await fill(page, details(email));
    await checkoutForm(page).getByRole('button', { name: 'Place Order' }).dblclick();
    await expect(page).toHaveURL(/\/thank-you(\?|$)/);
    expect(await ordersOf(email)).toHaveLength(1);
    expect(await mailCount(email, 'order-confirmation')).toBe(1);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('a double click on Place Order still makes one order', async ({ page }) => {
      const email = unique('double-nojs');
      await page.goto('/checkout');
      await fill(page, details(email));
      await checkoutForm(page).getByRole('button', { name: 'Place Order' }).dblclick();
      await expect(page).toHaveURL(/\/thank-you(\?|$)/);
      expect(await ordersOf(email)).toHaveLength(1);
      expect(await mailCount(email, 'order-confirmation')).toBe(1);
    });
  });

  test('back and submit again makes one order', async ({ page }) => {
    const email = unique('back');
    await page.goto('/checkout');
    await fill(page, details(email));
    await checkoutForm(page).getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/thank-you(\?|$)/);
    await page.goBack();
    await expect(page).toHaveURL('/checkout');
    // Restored from the back/forward cache, or rendered again (then typed again).
    if ((await field(page, 'Email').inputValue()) === '') await fill(page, details(email));
    await checkoutForm(page).getByRole('checkbox', { name: TERMS_LABEL }).check();
    await checkoutForm(page).getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/thank-you(\?|$)/);
    expect(await ordersOf(email)).toHaveLength(1);
    expect(await mailCount(email, 'order-confirmation')).toBe(1);
  });
});

test('/thank-you is noindex and says what happens next', async ({ page }) => {
  await page.goto('/thank-you');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const main = page.getByRole('main');
  await expect(main).toContainText(/activate your account/i);
  await expect(main).toContainText(/intake/i);
  await expect(main).toContainText('7-14 business days');
});

test('a new visitor buys, activates the account from the e-mail, signs in and finds the order', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = unique('journey');

  await page.goto('/pricing');
  await page
    .getByRole('article')
    .filter({ has: page.getByText('$3,800', { exact: true }) })
    .getByRole('link', { name: 'Get Started' })
    .click();
  await expect(page).toHaveURL('/checkout?plan=website-build');
  await expect(page.getByRole('main')).toContainText(/invoice/i);
  await fill(page, { ...details(email), businessName: 'Journey Bakery' });
  await checkoutForm(page).getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/thank-you(\?|$)/);
  const orders = await ordersOf(email);
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ total_cents: 380_000, status: 'pending_payment', payment_provider: 'invoice' });

  const [activation] = await capturedMail(email, 'account-activation');
  expect(activation, 'the activation e-mail').toBeDefined();
  const link = /https?:\/\/\S+\/activate-account\?token=[^\s"'<>]+/.exec(activation!.text)?.[0];
  expect(link, 'a link in the activation e-mail').toBeTruthy();
  const [confirmation] = await capturedMail(email, 'order-confirmation');
  expect(confirmation?.subject).toMatch(/^Your order ORD-[A-Z0-9]{8} /);
  expect(confirmation?.text).toContain('$3,800');

  await page.goto(link!);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Activate account' }).click();
  await expect(page).toHaveURL('/account');
  await expect(page.getByText('Your account is active and you are signed in.')).toBeVisible();

  // Signed out, then in again with the chosen password.
  await context.clearCookies();
  await page.goto('/auth?next=/account');
  const login = page.locator('section', { has: page.getByRole('heading', { name: 'Log in', exact: true }) });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill(PASSWORD);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/account');
  const listed = page
    .getByRole('region', { name: 'Orders' })
    .getByRole('listitem')
    .filter({ hasText: 'Journey Bakery' });
  await expect(listed).toHaveCount(1);
  await expect(listed.getByRole('link', { name: /^ORD-[A-Z0-9]{8}$/ })).toHaveAttribute(
    'href',
    `/account/orders/${String(orders[0]!.id)}`,
  );
  await expect(listed).toContainText('$3,800');
  await context.close();
});
