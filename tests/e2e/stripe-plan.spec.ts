/**
 * The monthly plan in Stripe mode, end to end against the project's Stripe fake: the checkout
 * pays the build and keeps the card, the admin marks the site launched in the browser, the card
 * is subscribed then, and Stripe's renewals and a failed renewal are recorded.
 *
 * A second server from the main build runs for this spec with Stripe settings pointing at the
 * fake it starts (same SITE_URL, so the build serves; its own port and database). Its links that
 * Stripe or e-mails would follow name the main origin, so the spec plays those steps itself:
 * completing the session at the fake, the success redirect, the signed webhook deliveries.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { startStripeFake, type StripeFake } from '#features/payments/testing/stripe-fake.ts';
import { freePort, startServer, waitForServer } from '../../scripts/serve-build.mjs';
import { E2E_BUILDS, TEST_ADMIN } from './builds.ts';
import { adminSignsInOn } from './admin-session.ts';

const SECRET_KEY = 'sk_test_e2e_stripe_plan';
const WEBHOOK_SECRET = 'whsec_e2e_stripe_plan';
const DAY_S = 24 * 60 * 60;

let fake: StripeFake;
let server: ChildProcess;
let origin: string;
let dir: string;
let api: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fake = await startStripeFake();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dir = mkdtempSync(join(tmpdir(), 'palmetto-e2e-stripe-'));
  server = startServer({
    port,
    distDir: E2E_BUILDS.main.outDir,
    origin: E2E_BUILDS.main.origin,
    databaseUrl: `file:${join(dir, 'stripe.db')}`,
    env: {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
      RATE_LIMITS: 'off',
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
    },
    stdout: 'ignore',
  });
  await waitForServer(origin);
  api = await request.newContext({ baseURL: origin });
});

test.afterAll(async () => {
  await api?.dispose();
  server?.kill('SIGTERM');
  await new Promise((resolve) => (server?.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function query(sql: string, args: (string | number)[] = []) {
  const db = createClient({ url: `file:${join(dir, 'stripe.db')}` });
  try {
    return (await db.execute({ sql, args })).rows;
  } finally {
    db.close();
  }
}

/** Stripe delivering `event` to the webhook, signed as Stripe signs it. */
async function deliver(event: Record<string, unknown>) {
  const { payload, signature } = fake.sign(event, WEBHOOK_SECRET);
  const res = await api.post('/api/stripe/webhook', {
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    data: payload,
  });
  expect(res.status(), String(event.type)).toBe(200);
}

test('Stripe mode: the card is kept at checkout, subscribed at launch, and renewals and a failure are recorded', async ({
  browser,
}) => {
  test.slow();
  const email = `stripe-plan-${Date.now()}@example.com`;
  const placed = await api.post('/api/checkout', {
    data: {
      name: 'Paz Card',
      email,
      phone: '(407) 555-0177',
      businessName: 'Card Cafe',
      terms: true,
      monthly: true,
    },
  });
  expect(placed.status()).toBe(201);
  const { orderId, redirect } = (await placed.json()) as { orderId: string; redirect: string };
  const sessionId = redirect.slice(`${fake.url}/pay/`.length);
  // The session pays the build only, and asks Stripe to keep the card for the plan.
  expect(fake.sessions.get(sessionId)).toMatchObject({ mode: 'payment', amount_total: 380_000 });

  // The customer pays on Stripe's page and comes back.
  const paid = fake.completeSession(sessionId);
  const back = await api.get(`/checkout/complete?session_id=${sessionId}`, { maxRedirects: 0 });
  expect(back.status()).toBe(303);
  const intent = fake.paymentIntents.get(paid.payment_intent!)!;
  expect(intent).toMatchObject({ setup_future_usage: 'off_session', customer: paid.customer });
  const [order] = await query('SELECT status, total_cents FROM orders WHERE id = ?', [orderId]);
  expect(order).toMatchObject({ status: 'paid', total_cents: 380_000 });
  const [waiting] = await query('SELECT id, status, payment_reference FROM subscriptions WHERE order_id = ?', [
    orderId,
  ]);
  expect(waiting).toMatchObject({ status: 'pending', payment_reference: null });

  // The admin marks the site launched, in the browser.
  const admin = await browser.newContext({ baseURL: origin });
  const page = await admin.newPage();
  await adminSignsInOn(admin, origin);
  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByRole('main')).toContainText('$199 per month from launch');
  await page.getByLabel('Live site address (optional)').fill('https://card-cafe.example');
  await page.getByRole('button', { name: 'Mark launched' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'the monthly plan started' })).toBeVisible();
  await admin.close();

  const [started] = await query('SELECT id, status, payment_reference FROM subscriptions WHERE order_id = ?', [
    orderId,
  ]);
  expect(started).toMatchObject({ status: 'active' });
  const subscription = fake.subscriptions.get(String(started!.payment_reference))!;
  expect(subscription).toMatchObject({ customer: paid.customer, default_payment_method: intent.payment_method });

  // Stripe's first invoice, a renewal (delivered twice), then a renewal it could not charge.
  const first = fake.invoice(subscription.id, { billingReason: 'subscription_create' });
  await deliver(fake.event('invoice.paid', first));
  const renewal = fake.invoice(subscription.id, { periodEnd: Math.floor(Date.now() / 1000) + 61 * DAY_S });
  await deliver(fake.event('invoice.paid', renewal));
  await deliver(fake.event('invoice.paid', renewal));
  const receipts = await query(
    `SELECT purpose, status, paid_method, total_cents, provider_reference FROM invoices
      WHERE subscription_id = ? ORDER BY period_start`,
    [String(started!.id)],
  );
  expect(receipts.map((r) => [r.purpose, r.status, r.paid_method, r.total_cents, r.provider_reference])).toEqual([
    ['plan', 'paid', 'card', 19_900, first.id],
    ['plan', 'paid', 'card', 19_900, renewal.id],
  ]);

  const failed = fake.invoice(subscription.id, {
    status: 'open',
    periodEnd: Math.floor(Date.now() / 1000) + 92 * DAY_S,
  });
  await deliver(fake.event('invoice.payment_failed', failed));
  await deliver(fake.event('invoice.payment_failed', failed));
  const [behind] = await query('SELECT status FROM subscriptions WHERE id = ?', [String(started!.id)]);
  expect(behind).toMatchObject({ status: 'past_due' });
  const told = await query(`SELECT kind FROM outbox WHERE kind IN ('renewal-failed', 'renewal-failed-notice')`);
  expect(told.map((m) => m.kind).sort()).toEqual(['renewal-failed', 'renewal-failed-notice']);
});
