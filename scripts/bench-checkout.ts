// Checkout under load, and durability of orders when the server is killed mid-load.
// Part of `npm run bench` (or alone: `node scripts/bench-checkout.ts [--skip-build]`).
//
// 1. Page: 20 connections GET /checkout (each a new visitor: the page is rendered on demand
//    and sets its form key) for 10 s; the p99 latency must stay under 100 ms. One connection
//    for 3 s first says what a single render costs (20 connections queue behind each other).
// 2. Orders: 20 connections POST /api/checkout, each a new visitor with a unique form key
//    (a pending account, its activation link, the order and its items, three e-mails, all in
//    one commit), for 15 s; reports accepted orders/s and latency, then checks that every
//    order acknowledged with 201 is in the database as the server priced it.
// 3. Crash: the same load, the server is killed with SIGKILL half-way and restarted; every
//    acknowledged order must be there with its items, its build invoice (invoice mode issues it
//    in the order's commit: no order without its invoice) and its confirmation e-mail in the outbox.
// Rate limits are switched off for this run only (RATE_LIMITS=off; the server warns).
import { type ChildProcess, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import autocannon from 'autocannon';
import type { BuildInfo } from '#integrations/build-info.ts';
import { freePort, startServer, waitForServer } from './serve-build.mjs';

const args = process.argv.slice(2);
const PORT = await freePort();
const ORIGIN = `http://127.0.0.1:${PORT}`;
// Its own build: a build serves only the SITE_URL it was made for (src/integrations/build-info.ts).
const OUT_DIR = 'dist-bench-checkout';
const CONNECTIONS = 20;
const PAGE_SECONDS = 10;
const LOAD_SECONDS = 15;
const CRASH_SECONDS = 12;
const BUDGET = { pageP99Ms: 100, lost: 0 };

/** What the default build (the custom reading) charges, in cents: src/data/pricing.ts. */
const PRICES = { build: 380_000, extraPage: 15_000, monthly: 19_900 };
/**
 * Three kinds of order, so the check covers every line an order can have. The total (and the
 * build invoice) is the one-time lines: the monthly plan's line is billed from launch.
 */
const VARIANTS = [
  { extraPages: 0, monthly: false, items: 1, totalCents: PRICES.build, linesCents: PRICES.build },
  {
    extraPages: 2,
    monthly: false,
    items: 2,
    totalCents: PRICES.build + 2 * PRICES.extraPage,
    linesCents: PRICES.build + 2 * PRICES.extraPage,
  },
  {
    extraPages: 1,
    monthly: true,
    items: 3,
    totalCents: PRICES.build + PRICES.extraPage,
    linesCents: PRICES.build + PRICES.extraPage + PRICES.monthly,
  },
];

const builtFor = () => {
  try {
    return (JSON.parse(readFileSync(join(OUT_DIR, 'build-info.json'), 'utf8')) as BuildInfo).siteUrl;
  } catch {
    return null;
  }
};
if (!args.includes('--skip-build') || !existsSync(join(OUT_DIR, 'server', 'entry.mjs')) || builtFor() !== ORIGIN) {
  console.log(`bench-checkout: building into ${OUT_DIR}`);
  const build = spawnSync('npm', ['run', 'build', '--silent'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      OUT_DIR,
      SITE_URL: ORIGIN,
      ASTRO_TELEMETRY_DISABLED: '1',
      PUBLIC_META_PIXEL_ID: '',
      PRICING_MODEL: 'custom',
    },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const databaseUrl = `file:${join(mkdtempSync(join(tmpdir(), 'palmetto-checkout-load-')), 'load.db')}`;

// A real server logs every request: keep that cost (LOG_LEVEL=info), discard the output.
// No Stripe keys: invoice mode, as the e2e builds run.
const serve = () =>
  startServer({
    port: PORT,
    distDir: OUT_DIR,
    origin: ORIGIN,
    databaseUrl,
    env: { RATE_LIMITS: 'off', LOG_LEVEL: 'info', STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' },
    stdout: 'ignore',
  });

const stop = async (server: ChildProcess) => {
  if (server.exitCode !== null || server.signalCode) return;
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
};

const run = (options: autocannon.Options, onStart?: (instance: autocannon.Instance) => void) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    onStart?.(instance);
  });

let sequence = 0;
const runId = Date.now().toString(36);

/** An order as the bench posted it, and the id the server acknowledged it with. */
interface PostedOrder {
  email: string;
  variant: (typeof VARIANTS)[number];
}
type AcknowledgedOrder = PostedOrder & { orderId: string };

/** POSTs orders; returns autocannon's result and each order acknowledged with 201. */
async function orderLoad(seconds: number, onStart?: (instance: autocannon.Instance) => void) {
  const acknowledged: AcknowledgedOrder[] = [];
  // The order each connection has in flight, keyed by autocannon's per-connection context object.
  const inFlight = new WeakMap<object, PostedOrder>();
  const result = await run(
    {
      url: ORIGIN,
      connections: CONNECTIONS,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          path: '/api/checkout',
          headers: { 'content-type': 'application/json' },
          setupRequest: (req, context) => {
            sequence += 1;
            const variant = VARIANTS[sequence % VARIANTS.length]!;
            const email = `order-${runId}-${sequence}@example.com`;
            inFlight.set(context, { email, variant });
            return {
              ...req,
              body: JSON.stringify({
                name: `Load Buyer ${sequence}`,
                email,
                phone: '(407) 555-0199',
                businessName: `Load Business ${sequence}`,
                extraPages: variant.extraPages,
                monthly: variant.monthly,
                terms: true,
                idempotencyKey: `bench${runId}x${sequence}`.padEnd(16, '0'),
              }),
            };
          },
          onResponse: (status, body, context) => {
            if (status === 201) {
              const { orderId } = JSON.parse(body) as { orderId: string };
              acknowledged.push({ orderId, ...inFlight.get(context)! });
            }
          },
        },
      ],
    },
    onStart,
  );
  return { result, acknowledged };
}

