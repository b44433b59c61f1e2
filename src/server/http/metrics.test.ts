import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { login } from '#features/accounts/handlers/login.ts';
import { orders, outbox, users, type ORDER_STATUSES } from '../db/schema.ts';
import { tempDatabase } from '../db/temp-database.ts';
import { deliverDue } from '../email/outbox.ts';
import { consumeToken } from '../security/rate-limit.ts';
import { buildApp, type AppOptions } from './app.ts';
import { createMetrics, routeOfPath } from './metrics.ts';
import { callRoute } from './testing/call-route.ts';

const TOKEN = 'metrics-test-token-5f1c9e';

function fakeDist() {
  const dist = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dist, 'client', 'about'), { recursive: true });
  writeFileSync(join(dist, 'client', 'index.html'), '<!doctype html><title>Home</title><p>Home</p>');
  writeFileSync(join(dist, 'client', 'about', 'index.html'), '<!doctype html><title>About</title><p>About</p>');
  writeFileSync(join(dist, 'client', '404.html'), '<!doctype html><title>Not found</title><p>Not found</p>');
  writeFileSync(join(dist, 'client', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}

let temp: Awaited<ReturnType<typeof tempDatabase>>;
beforeAll(async () => {
  temp = await tempDatabase();
});
afterAll(() => temp.cleanup());

const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
async function app(options: Partial<AppOptions> = {}) {
  const built = await buildApp({
    distDir: fakeDist(),
    logger: false,
    // Stands in for Astro: one on-demand page with an id in its path, everything else not found.
    astroHandler: (req, res, next) => {
      if (req.url?.startsWith('/account/orders/')) {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end('<p>An order</p>');
      } else next?.();
    },
    operations: {
      database: temp.database,
      env: { METRICS_TOKEN: TOKEN, METRICS_ALLOW: ['127.0.0.1', '::1'], OUTBOX_STUCK_AFTER: 15 * 60_000 },
      metrics: createMetrics({ db: temp.database.db }),
    },
    ...options,
  });
  apps.push(built);
  return built;
}
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
});

