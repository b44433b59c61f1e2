import { createClient } from '@libsql/client';
import { expect, test, type Page } from '@playwright/test';
import { authForm } from './auth-form.ts';
import { E2E_BUILDS, TEST_ADMIN } from './builds.ts';
import { adminSignInCode, adminTwoFactorKey } from './admin-session.ts';

const unique = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const notifications = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const ADMIN_ROUTES = [
  '/admin',
  '/admin/dashboard',
  '/admin/orders/123',
  '/admin/website-info',
  '/admin/website-info/123',
  '/admin/subscriptions/123',
  '/admin/custom-subscription',
];

async function registerInUi(page: Page, email = unique('ui'), password = 'lantern-pelican-orbit') {
  await page.goto('/auth');
  const form = await authForm(page, 'Create an account');
  await form.getByLabel('Name').fill('Ui Tester');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Create account' }).click();
  return email;
}

test.describe('/auth', () => {
  test('the server renders the state it knows: no request for the current user, nothing moves', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const userRequests: string[] = [];
    page.on(
      'request',
      (request) => new URL(request.url()).pathname === '/api/user' && userRequests.push(request.url()),
    );
    // Where the page below the panel sits, in document coordinates, before and after the script ran.
    const footerTop = () =>
      page.evaluate(() => {
        const footer = document.querySelector('footer');
        return Math.round(((footer?.getBoundingClientRect().top ?? Number.NaN) + window.scrollY) * 10) / 10;
      });
    const movedOnceEnhanced = async (shown: () => Promise<void>) => {
      await page.route('**/_astro/*.js', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await route.continue();
      });
      await page.goto('/auth', { waitUntil: 'domcontentloaded' });
      await shown();
      const before = await footerTop();
      expect(before).toBeGreaterThan(0);
      await expect(page.locator('[data-auth-panel]')).toHaveAttribute('data-enhanced', '');
      await page.unroute('**/_astro/*.js');
      return (await footerTop()) - before;
    };
    expect(
      await movedOnceEnhanced(() => expect(page.getByRole('heading', { name: 'Log in', exact: true })).toBeVisible()),
    ).toBe(0);
    await page.request.post('/api/register', {
      data: { name: 'Still Page', email: unique('still'), password: 'lantern-pelican-orbit' },
    });
    expect(await movedOnceEnhanced(() => expect(page.getByText('You are signed in as')).toBeVisible())).toBe(0);
    expect(userRequests).toEqual([]);
  });

  test('registration, logout and login raise the exact toasts', async ({ page }) => {
    const email = await registerInUi(page);
    await expect(notifications(page).getByText('Registration successful')).toBeVisible();
    await expect(notifications(page).getByText('Your account has been created')).toBeVisible();
    await expect(page.getByText('You are signed in as')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to My account' })).toHaveAttribute('href', '/account');

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(notifications(page).getByText('Logged out', { exact: true })).toBeVisible();
    await expect(notifications(page).getByText('You have been logged out successfully')).toBeVisible();

    const login = await authForm(page, 'Log in');
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill('lantern-pelican-orbit');
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(notifications(page).getByText('Login successful')).toBeVisible();
    await expect(notifications(page).getByText('Welcome back!')).toBeVisible();
  });

  test('failures are destructive toasts with the server text', async ({ page }) => {
    await page.goto('/auth');
    const login = await authForm(page, 'Log in');
    await login.getByLabel('Email').fill(unique('nobody'));
    await login.getByLabel('Password').fill('whatever-it-is');
    await login.getByRole('button', { name: 'Log in' }).click();
    const toast = notifications(page).locator('li');
    await expect(toast.getByText('Login failed')).toBeVisible();
    await expect(toast.getByText('Invalid email or password')).toBeVisible();
    await expect(toast).toHaveAttribute('data-variant', 'destructive');

    const email = unique('dup');
    await page.request.post('/api/register', { data: { name: 'First', email, password: 'lantern-pelican-orbit' } });
    await page.request.post('/api/logout');
    await page.reload();
    await registerInUi(page, email);
    await expect(notifications(page).getByText('Registration failed')).toBeVisible();
    await expect(notifications(page).getByText('An account with this email already exists')).toBeVisible();
  });

  test('a failed logout says so', async ({ page }) => {
    await registerInUi(page);
    await expect(page.getByText('You are signed in as')).toBeVisible();
    await page.route('/api/logout', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(notifications(page).getByText('Logout failed')).toBeVisible();
    await expect(notifications(page).getByText('500: Internal Server Error')).toBeVisible();
  });

  test('after signing in, static pages link to My account', async ({ page }) => {
    await registerInUi(page);
    await expect(page.getByText('You are signed in as')).toBeVisible();
    await page.goto('/pricing');
    await expect(page.getByRole('banner').getByRole('link', { name: 'My account' }).first()).toHaveAttribute(
      'href',
      '/account',
    );
    await page.context().clearCookies();
    await page.goto('/pricing');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' }).first()).toHaveAttribute(
      'href',
      '/auth',
    );
  });
});