/** How many acknowledged orders are missing, or not as acknowledged, by kind of problem. */
interface OrderProblems {
  missing: number;
  items: number;
  total: number;
  /** Without its build invoice, or with one for another amount. */
  invoice: number;
  confirmation: number;
}

/** Orders acknowledged but missing, or not as acknowledged: no row, wrong items or total, no confirmation. */
async function verifyOrders(acknowledged: AcknowledgedOrder[]) {
  const client = createClient({ url: databaseUrl });
  const problems: OrderProblems = { missing: 0, items: 0, total: 0, invoice: 0, confirmation: 0 };
  try {
    for (let i = 0; i < acknowledged.length; i += 200) {
      const chunk = acknowledged.slice(i, i + 200);
      const marks = chunk.map(() => '?').join(',');
      const ids = chunk.map((o) => o.orderId);
      const orders = await client.execute({
        sql: `SELECT o.id, o.email, o.total_cents,
                (SELECT count(*) FROM order_items i WHERE i.order_id = o.id) AS items,
                (SELECT coalesce(sum(i.amount_cents), 0) FROM order_items i WHERE i.order_id = o.id) AS items_cents,
                (SELECT v.total_cents FROM invoices v
                  WHERE v.order_id = o.id AND v.purpose = 'build' AND v.status <> 'void') AS invoice_cents
              FROM orders o WHERE o.id IN (${marks})`,
        args: ids,
      });
      const mails = await client.execute({
        sql: `SELECT "to", subject FROM outbox WHERE kind = 'order-confirmation' AND "to" IN (${marks})`,
        args: chunk.map((o) => o.email),
      });
      const byId = new Map(orders.rows.map((r) => [String(r.id), r]));
      const subjects = new Map(mails.rows.map((r) => [String(r.to), String(r.subject)]));
      for (const order of chunk) {
        const row = byId.get(order.orderId);
        if (!row) {
          problems.missing += 1;
          continue;
        }
        if (Number(row.items) !== order.variant.items) problems.items += 1;
        if (
          Number(row.total_cents) !== order.variant.totalCents ||
          Number(row.items_cents) !== order.variant.linesCents
        )
          problems.total += 1;
        if (row.invoice_cents === null || Number(row.invoice_cents) !== order.variant.totalCents) problems.invoice += 1;
        const number = `ORD-${order.orderId.slice(0, 8).toUpperCase()}`;
        if (!subjects.get(order.email)?.includes(number)) problems.confirmation += 1;
      }
    }
  } finally {
    client.close();
  }
  return problems;
}

