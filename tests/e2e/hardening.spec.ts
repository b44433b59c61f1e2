import { expect, test } from '@playwright/test';

test.describe('odd query values never crash a page', () => {
  const codes = ['valueOf', 'constructor', 'toString', '__proto__', 'hasOwnProperty'];
  for (const path of ['/auth', '/forgot-password', '/activate-account', '/reset-password?token=abc']) {
    test(`${path} with error/notice codes named after Object's own properties`, async ({ request }) => {
      for (const code of codes) {
        const join = path.includes('?') ? '&' : '?';
        const res = await request.get(`${path}${join}error=${code}&notice=${code}`);
        expect(res.status(), code).toBe(200);
        const html = await res.text();
        expect(html).not.toContain('Internal server error');
        expect(html).not.toContain('[native code]');
      }
    });
  }
});

test.describe('methods and unknown API paths on the real server', () => {
  test('TRACE is refused with a JSON 405, HEAD works where GET does, unknown /api paths are a JSON 404', async ({
    request,
  }) => {
    const trace = await request.fetch('/', { method: 'TRACE' });
    expect(trace.status()).toBe(405);
    expect(await trace.json()).toEqual({ error: 'Method not allowed' });
    expect(trace.headers()['x-content-type-options']).toBe('nosniff');

    const get = await request.get('/api/user');
    const head = await request.head('/api/user');
    expect(head.status()).toBe(get.status());
    expect(head.status()).toBe(401);

    const missing = await request.get('/api/no-such-endpoint');
    expect(missing.status()).toBe(404);
    expect(missing.headers()['content-type']).toContain('application/json');
    expect(await missing.json()).toEqual({ error: 'Not found' });
  });
});
