import { expect, test } from '@playwright/test';

// The flat build's server runs with rate limits on (tests/e2e/builds.ts).
const json = { 'content-type': 'application/json' };

test('five failed logins for one e-mail, then 429 with Retry-After', async ({ request }) => {
  const email = `throttle-${Date.now()}@example.com`;
  for (let i = 0; i < 5; i++) {
    const res = await request.post('/api/login', { headers: json, data: { email, password: `wrong-${i}-password` } });
    expect(res.status()).toBe(401);
  }
  const limited = await request.post('/api/login', {
    headers: json,
    data: { email, password: 'wrong-again-password' },
  });
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()['retry-after'])).toBeGreaterThan(0);
  expect(await limited.json()).toEqual({ error: 'Too many requests. Please try again later.' });
});

test('the contact form allows 5 messages per 10 minutes per client', async ({ request }) => {
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await request.post('/api/contact', {
      headers: json,
      data: { name: 'Rate Tester', email: 'rate@example.com', message: `Message number ${i} for the limit.` },
    });
    statuses.push(res.status());
  }
  expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
});
