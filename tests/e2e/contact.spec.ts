import { createClient } from '@libsql/client';
import { expect, test, type Page } from '@playwright/test';
import { CUSTOMER_PASSWORD } from './admin-helpers.ts';
import { E2E_BUILDS } from './builds.ts';
import { builtPage } from './built-pages.ts';
import { CONTACT } from '#features/contact/copy.ts';

const form = (page: Page) => page.locator('form[action="/api/contact"]');
/** The toasts' region (Radix names it after its F8 shortcut). */
const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });
/** The toasts showing now (one <li> each inside the region). */
const toasts = (page: Page) => notifications(page).locator('li');
/** The form's bundled script, added on first use from its <template>. */
const CONTACT_SCRIPT = '**/_astro/ContactFormScript*.js';
const REQUIRED_MESSAGES = [CONTACT.nameMin, CONTACT.email, CONTACT.messageMin];

/** Focus the first field: the form's code loads on first use; wait until it has. */
async function hydratedForm(page: Page, path = '/contact') {
  await page.goto(path);
  const f = form(page);
  await f.getByLabel('Name').click();
  await expect(f).toHaveAttribute('data-enhanced', '');
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

/** The three messages, each next to its field and describing it. */
async function expectRequiredMessages(page: Page) {
  const f = form(page);
  for (const message of REQUIRED_MESSAGES) await expect(f.getByText(message, { exact: true })).toBeVisible();
  await expect(f.getByLabel('Name')).toHaveAccessibleDescription(CONTACT.nameMin);
  await expect(f.getByLabel('Email')).toHaveAccessibleDescription(CONTACT.email);
  await expect(f.getByLabel('Message')).toHaveAccessibleDescription(CONTACT.messageMin);
  await expect(f.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
}

/** The first toast also fetches the toaster (React and Radix): give a loaded machine its time. */
const TOASTER_LOAD = { timeout: 15_000 };

// Page loads, posts and the toaster's first load, on a machine the whole suite shares.
test.describe.configure({ timeout: 90_000 });

const answer = (status: number, body: unknown) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(body),
});

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
    await page.route('/api/contact', (route) => route.fulfill(answer(201, { id: 'x' })));
    await f.getByRole('button', { name: 'Send Message' }).click();
    await expect(toasts(page).filter({ hasText: CONTACT.sentTitle })).toBeVisible(TOASTER_LOAD);
    await expect(f.getByLabel('Name')).not.toHaveAttribute('aria-invalid');
    await expect(f.getByLabel('Name')).toHaveAccessibleDescription('');
    await expect(f.getByLabel('Email')).not.toHaveClass(/\bborder-red-700\b/);
  });

  test("says 'Sending...' while pending, then the 'Message Sent' toast, and resets the form", async ({ page }) => {
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
    const sent = toasts(page);
    await expect(sent).toHaveCount(1, TOASTER_LOAD);
    await expect(sent.getByText(CONTACT.sentTitle, { exact: true })).toBeVisible();
    await expect(sent.getByText(CONTACT.sentDescription, { exact: true })).toBeVisible();
    await expect(sent).toHaveAttribute('data-variant', 'default');
    await expect(page).toHaveURL(/\/contact$/);
    await expect(f.getByLabel('Name')).toHaveValue('');
    await expect(f.getByLabel('Message')).toHaveValue('');
    await expect(f.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    // The toast replaces the notice the section used to show in place: none is left in the page.
    await expect(page.locator('#contact .form-notice')).toHaveCount(0);
    // No island runtime: the Toaster is mounted by its own small script.
    expect(await page.locator('astro-island').count()).toBe(0);
  });

  test('a failure is the destructive Error toast, and what was typed is kept', async ({ page }) => {
    const f = await hydratedForm(page);
    await page.route('/api/contact', (route) => route.fulfill(answer(500, { error: 'boom' })));
    await fill(f, { name: 'Jo Doe', email: 'jo@example.com', message: 'Please call me back tomorrow.' });
    await f.getByRole('button', { name: 'Send Message' }).click();
    const failed = toasts(page);
    await expect(failed).toHaveCount(1, TOASTER_LOAD);
    await expect(failed.getByText(CONTACT.errorTitle, { exact: true })).toBeVisible();
    await expect(failed.getByText(CONTACT.errorDescription, { exact: true })).toBeVisible();
    await expect(failed).toHaveAttribute('data-variant', 'destructive');
    // White on red-700: the destructive look.
    await expect(failed).toHaveCSS('background-color', 'rgb(185, 28, 28)');
    await expect(failed).toHaveCSS('color', 'rgb(255, 255, 255)');
    await expect(f.getByLabel('Name')).toHaveValue('Jo Doe');
    await expect(f.getByLabel('Message')).toHaveValue('Please call me back tomorrow.');
    await expect(f.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  test('too many messages and a refused field are failures too; a refused field gets its message', async ({ page }) => {
    const f = await hydratedForm(page);
    let reply = answer(429, { error: 'Too many requests' });
    await page.route('/api/contact', (route) => route.fulfill(reply));
    await fill(f, { name: 'Jo Doe', email: 'jo@example.com', message: 'Please call me back tomorrow.' });
    await f.getByRole('button', { name: 'Send Message' }).click();
    await expect(toasts(page).getByText(CONTACT.errorDescription, { exact: true })).toBeVisible(TOASTER_LOAD);

    reply = answer(400, { error: 'Invalid input', fields: { email: [CONTACT.email] } });
    await f.getByRole('button', { name: 'Send Message' }).click();
    await expect(f.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(f.getByLabel('Email')).toHaveAccessibleDescription(CONTACT.email);
    await expect(f.getByLabel('Email')).toBeFocused();
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toHaveAttribute('data-variant', 'destructive');
  });

  test('one toast at a time: a new one replaces the one showing', async ({ page }) => {
    const f = await hydratedForm(page);
    let fail = false;
    await page.route('/api/contact', (route) =>
      route.fulfill(fail ? { status: 503, body: '' } : answer(201, { id: 'x' })),
    );
    await fill(f, { name: 'Jo Doe', email: 'jo@example.com', message: 'First message here.' });
    await f.getByRole('button', { name: 'Send Message' }).click();
    await expect(toasts(page).getByText(CONTACT.sentTitle, { exact: true })).toBeVisible(TOASTER_LOAD);
    fail = true;
    await fill(f, { name: 'Jo Doe', email: 'jo@example.com', message: 'Second message here.' });
    await f.getByRole('button', { name: 'Send Message' }).click();
    await expect(toasts(page).getByText(CONTACT.errorDescription, { exact: true })).toBeVisible();
    await expect(toasts(page)).toHaveCount(1);
    await expect(notifications(page).getByText(CONTACT.sentTitle)).toHaveCount(0);
  });

  test('a toast shows for 5,000 ms, then is removed', async ({ page }) => {
    await page.clock.install();
    const f = await hydratedForm(page);
    await page.route('/api/contact', (route) => route.fulfill(answer(201, { id: 'x' })));
    await fill(f, { name: 'Jo Doe', email: 'jo@example.com', message: 'A message for the clock.' });
    // Time stands still from here unless the test moves it.
    await page.clock.pauseAt(Date.now() + 60_000);
    await f.getByRole('button', { name: 'Send Message' }).click();
    await expect(toasts(page).getByText(CONTACT.sentTitle, { exact: true })).toBeVisible(TOASTER_LOAD);
    await page.clock.runFor(4_900);
    await expect(toasts(page)).toHaveCount(1);
    await page.clock.runFor(200);
    await expect(toasts(page)).toHaveCount(0);
    await expect(page.getByText(CONTACT.sentDescription, { exact: true })).toHaveCount(0);
  });

  test('a swipe right past 50 px dismisses the toast; a shorter one does not', async ({ page }) => {
    const f = await hydratedForm(page);
    await page.route('/api/contact', (route) => route.fulfill(answer(201, { id: 'x' })));
    await fill(f, { name: 'Jo Doe', email: 'jo@example.com', message: 'A message to swipe away.' });
    await f.getByRole('button', { name: 'Send Message' }).click();
    const toast = toasts(page);
    await expect(toast.getByText(CONTACT.sentTitle, { exact: true })).toBeVisible(TOASTER_LOAD);
    const swipe = async (dx: number) => {
      const box = (await toast.boundingBox())!;
      const y = box.y + box.height / 2;
      const x = box.x + 40;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + dx, y, { steps: 10 });
      await page.mouse.up();
    };
    await swipe(30);
    await expect(toast).toHaveCount(1);
    await swipe(80);
    await expect(toast).toHaveCount(0);
  });

  test('the toast area is at most 420 px wide, on a wide screen too', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const f = await hydratedForm(page);
    await page.route('/api/contact', (route) => route.fulfill(answer(201, { id: 'x' })));
    await fill(f, { name: 'Jo Doe', email: 'jo@example.com', message: 'How wide is the toast?' });
    await f.getByRole('button', { name: 'Send Message' }).click();
    await expect(toasts(page)).toHaveCount(1, TOASTER_LOAD);
    const area = (await notifications(page).locator('ol').boundingBox())!;
    const toast = (await toasts(page).boundingBox())!;
    expect(area.width).toBeLessThanOrEqual(420);
    expect(toast.width).toBeLessThanOrEqual(420);
    // In the top right corner, over the page.
    expect(area.x + area.width).toBeGreaterThan(1280 - 20);
  });

  for (const path of ['/', '/contact', '/auth']) {
    test(`F8 moves focus to the notification region from page load on ${path}, loading the toaster only then`, async ({
      page,
    }) => {
      const scripts: string[] = [];
      page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      // The public pages fetch no script at all before interaction; /auth has its own island.
      if (path !== '/auth') expect(scripts).toEqual([]);
      expect(scripts.some((s) => /Toaster/i.test(s))).toBe(false);
      await page.keyboard.press('F8');
      // The toaster's code is fetched now: allow a loaded machine its time.
      await expect(notifications(page).locator('ol')).toBeFocused(TOASTER_LOAD);
      expect(scripts.some((s) => /Toaster/i.test(s))).toBe(true);
      // And again, now that Radix's own shortcut answers it.
      await page.locator('main').focus();
      await expect(notifications(page).locator('ol')).not.toBeFocused();
      await page.keyboard.press('F8');
      await expect(notifications(page).locator('ol')).toBeFocused();
    });
  }

  test('F8 moves focus to the notification region on /account, signed in', async ({ page }) => {
    const registered = await page.request.post('/api/register', {
      data: { name: 'Toast Reader', email: `f8-${Date.now()}@example.com`, password: CUSTOMER_PASSWORD },
    });
    expect(registered.ok(), 'the customer signs up').toBe(true);
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    await page.keyboard.press('F8');
    await expect(notifications(page).locator('ol')).toBeFocused(TOASTER_LOAD);
  });

  test("/thank-you?for=message tells the message's own next step, not an order's", async ({ page }) => {
    await page.goto('/thank-you?for=message');
    await expect(page.getByText('We have your message. Here is what happens next.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your message' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('within 24 hours');
    await expect(page.getByRole('heading', { name: 'If you placed an order' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /^Your order / })).toHaveCount(0);
  });

  test('a message sent from the home page is stored', async ({ page }) => {
    const f = await hydratedForm(page, '/');
    const marker = `home-${Date.now()}@example.com`;
    await fill(f, { name: 'Home Visitor', email: marker, message: 'Sent from the home page section.' });
    await f.getByRole('button', { name: 'Send Message' }).click();
    await expect(toasts(page).getByText(CONTACT.sentTitle, { exact: true })).toBeVisible(TOASTER_LOAD);
    await expect(toasts(page).getByText(CONTACT.sentDescription, { exact: true })).toBeVisible();
    const db = createClient({ url: E2E_BUILDS.main.databaseUrl });
    // The server may be writing: wait for its lock instead of failing at once (SQLITE_BUSY).
    await db.execute('PRAGMA busy_timeout = 5000');
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
      // The bundled modules wait, inert, in <template>s until the form is used or a toast is raised.
      expect(html).toMatch(
        /<template id="contact-script" data-load-on="focusin submit"[^>]*><script type="module" src="\/_astro\/[^"]+\.js"><\/script><\/template>/,
      );
      expect(html).toMatch(
        /<template id="toaster" data-own-styles[^>]*><script type="module" src="\/_astro\/[^"]+\.js"><\/script><\/template>/,
      );
    }
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto('/contact');
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
    await form(page).getByLabel('Name').click();
    await expect(form(page)).toHaveAttribute('data-enhanced', '');
    expect(scripts.length).toBeGreaterThan(0);
    // The toaster (React) waits for the first toast.
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
    expect(await page.locator('#toaster').count()).toBe(0);
  });
});