const summarize = (p: OrderProblems) =>
  `${p.missing} missing, ${p.items} with wrong items, ${p.total} with a wrong total, ${p.invoice} without their invoice, ${p.confirmation} without confirmation`;
const bad = (p: OrderProblems) => p.missing + p.items + p.total + p.invoice + p.confirmation;

const checks: { name: string; ok: boolean; detail: string }[] = [];
const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });

let server = serve();
try {
  await waitForServer(ORIGIN);

  // 1. The page: one connection first (what one render costs), then the budget's twenty.
  const single = await run({ url: `${ORIGIN}/checkout`, connections: 1, duration: 3 });
  console.log(
    `page, 1 connection: ${Math.round(single.requests.average)} req/s, latency p50 ${single.latency.p50} ms, p99 ${single.latency.p99} ms`,
  );
  console.log(`bench-checkout: GET /checkout, ${CONNECTIONS} connections for ${PAGE_SECONDS} s`);
  const page = await run({ url: `${ORIGIN}/checkout`, connections: CONNECTIONS, duration: PAGE_SECONDS });
  console.log(
    `page: ${Math.round(page.requests.average)} req/s, latency p50 ${page.latency.p50} ms, p99 ${page.latency.p99} ms, ` +
      `max ${page.latency.max} ms, non-2xx ${page.non2xx}, errors ${page.errors}`,
  );
  check(`GET /checkout p99 < ${BUDGET.pageP99Ms} ms`, page.latency.p99 < BUDGET.pageP99Ms, `${page.latency.p99} ms`);
  check(
    'GET /checkout answers 200 only',
    page.non2xx === 0 && page.errors === 0,
    `${page.non2xx} non-2xx, ${page.errors} errors`,
  );

  // 2. Orders under load.
  console.log(`bench-checkout: POST /api/checkout, ${CONNECTIONS} connections for ${LOAD_SECONDS} s`);
  const { result, acknowledged } = await orderLoad(LOAD_SECONDS);
  await stop(server);
  const problems = await verifyOrders(acknowledged);
  console.log(
    `orders: ${acknowledged.length} acknowledged in ${LOAD_SECONDS} s = ${(acknowledged.length / LOAD_SECONDS).toFixed(1)} orders/s ` +
      `(autocannon average ${Math.round(result.requests.average)} req/s), latency p50 ${result.latency.p50} ms, ` +
      `p99 ${result.latency.p99} ms, max ${result.latency.max} ms, non-2xx ${result.non2xx}, errors ${result.errors}; ` +
      summarize(problems),
  );
  check(
    'orders acknowledged under load',
    acknowledged.length > 0 && result.non2xx === 0,
    `${acknowledged.length}, ${result.non2xx} non-2xx`,
  );
  check('acknowledged orders intact under load', bad(problems) === BUDGET.lost, summarize(problems));

  // 3. SIGKILL mid-load, restart, verify.
  server = serve();
  await waitForServer(ORIGIN);
  console.log(`bench-checkout: crash test, SIGKILL after ${CRASH_SECONDS / 2} s of order load`);
  const { acknowledged: beforeCrash } = await orderLoad(CRASH_SECONDS, () => {
    setTimeout(() => server.kill('SIGKILL'), (CRASH_SECONDS / 2) * 1000);
  });
  await new Promise<void>((r) => (server.exitCode !== null || server.signalCode ? r() : server.once('exit', r)));
  server = serve();
  await waitForServer(ORIGIN);
  const afterCrash = await verifyOrders(beforeCrash);
  console.log(
    `crash: ${beforeCrash.length} orders acknowledged before SIGKILL; after restart ${summarize(afterCrash)}`,
  );
  check(
    'acknowledged orders intact after SIGKILL',
    beforeCrash.length > 0 && bad(afterCrash) === BUDGET.lost,
    `${bad(afterCrash)} of ${beforeCrash.length} not intact`,
  );
} finally {
  await stop(server);
}

console.log('\nBudgets');
for (const c of checks) console.log(`${c.ok ? 'PASS' : 'FAIL'}  ${c.name.padEnd(44)} ${c.detail}`);
const failed = checks.filter((c) => !c.ok).length;
console.log(`\n${checks.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
