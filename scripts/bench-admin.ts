// The admin lists at volume: `node scripts/bench-admin.ts [--skip-build]` (part of `npm run bench`).
//
// Seeds a temp database with 100,000 orders, 100,000 contact messages, 10,000 subscriptions,
// 100,000 invoices, 100,000 bookings, 20,000 project threads (about 100,000 thread messages, with
// review rounds), 10,000 care-plan requests and 20,000 leads (scripts/db-seed.ts), serves a
// production build with an admin from ADMIN_EMAIL, signs in, then loads the dashboard, each list
// and a record page of each kind with autocannon (20 connections, 5 s each, after two rounds of 2 s of each to warm up), /book
// without a session, and times a full /api/admin/export/orders.csv download. Budget: every page
// under 100 ms p99. The server runs one process per core (WEB_CONCURRENCY), as docs/operations.md
// says to deploy it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { createClient } from '@libsql/client';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import { signInFirstAdmin } from './admin-sign-in.ts';
import { CHROMIUM_ARGS, systemChromium } from './chromium.mjs';
import { freePort, startServer, waitForServer } from './serve-build.mjs';

const args = process.argv.slice(2);
const OUT_DIR = 'dist-bench-admin';
// A build serves only the SITE_URL it was made for: --skip-build reuses the build's own port.
const builtFor = () => {
  try {
    return (JSON.parse(readFileSync(join(OUT_DIR, 'build-info.json'), 'utf8')) as { siteUrl: string }).siteUrl;
  } catch {
    return null;
  }
};
const skipBuild = args.includes('--skip-build') && existsSync(join(OUT_DIR, 'server', 'entry.mjs')) && builtFor();
const PORT = skipBuild ? Number(new URL(builtFor()!).port) : await freePort();
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CONNECTIONS = 20;
const SECONDS = 5;
const WARM_UP_SECONDS = 2;
const WARM_UP_PASSES = 2;
const BUDGET_P99_MS = 100;
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-passphrase-2026' };