test.describe('the first press, before the form script has arrived', () => {
  for (const path of ['/', '/contact']) {
    test(`on ${path}, an empty form ends with the three messages, not the browser's bubbles`, async ({ page }) => {
      // The script never arrives (blocked); the press is a plain post the server answers.
      await page.route(CONTACT_SCRIPT, (route) => route.abort());
      await page.goto(path);
      const f = form(page);
      expect(await f.evaluate((el: HTMLFormElement) => el.noValidate)).toBe(true);
      await f.getByRole('button', { name: 'Send Message' }).click();
      await expect(page).toHaveURL(/\/contact\/result#contact$/);
      await expectRequiredMessages(page);
      await expect(page.getByRole('alert').filter({ hasText: CONTACT.invalidNotice })).toBeVisible();
    });
  }

  test('a press while the script is still on its way waits for it: the messages come, with no round trip', async ({
    page,
  }) => {
    let release = () => {};
    let requested = () => {};
    const asked = new Promise<void>((r) => (requested = r));
    await page.route(CONTACT_SCRIPT, async (route) => {
      requested();
      await new Promise<void>((r) => (release = r));
      await route.continue().catch(() => {});
    });
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
    await page.goto('/');
    await form(page).getByRole('button', { name: 'Send Message' }).click();
    await asked;
    release();
    await expectRequiredMessages(page);
    await expect(page).toHaveURL(/\/$/);
    expect(posts).toEqual([]);
  });
});

test.describe('the very first press of Send', () => {
  for (const path of ['/', '/contact']) {
    test(`on ${path}, checks the empty form in the browser: the three messages, no post, no reload`, async ({
      page,
    }) => {
      const posts: string[] = [];
      page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
      let navigations = 0;
      page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations++);
      await page.goto(path);
      const loaded = navigations;
      // No waiting for the form's code: the visitor scrolls to the form and presses at once.
      await form(page).getByRole('button', { name: 'Send Message' }).click();
      await expectRequiredMessages(page);
      expect(posts).toEqual([]);
      expect(navigations).toBe(loaded);
      await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/' : '/contact'}$`));
    });
  }
});

