import { createClient } from '@libsql/client';
import { expect, test, type Page } from '@playwright/test';
import { E2E_BUILDS } from './builds.ts';
import { builtPage } from './built-pages.ts';
import { CONTACT } from '../../src/features/contact/messages.ts';

const form = (page: Page) => page.locator('form[action="/api/contact"]');

/** Focus the first field: the form's code loads on first use; wait until it has. */
async function hydratedForm(page: Page, path = '/contact') {
  await page.goto(path);
  const f = form(page);
  await f.getByLabel('Name').click();
  await expect(f).toHaveAttribute('novalidate', '');
  return f;
}

async function fill(
  f: ReturnType<typeof form>,
  values: { name: string; email: string; subject?: string; message: string },
) {
  await f.getByLabel('Name').fill(values.name);
  await f.getByLabel('Email').fill(values.email);
  if (values.subject) await f.getByLabel('Subject (optional)').fill(values.subject);
  await f.getByLabel('Message').fill(values.message);
}

/** The section's notice for an outcome: the one a plain post's redirect shows, shown in place. */
const notice = (page: Page, outcome: 'sent' | 'invalid' | 'limited' | 'error') => page.locator(`#contact-${outcome}`);

test.describe('contact form', () => {
  test('has labelled fields and a Send Message button', async ({ page }) => {
    await page.goto('/contact');
    const f = form(page);
    for (const label of ['Name', 'Email', 'Subject (optional)', 'Message'])
      await expect(f.getByLabel(label, { exact: true })).toBeVisible();
    await expect(f.getByRole('button', { name: 'Send Message' })).toBeVisible();
  });

  test('shows the schema messages next to each field, announced to screen readers', async ({ page }) => {
    const f = await hydratedForm(page);
    await fill(f, { name: 'J', email: 'not-an-email', message: 'short' });
    await f.getByRole('button', { name: 'Send Message' }).click();
    await expect(f.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(f.getByLabel('Name')).toHaveAccessibleDescription(CONTACT.nameMin);
    await expect(f.getByLabel('Email')).toHaveAccessibleDescription(CONTACT.email);
    await expect(f.getByLabel('Message')).toHaveAccessibleDescription(CONTACT.messageMin);
    await expect(f.locator('[aria-live="polite"]', { hasText: CONTACT.nameMin })).toBeVisible();
    await expect(f.getByLabel('Name')).toBeFocused();
    // The red border FormField gives a field with an error.
    await expect(f.getByLabel('Email')).toHaveClass(/\bborder-red-700\b/);
    await expect(f.getByLabel('Subject (optional)')).not.toHaveAttribute('aria-invalid');
    await expect(f.getByLabel('Subject (optional)')).not.toHaveClass(/\bborder-red-700\b/);

    // Corrected, the messages go and the fields are valid again.
    await fill(f, { name: 'Jo', email: 'jo@example.com', message: 'Long enough now.' });
    await page.route('/api/contact', (route) =>
      route.fulfill({ status: 201, contentType: 'application/json', body: '{"id":"x"}' }),
    );
    await f.getByRole('button', { name: 'Send Message' }).click();
    await expect(notice(page, 'sent')).toBeVisible();
    await expect(f.getByLabel('Name')).not.toHaveAttribute('aria-invalid');
    await expect(f.getByLabel('Name')).toHaveAccessibleDescription('');
    await expect(f.getByLabel('Email')).not.toHaveClass(/\bborder-red-700\b/);
  });

  test("says 'Sending...' while pending, then 'Message Sent' in place and resets the form", async ({ page }) => {
    const f = await hydratedForm(page);
    let release = () => {};
    await page.route('/api/contact', async (route) => {
      await new Promise<void>((r) => (release = r));
      await route.continue();
    });
    await fill(f, {
      name: 'Jo Doe',
      email: 'jo@example.com',
      subject: 'A new site',
      message: 'I need a website for my bakery.',
    });
    await f.getByRole('button', { name: 'Send Message' }).click();
    const pending = f.getByRole('button', { name: 'Sending...' });
    await expect(pending).toBeVisible();
    await expect(pending).toBeDisabled();
    release();
    const sent = page.getByRole('status').filter({ hasText: CONTACT.sentTitle });
    await expect(sent).toBeVisible();
    await expect(sent).toContainText(CONTACT.sentDescription);
    await expect(page).toHaveURL(/\/contact$/);
    await expect(f.getByLabel('Name')).toHaveValue('');
    await expect(f.getByLabel('Message')).toHaveValue('');
    await expect(f.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    // No toaster: the page has no island at all.
    expect(await page.locator('astro-island').count()).toBe(0);
  });

  test('shows the error notice and keeps what was typed when sending fails', async ({ page }) => {
    const f = await hydratedForm(page);
    await page.route('/api/contact', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }),
    );
    await fill(f, { name: 'Jo Doe', email: 'jo@example.com', message: 'Please call me back tomorrow.' });
    await f.getByRole('button', { name: 'Send Message' }).click();
    const alert = page.getByRole('alert').filter({ hasText: CONTACT.errorDescription });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(CONTACT.errorTitle);
    await expect(notice(page, 'sent')).toBeHidden();
    await expect(f.getByLabel('Name')).toHaveValue('Jo Doe');
    await expect(f.getByLabel('Message')).toHaveValue('Please call me back tomorrow.');
    await expect(f.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  test('too many messages is the rate-limit notice; a refused field gets its message', async ({ page }) => {
    const f = await hydratedForm(page);
    let answer = { status: 429, body: '{"error":"Too many requests"}' };
    await page.route('/api/contact', (route) => route.fulfill({ ...answer, contentType: 'application/json' }));
    await fill(f, { name: 'Jo Doe', email: 'jo@example.com', message: 'Please call me back tomorrow.' });
    await f.getByRole('button', { name: 'Send Message' }).click();
    await expect(notice(page, 'limited')).toBeVisible();
    await expect(notice(page, 'limited')).toContainText(CONTACT.limitedNotice);

    answer = { status: 400, body: JSON.stringify({ error: 'Invalid input', fields: { email: [CONTACT.email] } }) };
    await f.getByRole('button', { name: 'Send Message' }).click();
    await expect(notice(page, 'invalid')).toBeVisible();
    await expect(notice(page, 'limited')).toBeHidden();
    await expect(f.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(f.getByLabel('Email')).toHaveAccessibleDescription(CONTACT.email);
    await expect(f.getByLabel('Email')).toBeFocused();
  });

  test('shows one notice at a time, also over one left in the address by a plain post', async ({ page }) => {
    await page.goto('/contact#contact-error');
    await expect(notice(page, 'error')).toBeVisible();
    const f = form(page);
    await f.getByLabel('Name').click();
    await expect(f).toHaveAttribute('novalidate', '');
    let fail = false;
    await page.route('/api/contact', (route) =>
      fail
        ? route.fulfill({ status: 503, body: '' })
        : route.fulfill({ status: 201, contentType: 'application/json', body: '{"id":"x"}' }),
    );
    await fill(f, { name: 'Jo Doe', email: 'jo@example.com', message: 'First message here.' });
    await f.getByRole('button', { name: 'Send Message' }).click();
    await expect(notice(page, 'sent')).toBeVisible();
    await expect(notice(page, 'error')).toBeHidden();
    fail = true;
    await fill(f, { name: 'Jo Doe', email: 'jo@example.com', message: 'Second message here.' });
    await f.getByRole('button', { name: 'Send Message' }).click();
    await expect(notice(page, 'error')).toBeVisible();
    await expect(notice(page, 'error')).toContainText(CONTACT.errorDescription);
    await expect(notice(page, 'sent')).toBeHidden();
    await expect(page.locator('.form-notice:visible')).toHaveCount(1);
  });

  test('a message sent from the home page is stored', async ({ page }) => {
    const f = await hydratedForm(page, '/');
    const marker = `home-${Date.now()}@example.com`;
    await fill(f, { name: 'Home Visitor', email: marker, message: 'Sent from the home page section.' });
    await f.getByRole('button', { name: 'Send Message' }).click();
    await expect(notice(page, 'sent')).toBeVisible();
    await expect(notice(page, 'sent')).toContainText(CONTACT.sentTitle);
    const db = createClient({ url: E2E_BUILDS.main.databaseUrl });
    const rows = await db.execute({ sql: 'SELECT name FROM contact_messages WHERE email = ?', args: [marker] });
    db.close();
    expect(rows.rows.map((r) => r.name)).toEqual(['Home Visitor']);
  });

  test("the form's code is fetched on first use, not with the page, and no island runtime ships", async ({ page }) => {
    for (const path of ['/', '/contact']) {
      const { html } = builtPage(E2E_BUILDS.main, path);
      expect(html).not.toContain('<astro-island');
      // No hydration directive script either (the site has none that fires on interaction).
      expect(html).not.toContain('"pointerover","pointerdown"');
      // The bundled module waits, inert, in a <template> until the form is used.
      expect(html).toMatch(
        /<template id="contact-script"><script type="module" src="\/_astro\/[^"]+\.js"><\/script><\/template>/,
      );
    }
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto('/contact');
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
    await form(page).getByLabel('Name').click();
    await expect(form(page)).toHaveAttribute('novalidate', '');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.some((s) => /client\.|react|Toaster/.test(s))).toBe(false);
    // Used again, the form loads nothing more.
    const count = scripts.length;
    await form(page).getByLabel('Email').click();
    await page.waitForLoadState('networkidle');
    expect(scripts).toHaveLength(count);
    expect(await page.locator('#contact-script').count()).toBe(0);
  });

  test('pages without forms never load the toaster', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto('/pricing');
    await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('button', { name: 'About' }).hover();
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => s.includes('Toaster'))).toBe(false);
    expect(await page.locator('astro-island[component-url*="Toaster"]').count()).toBe(0);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form posts, the server stores it and the page shows the notice', async ({ page }) => {
    await page.goto('/contact');
    const f = form(page);
    const marker = `nojs-${Date.now()}@example.com`;
    await fill(f, { name: 'No Script', email: marker, message: 'My browser runs no JavaScript.' });
    await f.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(/\/contact#contact-sent$/);
    await expect(page.locator('#contact-sent')).toBeVisible();
    await expect(page.locator('#contact-sent')).toContainText('Message Sent');
    await expect(page.locator('#contact-error')).toBeHidden();
    const db = createClient({ url: E2E_BUILDS.main.databaseUrl });
    const rows = await db.execute({ sql: 'SELECT name FROM contact_messages WHERE email = ?', args: [marker] });
    db.close();
    expect(rows.rows).toHaveLength(1);
  });

  test('the browser itself refuses an incomplete form', async ({ page }) => {
    await page.goto('/contact');
    await form(page).getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });
});

test('cross-site posts are refused with JSON 403', async ({ request }) => {
  const res = await request.post('/api/contact', {
    headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
    data: { name: 'Evil', email: 'e@example.com', message: 'Cross-site attempt here.' },
  });
  expect(res.status()).toBe(403);
  expect(await res.json()).toEqual({ error: 'Cross-site requests are not allowed' });
  const form = await request.post('/api/contact', {
    headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
    data: 'name=Evil&email=e%40example.com&message=Cross-site+attempt',
  });
  expect(form.status()).toBe(403);
});