/** The value of one sample line, e.g. `orders_by_status{status="paid"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics access', () => {
  it('is refused like an unknown path from an address not on METRICS_ALLOW, or with a wrong token', async () => {
    const server = await app();
    const unknown = await server.inject({ url: '/no-such-page', remoteAddress: '203.0.113.9' });
    for (const headers of [{}, { authorization: 'Bearer wrong-token' }, { authorization: TOKEN }]) {
      const res = await server.inject({ url: '/metrics', remoteAddress: '203.0.113.9', headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(unknown.body);
      expect(res.body).not.toContain('http_requests_total');
    }
  });

  it('answers the token from anywhere, and allowed addresses without it', async () => {
    const server = await app();
    const withToken = await server.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(withToken.headers['cache-control']).toBe('no-store');
    expect((await server.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
  });

  it('does not take a proxy on this machine for a local client', async () => {
    // Without TRUST_PROXY a proxied request's address is the proxy's own (127.0.0.1 here).
    const direct = await app();
    const proxied = await direct.inject({
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(404);
    // With TRUST_PROXY the address is the visitor's, which is then what is checked.
    const behindProxy = await app({ trustProxy: '127.0.0.1' });
    const visitor = await behindProxy.inject({
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(visitor.statusCode).toBe(404);
    const local = await behindProxy.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
  });
});

describe('GET /metrics content', () => {
  it('counts requests by route (ids replaced, pages and files grouped) with their latency', async () => {
    const server = await app();
    await server.inject({ url: '/about' });
    await server.inject({ url: '/favicon.svg' });
    await server.inject({ url: '/account/orders/abcdefghijkmnpqrstuvwxyz23' });
    await server.inject({ url: '/wp-login.php' });
    await server.inject({ url: '/healthz' });
    const text = (await server.inject({ url: '/metrics' })).body;
    expect(sample(text, 'http_requests_total{route="(page)",method="GET",status="2xx"}')).toBe(1);
    expect(sample(text, 'http_requests_total{route="(static)",method="GET",status="2xx"}')).toBe(1);
    expect(sample(text, 'http_requests_total{route="/account/orders/:id",method="GET",status="2xx"}')).toBe(1);
    expect(sample(text, 'http_requests_total{route="(not found)",method="GET",status="4xx"}')).toBe(1);
    expect(sample(text, 'http_requests_total{route="/healthz",method="GET",status="2xx"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{route="/account/orders/:id",method="GET"}')).toBe(1);
    expect(text).toContain('process_cpu_seconds_total');
    expect(text).not.toContain('wp-login');
  });

  it('reports the write queue, outbox, rate limits and sign-in failures from the code that sees them', async () => {
    const server = await app();
    const { database } = temp;

    await database.writes.run([database.db.select({ id: outbox.id }).from(outbox).limit(1)]);
    const rule = { name: 'metrics-test', capacity: 1, windowMs: 60_000 };
    expect((await consumeToken(database.writes, rule, 'k', Date.now(), true)).ok).toBe(true);
    expect((await consumeToken(database.writes, rule, 'k', Date.now(), true)).ok).toBe(false);

    await database.db.insert(outbox).values({
      id: 'failing-mail',
      kind: 'test',
      to: 'someone@example.com',
      subject: 'Test',
      text: '',
      html: '',
      nextAttemptAt: new Date(Date.now() - 1000),
      createdAt: new Date(),
    });
    const failing = {
      mode: 'smtp' as const,
      from: 'a@example.com',
      send: async () => Promise.reject(new Error('SMTP down')),
      close: () => {},
    };
    expect(await deliverDue(database.db, failing)).toEqual({ sent: 0, failed: 1 });

    const body = { email: `nobody-${Date.now()}@example.com`, password: 'not-the-password' };
    const { response } = await callRoute(login, '/api/login', { body, ip: '203.0.113.77' });
    expect(response.status).toBe(401);

    const text = (await server.inject({ url: '/metrics' })).body;
    expect(sample(text, 'write_queue_commit_duration_seconds_count{outcome="committed"}')).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'write_queue_depth')).toBe(0);
    expect(sample(text, 'rate_limit_refusals_total{rule="metrics-test"}')).toBe(1);
    expect(sample(text, 'outbox_delivery_failures_total')).toBe(1);
    expect(sample(text, 'sign_in_failures_total')).toBe(1);
    // The failed mail waits for its retry: pending, not due.
    expect(sample(text, 'outbox_pending_messages')).toBe(1);
    expect(sample(text, 'outbox_due_messages')).toBe(0);
    expect(sample(text, 'database_up')).toBe(1);
  });

  it('orders by status match the table', async () => {
    const { db } = temp.database;
    const at = new Date();
    await db.insert(users).values({
      id: 'metrics-buyer',
      name: 'Buyer',
      email: 'metrics-buyer@example.com',
      role: 'customer',
      status: 'active',
      createdAt: at,
      updatedAt: at,
    });
    const statuses: (typeof ORDER_STATUSES)[number][] = ['paid', 'paid', 'pending_payment', 'canceled', 'paid'];
    await db.insert(orders).values(
      statuses.map((status, i) => ({
        id: `metrics-order-${i}`,
        userId: 'metrics-buyer',
        name: 'Buyer',
        email: 'metrics-buyer@example.com',
        phone: '(407) 555-0199',
        businessName: 'Buyer Co',
        status,
        totalCents: 1000,
        paymentProvider: 'invoice' as const,
        createdAt: at,
        updatedAt: at,
      })),
    );
    const server = await app();
    const text = (await server.inject({ url: '/metrics' })).body;
    const rows = await temp.database.client.execute('SELECT status, count(*) AS n FROM orders GROUP BY status');
    expect(rows.rows.length).toBe(3);
    for (const row of rows.rows) {
      expect(sample(text, `orders_by_status{status="${row.status}"}`)).toBe(Number(row.n));
    }
    expect(sample(text, 'orders_by_status{status="refunded"}')).toBe(0);
  });
});

describe('route labels', () => {
  it('replace ids, numbers and long keys, and group every not-found path', () => {
    expect(routeOfPath('/api/admin/orders/abcdefghijkmnpqrstuvwxyz23/status', 200)).toBe(
      '/api/admin/orders/:id/status',
    );
    expect(routeOfPath('/admin/orders/12345', 303)).toBe('/admin/orders/:id');
    expect(routeOfPath('/api/login?next=/account', 200)).toBe('/api/login');
    expect(routeOfPath('/.env', 404)).toBe('(not found)');
  });
});