test.describe('field messages clear as soon as the field is valid', () => {
  test('with the script, on input and on blur, and only the fixed field', async ({ page }) => {
    const f = await hydratedForm(page);
    await f.getByRole('button', { name: 'Send Message' }).click();
    await expectRequiredMessages(page);
    // Typing a valid name clears its message at once; the others stay.
    await f.getByLabel('Name').fill('Jo');
    await expect(f.getByText(CONTACT.nameMin)).toHaveCount(0);
    await expect(f.getByLabel('Name')).not.toHaveAttribute('aria-invalid');
    await expect(f.getByLabel('Name')).toHaveAccessibleDescription('');
    await expect(f.getByLabel('Name')).not.toHaveClass(/\bborder-red-700\b/);
    await expect(f.getByText(CONTACT.email, { exact: true })).toBeVisible();
    // Still invalid: the message stays.
    await f.getByLabel('Email').pressSequentially('jo@');
    await expect(f.getByLabel('Email')).toHaveAccessibleDescription(CONTACT.email);
    // Made valid without an input event (a script or autofill), it clears when focus leaves it.
    await f.getByLabel('Email').evaluate((el: HTMLInputElement) => {
      el.value = 'jo@example.com';
    });
    await expect(f.getByLabel('Email')).toHaveAccessibleDescription(CONTACT.email);
    await f.getByLabel('Message').focus();
    await expect(f.getByLabel('Email')).toHaveAccessibleDescription('');
    await expect(f.getByText(CONTACT.email, { exact: true })).toHaveCount(0);
    await f.getByLabel('Message').fill('Long enough now.');
    await expect(f.getByText(CONTACT.messageMin)).toHaveCount(0);
    // A field that never had a message gets none while it is typed in.
    await f.getByLabel('Name').fill('J');
    await expect(f.getByText(CONTACT.nameMin)).toHaveCount(0);
  });

  test('after a plain post, the summary stays while a message stands and goes with the last one', async ({ page }) => {
    await page.route(CONTACT_SCRIPT, (route) => route.abort());
    await page.goto('/contact');
    await form(page).getByLabel('Name').fill('J');
    await form(page).getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(/\/contact\/result#contact$/);
    await page.unroute(CONTACT_SCRIPT);
    const f = form(page);
    const summary = page.getByRole('alert').filter({ hasText: CONTACT.invalidNotice });
    await expect(summary).toBeVisible();
    await expect(f.getByLabel('Name')).toHaveValue('J');
    await f.getByLabel('Name').fill('Jo');
    await expect(f).toHaveAttribute('data-enhanced', '');
    await expect(f.getByText(CONTACT.nameMin)).toHaveCount(0);
    await expect(summary).toBeVisible();
    await f.getByLabel('Email').fill('jo@example.com');
    await expect(summary).toBeVisible();
    await f.getByLabel('Message').fill('Long enough now.');
    await expect(f.getByText(CONTACT.messageMin)).toHaveCount(0);
    await expect(summary).toBeHidden();
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
    await expect(page).toHaveURL(/\/contact\/result#contact$/);
    const sent = page.getByRole('status').filter({ hasText: CONTACT.sentTitle });
    await expect(sent).toBeVisible();
    await expect(sent).toContainText(CONTACT.sentDescription);
    await expect(page.getByText(CONTACT.errorDescription)).toHaveCount(0);
    await expect(form(page).getByLabel('Name')).toHaveValue('');
    const db = createClient({ url: E2E_BUILDS.main.databaseUrl });
    // The server may be writing: wait for its lock instead of failing at once (SQLITE_BUSY).
    await db.execute('PRAGMA busy_timeout = 5000');
    const rows = await db.execute({ sql: 'SELECT name FROM contact_messages WHERE email = ?', args: [marker] });
    db.close();
    expect(rows.rows).toHaveLength(1);
  });

  for (const path of ['/', '/contact']) {
    test(`on ${path}, an empty form comes back with the three messages`, async ({ page }) => {
      await page.goto(path);
      await form(page).getByRole('button', { name: 'Send Message' }).click();
      await expect(page).toHaveURL(/\/contact\/result#contact$/);
      await expectRequiredMessages(page);
      await expect(page.getByRole('alert').filter({ hasText: CONTACT.invalidNotice })).toBeVisible();
    });
  }

  test('a refused form keeps what was typed, and only the refused fields get a message', async ({ page }) => {
    test.slow(); // two posts' worth of page loads and a reload
    await page.goto('/contact');
    const f = form(page);
    await fill(f, { name: 'Jo Doe', email: 'not-an-email', subject: 'Hello', message: 'Kept after a refusal.' });
    await f.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(/\/contact\/result#contact$/);
    const again = form(page);
    await expect(again.getByLabel('Email')).toHaveAccessibleDescription(CONTACT.email);
    await expect(again.getByLabel('Name')).not.toHaveAttribute('aria-invalid');
    await expect(again.getByLabel('Name')).toHaveValue('Jo Doe');
    await expect(again.getByLabel('Email')).toHaveValue('not-an-email');
    await expect(again.getByLabel('Subject (optional)')).toHaveValue('Hello');
    await expect(again.getByLabel('Message')).toHaveValue('Kept after a refusal.');
    // Shown once: a reload is a clean form, without a summary of messages no longer shown.
    await page.reload();
    await expect(form(page).getByLabel('Name')).toHaveValue('');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test('/contact/result is not indexed and not in the sitemap', async ({ page, request }) => {
  await page.goto('/contact/result');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(form(page)).toBeVisible();
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  expect(sitemap).not.toContain('/contact/result');
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