test.describe('guards', () => {
  test('a raw GET of /account without a cookie is a redirect to /auth', async ({ request }) => {
    const res = await request.get('/account', { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe('/auth?next=%2Faccount');
    for (const path of ADMIN_ROUTES) {
      const admin = await request.get(path, { maxRedirects: 0 });
      expect(admin.status(), path).toBe(302);
      expect(admin.headers().location, path).toMatch(/^\/auth\?next=/);
    }
  });

  test('a customer on each admin route lands on /', async ({ page }) => {
    await registerInUi(page);
    await expect(page.getByText('You are signed in as')).toBeVisible();
    for (const path of ADMIN_ROUTES) {
      await page.goto(path);
      await expect(page, path).toHaveURL('/#admin-only');
    }
    await page.goto('/account/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile and security' })).toBeVisible();
    await expect(page.locator('[data-session="current"]')).toHaveCount(1);
  });

  test('the admin from ADMIN_EMAIL signs in with password and code, and sees the latest leads, escaped', async ({
    page,
    request,
  }) => {
    // The back office needs two-factor sign-in: set up once per run (admin-session.ts), as an app would hold it.
    await adminTwoFactorKey();
    const marker = `<b>lead-${Date.now()}</b>`;
    await request.post('/api/contact', {
      data: { name: 'Lead Person', email: 'lead@example.com', message: `Please call me ${marker}` },
    });
    await page.goto('/auth?next=/admin');
    const login = await authForm(page, 'Log in');
    await login.getByLabel('Email').fill(TEST_ADMIN.email);
    await login.getByLabel('Password').fill(TEST_ADMIN.password);
    await login.getByRole('button', { name: 'Log in' }).click();
    // The password alone opens nothing: the code step, then the back office.
    await expect(page.getByRole('heading', { level: 1, name: 'Enter your sign-in code' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Authentication code' }).fill(await adminSignInCode());
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('heading', { name: 'Latest contact messages' })).toBeVisible();
    // Other tests post messages too: find ours, shown as text (escaped), not as markup.
    await expect(page.locator('[data-contact-messages] li', { hasText: `Please call me ${marker}` })).toHaveCount(1);
    await expect(page.locator('[data-contact-messages] b')).toHaveCount(0);
    for (const path of ADMIN_ROUTES) {
      const res = await page.goto(path);
      // An order, intake or subscription that does not exist is the 404 page, for the admin too.
      expect(res?.status(), path).toBe(path.endsWith('/123') ? 404 : 200);
    }
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the guard still redirects, and the plain forms register, log out and log in', async ({ page }) => {
    await page.goto('/account');
    await expect(page).toHaveURL('/auth?next=%2Faccount');
    const email = unique('nojs');
    const register = page.locator('section', { has: page.getByRole('heading', { name: 'Create an account' }) });
    await register.getByLabel('Name').fill('No Script');
    await register.getByLabel('Email').fill(email);
    await register.getByLabel('Password').fill('lantern-pelican-orbit');
    await register.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL('/account');
    await expect(page.getByText(`Signed in as No Script (${email})`)).toBeVisible();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/auth');
    await expect(page.getByText('You have been logged out successfully')).toBeVisible();

    const login = page.locator('section', { has: page.getByRole('heading', { name: 'Log in', exact: true }) });
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill('wrong-password-x');
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill('lantern-pelican-orbit');
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/account');
  });

  test('an activation link sets the password and signs in', async ({ page }) => {
    const email = unique('activate');
    const db = createClient({ url: E2E_BUILDS.main.databaseUrl });
    // The server may be writing: wait for its lock instead of failing at once (SQLITE_BUSY).
    await db.execute('PRAGMA busy_timeout = 5000');
    // An account created for a customer (as checkout or an admin will), and its link.
    const { newAccountToken } = await import('#features/accounts/account-links.server.ts');
    const { toStatement } = await import('#server/db/write-queue.ts');
    const userId = crypto.randomUUID();
    const { token, statement } = newAccountToken(userId, 'activation');
    await db.execute({
      sql: `INSERT INTO users (id, name, email, password_hash, role, status, created_at, updated_at) VALUES (?, 'Pending Customer', ?, NULL, 'customer', 'pending', ?, ?)`,
      args: [userId, email, Date.now(), Date.now()],
    });
    await db.execute(toStatement(statement));
    db.close();
    await page.goto(`/activate-account?token=${encodeURIComponent(token)}`);
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByLabel('New password').fill('lantern-pelican-orbit');
    await page.getByRole('button', { name: 'Activate account' }).click();
    await expect(page).toHaveURL('/account');
    await expect(page.getByText('Your account is active and you are signed in.')).toBeVisible();
    await page.goto(`/activate-account?token=${encodeURIComponent(token)}`);
    await expect(page.getByText('This link has already been used.')).toBeVisible();
  });
});

test('the sign-in and contact pages run their scripts without errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  for (const path of ['/auth', '/auth?next=/admin', '/contact']) {
    await page.goto(path);
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await page.waitForLoadState('networkidle');
  }
  await page.getByLabel('Name').focus();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});