if (!skipBuild) {
  console.log(`bench-admin: building into ${OUT_DIR}`);
  const build = spawnSync('npm', ['run', 'build', '--silent'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, OUT_DIR, SITE_URL: ORIGIN, ASTRO_TELEMETRY_DISABLED: '1', PUBLIC_META_PIXEL_ID: '' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const databaseUrl = `file:${join(mkdtempSync(join(tmpdir(), 'palmetto-admin-bench-')), 'admin.db')}`;
console.log(
  'bench-admin: seeding 100,000 orders, 100,000 messages, 10,000 subscriptions, 100,000 invoices, ' +
    '100,000 bookings, 20,000 threads, 10,000 requests, 20,000 leads',
);
const seed = spawnSync(
  'node',
  [
    'scripts/db-seed.ts',
    ...['--orders', '100000', '--messages', '100000', '--subscriptions', '10000', '--invoices', '100000'],
    ...['--bookings', '100000', '--threads', '20000', '--requests', '10000', '--leads', '20000'],
  ],
  { stdio: 'inherit', env: { ...process.env, DATABASE_URL: databaseUrl } },
);
if (seed.status !== 0) process.exit(seed.status ?? 1);

const server = startServer({
  port: PORT,
  distDir: OUT_DIR,
  origin: ORIGIN,
  databaseUrl,
  env: {
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'info',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // As deployed: one server process per core (docs/operations.md: Supervision and more than one process).
    WEB_CONCURRENCY: String(availableParallelism()),
  },
  stdout: 'ignore',
});
let failed = 0;
try {
  await waitForServer(ORIGIN);
  // The back office needs two-factor sign-in: the fresh admin signs in and sets it up first.
  const cookie = await signInFirstAdmin(ORIGIN, ADMIN);
  const headers = { cookie };

  // A real e-mail prefix and a real second-page cursor, read from the pages themselves.
  const first = await (await fetch(`${ORIGIN}/admin/orders`, { headers })).text();
  const next = /href="(\/admin\/orders\?after=[^"]+)"/.exec(first)?.[1]?.replaceAll('&amp;', '&');
  const email = /<bdi>([a-z]+\.[a-z]+)\.[^<@]*@example\.com<\/bdi>/i.exec(first)?.[1];
  if (!next || !email) throw new Error('could not find a cursor or an e-mail on /admin/orders');
  const invoicesPage = await (await fetch(`${ORIGIN}/admin/invoices`, { headers })).text();
  const invoicesNext = /href="(\/admin\/invoices\?after=[^"]+)"/.exec(invoicesPage)?.[1]?.replaceAll('&amp;', '&');
  if (!invoicesNext) throw new Error('could not find a cursor on /admin/invoices');
  const messagesPage = await (await fetch(`${ORIGIN}/admin/messages`, { headers })).text();
  const contactEmail = /<bdi>([a-z]+\d+@example\.org)<\/bdi>/.exec(messagesPage)?.[1];
  if (!contactEmail) throw new Error('could not find an e-mail on /admin/messages');

  // Record pages with the most on them: an order with messages and review rounds, a lead with
  // messages and calls, a booking.
  const seeded = createClient({ url: databaseUrl, timeout: 10_000 });
  const one = async (sql: string) => String((await seeded.execute(sql)).rows[0]?.[0] ?? '');
  const orderId = await one(
    `SELECT t.order_id FROM message_threads t JOIN order_reviews r ON r.order_id = t.order_id
     GROUP BY t.order_id ORDER BY count(*) DESC, t.order_id LIMIT 1`,
  );
  const leadId = await one(
    `SELECT l.id FROM leads l JOIN bookings b ON b.email = l.email JOIN contact_messages m ON m.email = l.email
     ORDER BY l.id LIMIT 1`,
  );
  const bookingId = await one(
    `SELECT id FROM bookings WHERE status = 'active' AND email IN (SELECT email FROM leads) LIMIT 1`,
  );
  seeded.close();
  if (!orderId || !leadId || !bookingId) throw new Error('could not find an order, lead or booking to open');

  const targets: [name: string, path: string, budgeted: boolean][] = [
    ['/admin (dashboard)', '/admin', true],
    ['/admin/orders', '/admin/orders', true],
    [`/admin/orders?q=${email}`, `/admin/orders?q=${encodeURIComponent(email)}`, true],
    ['/admin/orders?status=paid', '/admin/orders?status=paid', true],
    ['/admin/orders page 2 (cursor)', next, true],
    ['/admin/messages', '/admin/messages', true],
    ['/admin/messages?state=open', '/admin/messages?state=open', true],
    ['/admin/customers', '/admin/customers', true],
    ['/admin/subscriptions', '/admin/subscriptions', true],
    ['/admin/audit', '/admin/audit', true],
    ['/admin/invoices', '/admin/invoices', true],
    [`/admin/invoices?q=${email}`, `/admin/invoices?q=${encodeURIComponent(email)}`, true],
    ['/admin/invoices?state=overdue', '/admin/invoices?state=overdue', true],
    ['/admin/invoices?state=paid', '/admin/invoices?state=paid', true],
    ['/admin/invoices?state=void', '/admin/invoices?state=void', true],
    ['/admin/invoices page 2 (cursor)', invoicesNext, true],
    ['/admin/bookings', '/admin/bookings', true],
    ['/admin/bookings?view=past', '/admin/bookings?view=past', true],
    ['/admin/requests', '/admin/requests', true],
    ['/admin/requests?status=open', '/admin/requests?status=open', true],
    ['/admin/leads', '/admin/leads', true],
    ['/admin/leads?stage=new', '/admin/leads?stage=new', true],
    [`/admin/messages?q=${contactEmail}`, `/admin/messages?q=${encodeURIComponent(contactEmail)}`, true],
    ['/admin/orders/{id} (messages, reviews)', `/admin/orders/${orderId}`, true],
    ['/admin/leads/{id} (messages, calls)', `/admin/leads/${leadId}`, true],
    ['/admin/bookings/{id}', `/admin/bookings/${bookingId}`, true],
    ['/book (no session)', '/book', true],
  ];
  const run = (path: string, duration: number) =>
    autocannon({
      url: `${ORIGIN}${path}`,
      connections: CONNECTIONS,
      duration,
      headers: path === '/book' ? {} : headers,
    });
  // A server that has been running: every page rendered by every process (module load, JIT) and
  // the start's own work (the first housekeeping run) done, before any figure is taken.
  // Twice round: the code every page shares settles (JIT) only once all of them have run.
  for (let pass = 0; pass < WARM_UP_PASSES; pass += 1) for (const [, path] of targets) await run(path, WARM_UP_SECONDS);
  const results = [];
  for (const [name, path, budgeted] of targets) {
    const result = await run(path, SECONDS);
    const ok = result.non2xx === 0 && result.errors === 0 && (!budgeted || result.latency.p99 < BUDGET_P99_MS);
    if (!ok) failed += 1;
    results.push({ name, result, budgeted, ok });
    console.log(
      `${ok ? 'PASS' : 'FAIL'}  ${name.padEnd(44)} p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  ` +
        `${Math.round(result.requests.average)} req/s  non-2xx ${result.non2xx}${budgeted ? '' : '  (no budget)'}`,
    );
  }

  // JavaScript each kind of admin page fetches before any interaction (budget 60 KB brotli).
  const orderHref = /href="(\/admin\/orders\/[a-z2-9]{26})"/.exec(first)?.[1];
  const brotli = (buf: Buffer) => brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  const browser = await chromium.launch({ executablePath: systemChromium(), args: CHROMIUM_ARGS });
  for (const path of ['/admin', '/admin/orders', orderHref, '/admin/website-info', '/admin/custom-subscription']) {
    if (!path) continue;
    const context = await browser.newContext();
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name!, value: value.join('='), url: ORIGIN };
      }),
    );
    const page = await context.newPage();
    let js = 0;
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      js += brotli(await res.body().catch(() => Buffer.alloc(0)));
    });
    await page.goto(`${ORIGIN}${path}`, { waitUntil: 'networkidle' });
    const inline = [
      ...(await page.content()).matchAll(/<script(?![^>]*(?:src=|application\/ld\+json))[^>]*>([\s\S]*?)<\/script>/g),
    ]
      .map((m) => m[1])
      .join('');
    const total = js + brotli(Buffer.from(inline));
    const ok = total <= 60 * 1024;
    if (!ok) failed += 1;
    console.log(
      `${ok ? 'PASS' : 'FAIL'}  ${`${path.replace(/[a-z2-9]{26}$/, '{id}')} JS before interaction`.padEnd(44)} ${(total / 1024).toFixed(1)} KB (budget 60 KB)`,
    );
    await context.close();
  }
  await browser.close();

  const started = performance.now();
  const csv = await fetch(`${ORIGIN}/api/admin/export/orders.csv`, { headers });
  const body = await csv.text();
  const ms = Math.round(performance.now() - started);
  const lines = body.split('\r\n').filter(Boolean).length;
  const csvOk = csv.ok && lines === 100_001;
  if (!csvOk) failed += 1;
  console.log(
    `${csvOk ? 'PASS' : 'FAIL'}  ${'/api/admin/export/orders.csv full download'.padEnd(44)} ${ms} ms, ` +
      `${lines - 1} rows, ${(body.length / 1e6).toFixed(1)} MB`,
  );
} catch (error) {
  console.error(error);
  failed += 1;
} finally {
  server.kill('SIGTERM');
}
console.log(`\nbench-admin: ${failed ? `${failed} failed` : 'all within budget'} (p99 < ${BUDGET_P99_MS} ms per page)`);
process.exit(failed ? 1 : 0);
