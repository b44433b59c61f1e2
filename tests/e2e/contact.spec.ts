import { createClient } from '@libsql/client';
import { expect, test, type Page } from '@playwright/test';
import { E2E_BUILDS } from './builds.ts';
import { CONTACT } from '../../src/features/contact/messages.ts';

const form = (page: Page) => page.locator('form[action="/api/contact"]');

/** Focus the first field: the island hydrates on interaction; wait until it has. */
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

const toastRegion = (page: Page) => page.getByRole('region', { name: /Notifications/ });

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
  });

  test("says 'Sending...' while pending, then 'Message Sent' and resets the form", async ({ page }) => {
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
    await expect(toastRegion(page).getByText('Message Sent')).toBeVisible();
    await expect(toastRegion(page).getByText('We will get back to you shortly!')).toBeVisible();
    await expect(f.getByLabel('Name')).toHaveValue('');
    await expect(f.getByLabel('Message')).toHaveValue('');
    await expect(f.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  test('shows the error toast and keeps what was typed when sending fails', async ({ page }) => {
    const f = await hydratedForm(page);
    await page.route('/api/contact', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }),
    );
    await fill(f, { name: 'Jo Doe', email: 'jo@example.com', message: 'Please call me back tomorrow.' });
    await f.getByRole('button', { name: 'Send Message' }).click();
    const toast = toastRegion(page).getByRole('status').or(toastRegion(page).locator('li'));
    await expect(toastRegion(page).getByText('Error', { exact: true })).toBeVisible();
    await expect(
      toastRegion(page).getByText('There was a problem sending your message. Please try again.'),
    ).toBeVisible();
    await expect(toast.first()).toHaveAttribute('data-variant', 'destructive');
    await expect(f.getByLabel('Name')).toHaveValue('Jo Doe');
    await expect(f.getByLabel('Message')).toHaveValue('Please call me back tomorrow.');
  });

  test('shows one toast at a time, and F8 moves focus to the notifications', async ({ page }) => {
    const f = await hydratedForm(page);
    let fail = false;
    await page.route('/api/contact', (route) =>
      fail
        ? route.fulfill({ status: 503, body: '' })
        : route.fulfill({ status: 201, contentType: 'application/json', body: '{"id":"x"}' }),
    );
    await fill(f, { name: 'Jo Doe', email: 'jo@example.com', message: 'First message here.' });
    await f.getByRole('button', { name: 'Send Message' }).click();
    await expect(toastRegion(page).getByText('Message Sent')).toBeVisible();
    fail = true;
    await fill(f, { name: 'Jo Doe', email: 'jo@example.com', message: 'Second message here.' });
    await f.getByRole('button', { name: 'Send Message' }).click();
    await expect(toastRegion(page).getByText('Error', { exact: true })).toBeVisible();
    await expect(toastRegion(page).locator('li')).toHaveCount(1);
    await expect(toastRegion(page).getByText('Message Sent')).toHaveCount(0);

    await page.keyboard.press('F8');
    await expect(page.locator(':focus')).toHaveAttribute('tabindex', '-1');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="region"]'))).toBe(true);
  });

  test('the toast closes by itself after about five seconds', async ({ page }) => {
    const f = await hydratedForm(page);
    await page.route('/api/contact', (route) =>
      route.fulfill({ status: 201, contentType: 'application/json', body: '{"id":"x"}' }),
    );
    await fill(f, { name: 'Jo Doe', email: 'jo@example.com', message: 'Timing check message.' });
    await f.getByRole('button', { name: 'Send Message' }).click();
    const sent = toastRegion(page).getByText('Message Sent');
    await expect(sent).toBeVisible();
    await page.waitForTimeout(3500);
    await expect(sent).toBeVisible();
    await expect(sent).toBeHidden({ timeout: 4000 });
  });

  test('a message sent from the home page is stored', async ({ page }) => {
    const f = await hydratedForm(page, '/');
    const marker = `home-${Date.now()}@example.com`;
    await fill(f, { name: 'Home Visitor', email: marker, message: 'Sent from the home page section.' });
    await f.getByRole('button', { name: 'Send Message' }).click();
    await expect(toastRegion(page).getByText('Message Sent')).toBeVisible();
    const db = createClient({ url: E2E_BUILDS.main.databaseUrl });
    const rows = await db.execute({ sql: 'SELECT name FROM contact_messages WHERE email = ?', args: [marker] });
    db.close();
    expect(rows.rows.map((r) => r.name)).toEqual(['Home Visitor']);
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
