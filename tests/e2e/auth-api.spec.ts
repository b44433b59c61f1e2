import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminStorageState } from './admin-session.ts';

const unique = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const json = { 'content-type': 'application/json' };

async function register(request: APIRequestContext, email = unique('api')) {
  const res = await request.post('/api/register', {
    headers: json,
    data: { name: 'Api Tester', email, password: 'lantern-pelican-orbit' },
  });
  expect(res.status()).toBe(201);
  return { res, email };
}

test.describe('auth endpoints', () => {
  test('register: 201 with the user and a session cookie; 400 field errors; 409 when taken', async ({ request }) => {
    const { res, email } = await register(request);
    const user = await res.json();
    expect(user).toEqual({ id: expect.any(String), name: 'Api Tester', email, role: 'customer' });
    expect(JSON.stringify(user)).not.toMatch(/hash|password/i);
    const cookie = res.headers()['set-cookie']!;
    expect(cookie).toMatch(/^session=[a-z2-9]{26}\.[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    const expires = new Date(/Expires=([^;]+)/.exec(cookie)![1]!).getTime();
    expect(expires - Date.now()).toBeGreaterThan(9.9 * 24 * 3600_000);

    expect((await request.get('/api/user')).status()).toBe(200);
    const taken = await request.post('/api/register', {
      headers: json,
      data: { name: 'Other', email: email.toUpperCase(), password: 'another-unusual-pass' },
    });
    expect(taken.status()).toBe(409);
    expect(await taken.json()).toEqual({ error: 'An account with this email already exists' });
    const bad = await request.post('/api/register', {
      headers: json,
      data: { name: 'X', email: 'nope', password: 'short' },
    });
    expect(bad.status()).toBe(400);
    expect(Object.keys((await bad.json()).fields).sort()).toEqual(['email', 'name', 'password']);
    const common = await request.post('/api/register', {
      headers: json,
      data: { name: 'Common', email: unique('common'), password: 'password' },
    });
    expect(common.status()).toBe(400);
  });

  test('login: one message whether or not the e-mail exists; 200 with a new session', async ({
    playwright,
    baseURL,
  }) => {
    const api = await playwright.request.newContext({ baseURL });
    const { email } = await register(api);
    await api.post('/api/logout');
    const wrong = await api.post('/api/login', { headers: json, data: { email, password: 'not-the-password' } });
    const unknown = await api.post('/api/login', {
      headers: json,
      data: { email: unique('ghost'), password: 'not-the-password' },
    });
    expect(wrong.status()).toBe(401);
    expect(unknown.status()).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'Invalid email or password' });
    expect(await unknown.json()).toEqual(await wrong.json());
    const ok = await api.post('/api/login', { headers: json, data: { email, password: 'lantern-pelican-orbit' } });
    expect(ok.status()).toBe(200);
    expect((await ok.json()).email).toBe(email);
    await api.dispose();
  });

  test('logout: 204, and the old session no longer works', async ({ playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL });
    await register(api);
    const { cookies } = await api.storageState();
    const logout = await api.post('/api/logout');
    expect(logout.status()).toBe(204);
    expect((await api.get('/api/user')).status()).toBe(401);
    // Replaying the old cookie is refused too: the row is gone.
    const replay = await playwright.request.newContext({ baseURL, storageState: { cookies, origins: [] } });
    expect((await replay.get('/api/user')).status()).toBe(401);
    await Promise.all([api.dispose(), replay.dispose()]);
  });

  test('changing the password ends every other session', async ({ playwright, baseURL }) => {
    const a = await playwright.request.newContext({ baseURL });
    const { email } = await register(a);
    const b = await playwright.request.newContext({ baseURL });
    expect(
      (await b.post('/api/login', { headers: json, data: { email, password: 'lantern-pelican-orbit' } })).status(),
    ).toBe(200);
    const change = await a.post('/api/account/password', {
      headers: json,
      data: { currentPassword: 'lantern-pelican-orbit', newPassword: 'brand-new-passphrase' },
    });
    expect(change.status()).toBe(200);
    expect((await a.get('/api/user')).status()).toBe(200);
    expect((await b.get('/api/user')).status()).toBe(401);
    await Promise.all([a.dispose(), b.dispose()]);
  });

  test('other methods get a JSON 405 with Allow', async ({ request }) => {
    const res = await request.get('/api/login');
    expect(res.status()).toBe(405);
    expect(res.headers().allow).toBe('POST');
    expect(await res.json()).toEqual({ error: 'Method not allowed' });
    expect((await request.delete('/api/user')).status()).toBe(405);
  });

  test('JSON endpoints refuse other content types and cross-site requests', async ({ request }) => {
    expect((await request.post('/api/login', { headers: { 'content-type': 'text/plain' }, data: '{}' })).status()).toBe(
      415,
    );
    const cross = await request.post('/api/login', {
      headers: { ...json, 'sec-fetch-site': 'cross-site' },
      data: { email: 'a@b.co', password: 'x' },
    });
    expect(cross.status()).toBe(403);
    expect((await request.post('/api/logout', { headers: { origin: 'https://evil.example' } })).status()).toBe(403);
  });

  test('forgot password answers the same whether or not the account exists', async ({ request }) => {
    const { email } = await register(request);
    const known = await request.post('/api/password/forgot', { headers: json, data: { email } });
    const unknown = await request.post('/api/password/forgot', { headers: json, data: { email: unique('nobody') } });
    expect(known.status()).toBe(202);
    expect(unknown.status()).toBe(202);
    expect(await known.json()).toEqual(await unknown.json());
  });

  test('admin API: 401 anonymous, 403 customer, 200 admin', async ({ playwright, baseURL }) => {
    const anon = await playwright.request.newContext({ baseURL });
    expect((await anon.get('/api/admin/messages')).status()).toBe(401);
    await register(anon);
    expect((await anon.get('/api/admin/messages')).status()).toBe(403);
    // The admin signed in with password and code (admin-session.ts).
    const admin = await playwright.request.newContext({ baseURL, storageState: await adminStorageState(baseURL) });
    expect((await admin.get('/api/admin/messages')).status()).toBe(200);
    await Promise.all([anon.dispose(), admin.dispose()]);
  });
});

test.describe('private responses', () => {
  test('never cached, and carry the security headers', async ({ request }) => {
    for (const path of ['/auth', '/api/user', '/activate-account', '/forgot-password']) {
      const res = await request.get(path, { maxRedirects: 0 });
      const h = res.headers();
      expect(h['cache-control'], path).toBe('no-store');
      expect(h['x-content-type-options'], path).toBe('nosniff');
      expect(h['content-security-policy'], path).toContain("frame-ancestors 'none'");
    }
    const account = await request.get('/account', { maxRedirects: 0 });
    expect(account.headers()['cache-control']).toBe('no-store');
  });

  test('token pages send no referrer and answer 200 without a token', async ({ request }) => {
    for (const path of ['/activate-account', '/reset-password', '/activate-account?token=bogus']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      expect(res.headers()['referrer-policy'], path).toBe('no-referrer');
    }
    const html = await (await request.get('/activate-account?token=bogus')).text();
    expect(html).toContain('This link is not valid.');
    expect(html).toContain('Send activation link');
  });
});
