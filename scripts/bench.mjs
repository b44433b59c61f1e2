// `npm run bench`: page weight and Lighthouse mobile scores for the pages a visitor
// on a cheap phone is most likely to open, checked against our budgets.
//
// It builds the site (default settings) into dist-bench, serves it through our own
// server on 127.0.0.1, loads each page in headless Chromium to count what is fetched
// before any interaction (and after opening a menu), then runs Lighthouse (mobile,
// simulated slow 4G, 4x CPU) three times per page and takes the median.
// Options: --skip-build, --runs N, --no-lighthouse, --pages /,/pricing. Exits 1 when a budget fails.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, systemChromium } from './chromium.mjs';
import { startServer, waitForServer } from './serve-build.mjs';

const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf('--runs') + 1]) || 3;
const PORT = 4599;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const OUT_DIR = 'dist-bench';
const KB = 1024;

/** Pages measured, with the budget class each belongs to. */
const ALL_PAGES = [
  { path: '/', kind: 'public' },
  { path: '/pricing', kind: 'public' },
  { path: '/contact', kind: 'public' },
  { path: '/services', kind: 'public' },
  { path: '/locations/florida/orlando', kind: 'light' },
  { path: '/privacy', kind: 'light' },
  // On demand, with the form's script (live total, instant messages) loaded at once.
  { path: '/checkout', kind: 'checkout' },
];

const only = args.includes('--pages') ? args[args.indexOf('--pages') + 1].split(',') : null;
const PAGES = only ? ALL_PAGES.filter((p) => only.includes(p.path)) : ALL_PAGES;

const BUDGETS = {
  renderBlocking: 0,
  htmlBrotli: { light: 14.6 * KB, public: 30 * KB, checkout: 30 * KB },
  jsBeforeInteraction: { light: 0, public: 10 * KB, checkout: 60 * KB },
  // The menu island (about 60 KB) on top of what the class may load before any interaction.
  jsAfterMenu: { light: 70 * KB, public: 70 * KB, checkout: 120 * KB },
  fontBytes: 25 * KB,
  thirdParty: 0,
  lighthouseScore: 100,
  lcpMs: 1000,
};

const chromiumPath = systemChromium();
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

const brotli = (buf) => brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (n) => `${(n / KB).toFixed(1)} KB`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

