// The customer portal, signed in: JavaScript weight and server latency of the account pages.
// Part of `npm run bench` (or alone: `node scripts/bench-account.ts [--skip-build]`).
//
// On a database seeded like bench-admin's (100,000 orders, bookings and contact messages, about
// 100,000 project messages), a customer registers, places an order with the monthly plan and
// saves an intake draft; the order is given a message thread and review rounds, is paid and
// launched through the lifecycle (its plan active), and a few care-plan requests are added
// (scripts/bench-account-project.ts); then
// 1. weight: each account page in Chromium with that session, summing the brotli size of the
//    JavaScript fetched before any interaction (budget 60 KB a page), and
// 2. latency: 20 connections GET /account, the order's page and /account/requests with the
//    session cookie for 10 s each (p99 under 100 ms) after two rounds of 3 s of each to warm up,
//    and one connection on /account for 3 s (the cost of one render). The server runs one process
//    per core (WEB_CONCURRENCY), as docs/operations.md says to deploy it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import type { BuildInfo } from '#integrations/build-info.ts';
import { openDatabase } from '#server/db/client.ts';
import { appDatabase } from '#server/db/index.ts';
import { addAgencyWork } from './bench-account-project.ts';
import { CHROMIUM_ARGS, systemChromium } from './chromium.mjs';
import { freePort, startServer, waitForServer } from './serve-build.mjs';

const args = process.argv.slice(2);
const PORT = await freePort();
const ORIGIN = `http://127.0.0.1:${PORT}`;
// Its own build: a build serves only the SITE_URL it was made for (src/integrations/build-info.ts).
const OUT_DIR = 'dist-bench-account';
const KB = 1024;
const BUDGET = { jsBrotli: 60 * KB, p99Ms: 100 };

const brotli = (buf: Buffer) => brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

const builtFor = () => {
  try {
    return (JSON.parse(readFileSync(join(OUT_DIR, 'build-info.json'), 'utf8')) as BuildInfo).siteUrl;
  } catch {
    return null;
  }
};
if (!args.includes('--skip-build') || !existsSync(join(OUT_DIR, 'server', 'entry.mjs')) || builtFor() !== ORIGIN) {
  console.log(`bench-account: building into ${OUT_DIR}`);
  const build = spawnSync('npm', ['run', 'build', '--silent'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, OUT_DIR, SITE_URL: ORIGIN, ASTRO_TELEMETRY_DISABLED: '1', PUBLIC_META_PIXEL_ID: '' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const databaseUrl = `file:${join(mkdtempSync(join(tmpdir(), 'palmetto-account-load-')), 'load.db')}`;
console.log('bench-account: seeding 100,000 orders, bookings and messages, 20,000 threads');
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
  // As deployed: one server process per core (docs/operations.md: Supervision and more than one process).
  env: { RATE_LIMITS: 'off', LOG_LEVEL: 'info', WEB_CONCURRENCY: String(availableParallelism()) },
  stdout: 'ignore',
});
const stopServer = () => server.exitCode === null && server.kill('SIGTERM');
process.on('exit', stopServer);
await waitForServer(ORIGIN);

const json = (body: unknown, cookie?: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: ORIGIN, ...(cookie ? { cookie } : {}) },
  body: JSON.stringify(body),
});

// A customer with an order (monthly plan included) and an intake draft.
const email = `bench-${Date.now()}@example.com`;
const registered = await fetch(
  `${ORIGIN}/api/register`,
  json({ name: 'Bench Customer', email, password: 'lantern-pelican-orbit' }),
);
const cookie = (registered.headers.get('set-cookie') ?? '').split(';')[0];
if (!registered.ok || !cookie) throw new Error(`bench-account: could not register (${registered.status})`);
const order = await fetch(
  `${ORIGIN}/api/checkout`,
  json(
    {
      name: 'Bench Customer',
      email,
      phone: '(407) 555-0199',
      businessName: 'Bench Bakery',
      terms: true,
      monthly: true,
    },
    cookie,
  ),
);
const { orderId } = (await order.json()) as { orderId: string };
await fetch(
  `${ORIGIN}/api/account/intake/${orderId}/draft`,
  json({ version: 0, data: { industry: 'Bakery' } }, cookie),
);

// What the agency adds to the project (scripts/bench-account-project.ts): messages, review
// rounds, the build paid and the site launched through the lifecycle (the plan active as the
// site would make it), and care-plan requests. The server may be writing (housekeeping at
// start): wait for the lock rather than fail.
const agency = appDatabase(await openDatabase(databaseUrl));
const userId = String(
  (await agency.client.execute({ sql: 'SELECT user_id FROM orders WHERE id = ?', args: [orderId] })).rows[0]?.[0],
);
await addAgencyWork(agency, { orderId, userId });
agency.client.close();

const PAGES = [
  '/account',
  `/account/orders/${orderId}`,
  `/account/orders/${orderId}/intake`,
  `/account/orders/${orderId}/intake?step=5`,
  `/account/orders/${orderId}/intake?step=7`,
  '/account/requests',
];

const results: boolean[] = [];
const check = (label: string, ok: boolean, value: string) => {
  results.push(ok);
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${label.padEnd(62)} ${value}`);
};

const browser = await chromium.launch({ executablePath: systemChromium(), args: CHROMIUM_ARGS });
const [name, value] = cookie.split('=');
if (!name || value === undefined) throw new Error(`bench-account: not a session cookie: ${cookie}`);
for (const path of PAGES) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  await context.addCookies([{ name, value, url: ORIGIN }]);
  const page = await context.newPage();
  let js = 0;
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    try {
      js += brotli(await res.body());
    } catch {
      // redirects have no body
    }
  });
  await page.goto(`${ORIGIN}${path}`, { waitUntil: 'networkidle' });
  const html = await page.content();
  const inline = [...html.matchAll(/<script(?![^>]*(?:src=|application\/ld\+json))[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1])
    .join('');
  const total = js + brotli(Buffer.from(inline));
  check(
    `${path.replace(orderId, '{id}')} JS before interaction <= 60 KB`,
    total <= BUDGET.jsBrotli,
    `${(total / KB).toFixed(1)} KB`,
  );
  await context.close();
}
await browser.close();

const load = (path: string, connections: number, seconds: number) =>
  autocannon({ url: `${ORIGIN}${path}`, connections, duration: seconds, headers: { cookie } });
const single = await load('/account', 1, 3);
console.log(`bench-account: GET /account, 1 connection: p50 ${single.latency.p50} ms, p99 ${single.latency.p99} ms`);
const pages = ['/account', `/account/orders/${orderId}`, '/account/requests'];
// A server that has been running: every page rendered by every process, twice round, before any figure.
for (let pass = 0; pass < 2; pass += 1) for (const path of pages) await load(path, 20, 3);
for (const path of pages) {
  const label = path.replace(orderId, '{id}');
  const loaded = await load(path, 20, 10);
  const bad = loaded.non2xx + loaded.errors;
  console.log(
    `bench-account: GET ${label}, 20 connections: ${Math.round(loaded.requests.average)} req/s, p50 ${loaded.latency.p50} ms, p99 ${loaded.latency.p99} ms, ${bad} not 200`,
  );
  check(
    `${label} p99 at 20 signed-in connections < 100 ms`,
    loaded.latency.p99 < BUDGET.p99Ms && bad === 0,
    `${loaded.latency.p99} ms`,
  );
}

stopServer();
const failed = results.filter((ok) => !ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