if (!args.includes('--skip-build')) {
  console.log(`bench: building into ${OUT_DIR} (SITE_URL=${ORIGIN})`);
  const build = spawnSync('npm', ['run', 'build', '--silent'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, OUT_DIR, SITE_URL: ORIGIN, ASTRO_TELEMETRY_DISABLED: '1', PUBLIC_META_PIXEL_ID: '' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dbDir = join(tmpdir(), `palmetto-bench-${process.pid}`);
mkdirSync(dbDir, { recursive: true });
const server = startServer({
  port: PORT,
  distDir: OUT_DIR,
  origin: ORIGIN,
  databaseUrl: `file:${join(dbDir, 'bench.db')}`,
  env: { LOG_LEVEL: 'warn' },
});
const stopServer = () => server.exitCode === null && server.kill('SIGTERM');
process.on('exit', stopServer);

/** What the page fetches before any interaction, and JavaScript added by opening a menu. */
async function measureWeight(browser, path) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const fetched = [];
  page.on('response', async (res) => {
    const req = res.request();
    if (req.url().startsWith('data:')) return;
    let body = Buffer.alloc(0);
    try {
      body = await res.body();
    } catch {
      // redirects and aborted requests have no body
    }
    fetched.push({ url: req.url(), type: req.resourceType(), bytes: body.length, brotli: brotli(body) });
  });
  await page.goto(`${ORIGIN}${path}`, { waitUntil: 'networkidle' });
  const html = await (await fetch(`${ORIGIN}${path}`)).text();
  const inlineCss = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  const inlineJs = [...html.matchAll(/<script(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1])
    .join('');
  const before = [...fetched];
  const renderBlocking = await page.evaluate(
    () =>
      document.querySelectorAll(
        'head link[rel="stylesheet"], head script[src]:not([async]):not([defer]):not([type="module"])',
      ).length,
  );

  // Reach for the menu the way a phone user does: tap the toggle.
  const toggle = page.locator('summary', { hasText: 'Menu' });
  if (await toggle.count()) {
    await toggle.tap();
    // Pages with the header island hydrate now; static-only pages have nothing to load.
    await page.waitForSelector('.site-header[data-enhanced]', { timeout: 3000 }).catch(() => {});
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
  }
  const after = fetched.slice(before.length);
  await context.close();

  const sum = (list, type, key) => list.filter((r) => r.type === type).reduce((n, r) => n + r[key], 0);
  const docEntry = before.find((r) => r.type === 'document');
  return {
    htmlRaw: docEntry?.bytes ?? Buffer.byteLength(html),
    htmlBrotli: docEntry?.brotli ?? brotli(Buffer.from(html)),
    inlineCssRaw: Buffer.byteLength(inlineCss),
    inlineCssBrotli: inlineCss ? brotli(Buffer.from(inlineCss)) : 0,
    cssRaw: sum(before, 'stylesheet', 'bytes'),
    fontRaw: sum(before, 'font', 'bytes'),
    jsRaw: sum(before, 'script', 'bytes') + Buffer.byteLength(inlineJs),
    jsBrotli: sum(before, 'script', 'brotli') + (inlineJs ? brotli(Buffer.from(inlineJs)) : 0),
    jsAfterMenuBrotli:
      sum(before, 'script', 'brotli') + sum(after, 'script', 'brotli') + (inlineJs ? brotli(Buffer.from(inlineJs)) : 0),
    renderBlocking,
    thirdParty: before.filter((r) => !r.url.startsWith(ORIGIN)).length,
    requests: before.length,
  };
}

async function measureLighthouse(path) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: CHROME_FLAGS });
    try {
      const result = await lighthouse(`${ORIGIN}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' });
      const lhr = result.lhr;
      runs.push({
        performance: Math.round(lhr.categories.performance.score * 100),
        accessibility: Math.round(lhr.categories.accessibility.score * 100),
        bestPractices: Math.round(lhr.categories['best-practices'].score * 100),
        seo: Math.round(lhr.categories.seo.score * 100),
        fcp: lhr.audits['first-contentful-paint'].numericValue,
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
        tbt: lhr.audits['total-blocking-time'].numericValue,
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        si: lhr.audits['speed-index'].numericValue,
        failing: Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id),
      });
    } finally {
      await chrome.kill();
    }
  }
  const pick = (key) => median(runs.map((r) => r[key]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    fcp: pick('fcp'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: pick('cls'),
    si: pick('si'),
    failing: [...new Set(runs.flatMap((r) => r.failing))],
  };
}

const results = [];
const checks = [];
const check = (page, name, ok, detail) => checks.push({ page, name, ok, detail });

try {
  await waitForServer(ORIGIN);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  for (const { path, kind } of PAGES) {
    const weight = await measureWeight(browser, path);
    results.push({ path, kind, weight });
    check(
      path,
      'render-blocking requests',
      weight.renderBlocking <= BUDGETS.renderBlocking,
      `${weight.renderBlocking}`,
    );
    check(
      path,
      `HTML brotli <= ${kb(BUDGETS.htmlBrotli[kind])}`,
      weight.htmlBrotli <= BUDGETS.htmlBrotli[kind],
      kb(weight.htmlBrotli),
    );
    check(
      path,
      `JS before interaction <= ${kb(BUDGETS.jsBeforeInteraction[kind])}`,
      weight.jsBrotli <= BUDGETS.jsBeforeInteraction[kind],
      kb(weight.jsBrotli),
    );
    check(
      path,
      `JS after opening the menu <= ${kb(BUDGETS.jsAfterMenu[kind])}`,
      weight.jsAfterMenuBrotli <= BUDGETS.jsAfterMenu[kind],
      kb(weight.jsAfterMenuBrotli),
    );
    check(path, `fonts <= ${kb(BUDGETS.fontBytes)}`, weight.fontRaw <= BUDGETS.fontBytes, kb(weight.fontRaw));
    check(path, 'third-party requests', weight.thirdParty <= BUDGETS.thirdParty, `${weight.thirdParty}`);
  }
  await browser.close();

  if (!args.includes('--no-lighthouse')) {
    for (const result of results) {
      console.log(`bench: lighthouse ${result.path} (${RUNS} runs)`);
      const lh = await measureLighthouse(result.path);
      result.lighthouse = lh;
      // /checkout is private (noindex, kept out of search on purpose): no SEO score to keep.
      const categories = [
        'performance',
        'accessibility',
        'bestPractices',
        ...(result.kind === 'checkout' ? [] : ['seo']),
      ];
      for (const category of categories) {
        check(result.path, `Lighthouse ${category} = 100`, lh[category] >= BUDGETS.lighthouseScore, `${lh[category]}`);
      }
      check(result.path, `LCP <= ${BUDGETS.lcpMs} ms`, lh.lcp <= BUDGETS.lcpMs, `${Math.round(lh.lcp)} ms`);
    }
  }
} finally {
  stopServer();
}

console.log('\nPage weight (before any interaction; JS after menu includes the menu island)');
console.log(
  [
    'page',
    'HTML raw',
    'HTML br',
    'inline CSS raw/br',
    'CSS files',
    'fonts',
    'JS br',
    'JS br after menu',
    'blocking',
    '3rd party',
  ]
    .map((h, i) => h.padEnd(i === 0 ? 28 : 18))
    .join(''),
);
for (const { path, weight: w } of results) {
  console.log(
    [
      path,
      kb(w.htmlRaw),
      kb(w.htmlBrotli),
      `${kb(w.inlineCssRaw)}/${kb(w.inlineCssBrotli)}`,
      kb(w.cssRaw),
      kb(w.fontRaw),
      kb(w.jsBrotli),
      kb(w.jsAfterMenuBrotli),
      String(w.renderBlocking),
      String(w.thirdParty),
    ]
      .map((c, i) => c.padEnd(i === 0 ? 28 : 18))
      .join(''),
  );
}
if (results.some((r) => r.lighthouse)) {
  console.log(`\nLighthouse mobile (median of ${RUNS})`);
  console.log(
    ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP', 'LCP', 'SI', 'TBT', 'CLS']
      .map((h, i) => h.padEnd(i === 0 ? 28 : 10))
      .join(''),
  );
  for (const { path, lighthouse: lh } of results) {
    if (!lh) continue;
    console.log(
      [
        path,
        lh.performance,
        lh.accessibility,
        lh.bestPractices,
        lh.seo,
        `${Math.round(lh.fcp)} ms`,
        `${Math.round(lh.lcp)} ms`,
        `${Math.round(lh.si)} ms`,
        `${Math.round(lh.tbt)} ms`,
        lh.cls.toFixed(3),
      ]
        .map((c, i) => String(c).padEnd(i === 0 ? 28 : 10))
        .join(''),
    );
    if (lh.failing.length) console.log(`  failing audits: ${lh.failing.join(', ')}`);
  }
}

console.log('\nBudgets');
for (const c of checks) console.log(`${c.ok ? 'PASS' : 'FAIL'}  ${c.page.padEnd(28)} ${c.name.padEnd(34)} ${c.detail}`);
mkdirSync('bench-results', { recursive: true });
writeFileSync(
  'bench-results/latest.json',
  JSON.stringify({ date: new Date().toISOString(), results, checks }, null, 2),
);
const failed = checks.filter((c) => !c.ok).length;
console.log(`\n${checks.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
