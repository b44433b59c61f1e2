// `npm run bench`: page weight and Lighthouse mobile scores for the pages a visitor
// on a cheap phone is most likely to open, checked against our budgets.
//
// It builds the site (default settings) into dist-bench and checks the build itself: every
// public page's HTML (inline CSS included) against the first round trip, no script on location,
// legal and portfolio pages but the display face's line, the size of each web font. Then it serves the build
// through our own server on 127.0.0.1, loads each measured page in headless Chromium (phone
// viewport) to count what is fetched before any interaction (images on the first screen
// included) and after opening a menu, then runs Lighthouse (mobile, simulated slow 4G, 4x CPU)
// three times per page and takes the median.
// Options: --skip-build, --runs N, --no-lighthouse, --pages /,/pricing (one page: --pages
// /privacy), --port N and --out-dir DIR (to run beside another bench), --reuse DIR (measure the
// e2e suite's main build instead of building again, when it has this bench's settings and is
// fresh; `npm test` passes it). Exits 1 when a budget fails.
import { spawnSync } from 'node:child_process';
import { get as httpGet } from 'node:http';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { type Browser, chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, systemChromium } from './chromium.mjs';
import { DISPLAY_FACE_SCRIPT } from '#components/layout/display-face.ts';
import { reusableBuild } from './bench-reuse.ts';
import { freePort, startServer, waitForServer } from './serve-build.mjs';

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const RUNS = Number(option('--runs')) || 3;
/** What this bench builds with, beside SITE_URL (the default settings, no pixel). */
const BUILD_SETTINGS = { PRICING_MODEL: process.env.PRICING_MODEL || 'custom', PUBLIC_META_PIXEL_ID: '' };
const reuseDir = option('--reuse');
const reused = reuseDir ? await reusableBuild(reuseDir, BUILD_SETTINGS) : null;
const PORT = reused?.port ?? (Number(option('--port')) || (await freePort()));
const ORIGIN = `http://127.0.0.1:${PORT}`;
const OUT_DIR = reused?.dir ?? option('--out-dir') ?? 'dist-bench';
const CLIENT_DIR = join(OUT_DIR, 'client');
const KB = 1024;
/** What a first round trip carries: 10 TCP segments of 1,460 bytes (initial congestion window). */
const FIRST_ROUND_TRIP = 14.6 * KB;
/**
 * The same window in bytes on the wire, for the response's body: Lighthouse's simulation (like a
 * real TCP connection) needs a second round trip for byte 14,601. Headers are reported, never
 * counted: those the standards ask for (charset, CSP, HSTS, Permissions-Policy, nosniff) are never
 * shortened or dropped to fit, and HTTP/2 and HTTP/3 compress them in production.
 */
const FIRST_ROUND_TRIP_BYTES = 10 * 1460;

/**
 * Pages that ship no JavaScript at all (BaseLayout `interactive: false`): locations, legal
 * pages (`kind: legal` in src/content/pages), the portfolio and its case studies.
 */
const LEGAL_PAGES = readdirSync('src/content/pages')
  .filter((f) => /^kind:\s*legal\s*$/m.test(readFileSync(join('src/content/pages', f), 'utf8')))
  .map((f) => `/${f.replace(/\.mdx?$/, '')}`);
const isLight = (path: string) =>
  /^\/locations(\/|$)/.test(path) || /^\/portfolio(\/[^/]+)?$/.test(path) || LEGAL_PAGES.includes(path);

/** Budget class: 'light' pages ship no JavaScript; 'public' pages may load islands on interaction. */
type Kind = 'light' | 'public' | 'checkout';
const kindOf = (path: string): Kind => (path === '/checkout' ? 'checkout' : isLight(path) ? 'light' : 'public');

const DISPLAY_FACE_BROTLI = brotliCompressSync(Buffer.from(DISPLAY_FACE_SCRIPT), {
  params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
}).length;

const BUDGETS = {
  renderBlocking: 0,
  // Every public page: HTML and inline CSS in the first round trip.
  htmlBrotli: { light: FIRST_ROUND_TRIP, public: FIRST_ROUND_TRIP, checkout: 30 * KB } satisfies Record<Kind, number>,
  // Light pages: the display face's line (src/components/layout/display-face.ts), no more.
  jsBeforeInteraction: { light: DISPLAY_FACE_BROTLI, public: 10 * KB, checkout: 60 * KB } satisfies Record<
    Kind,
    number
  >,
  // The menu island (about 60 KB) on top of what the class may load before any interaction.
  jsAfterMenu: { light: 70 * KB, public: 70 * KB, checkout: 120 * KB } satisfies Record<Kind, number>,
  fontBytes: 25 * KB,
  // Each web font file (public/fonts), preloaded or not.
  fontFileBytes: 25 * KB,
  // Images a phone fetches for its first screen (412 x 823, as Lighthouse's mobile); the rest lazy.
  firstScreenImageBytes: 40 * KB,
  thirdParty: 0,
  lighthouseScore: 100,
  lcpMs: 1000,
  cls: 0,
  // Pages without JavaScript: nothing for the main thread to block on but parsing and style.
  tbtMsLight: 0,
};

const chromiumPath = systemChromium();
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

const brotli = (buf: Buffer) => brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
/** The middle value; NaN when there is none (a negative --runs measures nothing). */
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

if (reused) {
  console.log(`bench: measuring the e2e build in ${OUT_DIR} (SITE_URL=${ORIGIN}), made with the same settings`);
} else if (!args.includes('--skip-build')) {
  console.log(`bench: building into ${OUT_DIR} (SITE_URL=${ORIGIN})`);
  const build = spawnSync('npm', ['run', 'build', '--silent'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, OUT_DIR, SITE_URL: ORIGIN, ASTRO_TELEMETRY_DISABLED: '1', ...BUILD_SETTINGS },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** The built file of a prerendered page ('/about' -> about/index.html), or undefined. */
const pageFile = (path: string) =>
  [join(CLIENT_DIR, path, 'index.html'), join(CLIENT_DIR, `${path}.html`)].find((f) => existsSync(f));

/** The first case study in the build (/portfolio/<slug>, not its /demo), if there is one. */
function firstCaseStudy() {
  const dir = join(CLIENT_DIR, 'portfolio');
  if (!existsSync(dir)) return null;
  const slug = readdirSync(dir)
    .sort()
    .find((name) => existsSync(join(dir, name, 'index.html')));
  return slug ? `/portfolio/${slug}` : null;
}

/** Public pages rendered per request: not in the build's files, measured from the server. */
const ON_DEMAND = ['/checkout', '/book', '/auth'];
/** Pages kept out of search on purpose (noindex): no SEO score to keep. */
const NOT_INDEXED = new Set(['/checkout', '/auth']);
/** The sign-in page, every customer's door: its own, tighter LCP (issue 36: 800 ms). */
const LCP_MS_BY_PATH: Record<string, number> = { '/auth': 800 };

/** Pages measured in the browser and by Lighthouse. */
const ALL_PAGES = [
  '/',
  '/pricing',
  '/contact',
  '/services',
  '/locations/florida/orlando',
  '/privacy',
  '/portfolio',
  firstCaseStudy(),
  // On demand, with the form's script (live total, instant messages) loaded at once.
  '/checkout',
  // On demand: the free call slots of the next two weeks (all free in the bench's empty database).
  '/book',
  // On demand: sign in and create an account.
  '/auth',
]
  .filter((path): path is string => path !== null && (ON_DEMAND.includes(path) || pageFile(path) !== undefined))
  .map((path) => ({ path, kind: kindOf(path) }));

const only = option('--pages')?.split(',');
const PAGES = only ? only.map((path) => ({ path, kind: kindOf(path) })) : ALL_PAGES;

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

/** One response the page received: its URL, Playwright's resource type, raw and brotli bytes. */
interface Fetched {
  url: string;
  type: string;
  bytes: number;
  brotli: number;
}

/** What the page fetches before any interaction, and JavaScript added by opening a menu. */
async function measureWeight(browser: Browser, path: string) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const fetched: Fetched[] = [];
  page.on('response', async (res) => {
    const req = res.request();
    if (req.url().startsWith('data:')) return;
    let body: Buffer = Buffer.alloc(0);
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
  // <img> on the first screen of the phone (what it must fetch to paint it), and any below it
  // that the browser is told to fetch eagerly.
  const images = await page.evaluate(() =>
    [...document.images].map((img) => {
      const box = img.getBoundingClientRect();
      return {
        src: img.currentSrc || img.src,
        firstScreen: box.width > 0 && box.height > 0 && box.top < innerHeight && box.bottom > 0,
        eagerBelowFold: box.top + scrollY >= innerHeight && img.loading !== 'lazy',
      };
    }),
  );
  const firstScreenSrc = new Set(images.filter((i) => i.firstScreen).map((i) => i.src));
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

  const sum = (list: Fetched[], type: string, key: 'bytes' | 'brotli') =>
    list.filter((r) => r.type === type).reduce((n, r) => n + r[key], 0);
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
    imageRaw: sum(before, 'image', 'bytes'),
    firstScreenImageBytes: before
      .filter((r) => r.type === 'image' && firstScreenSrc.has(r.url))
      .reduce((n, r) => n + r.bytes, 0),
    eagerBelowFold: images.filter((i) => i.eagerBelowFold).map((i) => new URL(i.src).pathname),
    thirdParty: before.filter((r) => !r.url.startsWith(ORIGIN)).length,
    requests: before.length,
  };
}

/** One Lighthouse run: category scores out of 100, metrics in ms (CLS unitless), failing binary audits. */
interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  failing: string[];
}

async function measureLighthouse(path: string): Promise<LighthouseRun> {
  const runs: LighthouseRun[] = [];
  for (let i = 0; i < RUNS; i++) {
    const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: CHROME_FLAGS });
    try {
      const result = await lighthouse(`${ORIGIN}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' });
      if (!result) throw new Error(`bench: Lighthouse returned nothing for ${path}`);
      const lhr = result.lhr;
      // A null score (the category could not be scored) counts as 0.
      const score = (id: string) => {
        const category = lhr.categories[id];
        if (!category) throw new Error(`bench: Lighthouse has no '${id}' category for ${path}`);
        return Math.round((category.score ?? 0) * 100);
      };
      const metric = (id: string) => {
        const value = lhr.audits[id]?.numericValue;
        if (value === undefined) throw new Error(`bench: Lighthouse has no value for '${id}' on ${path}`);
        return value;
      };
      runs.push({
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcp: metric('first-contentful-paint'),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        si: metric('speed-index'),
        failing: Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id),
      });
    } finally {
      chrome.kill();
    }
  }
  const pick = (key: Exclude<keyof LighthouseRun, 'failing'>) => median(runs.map((r) => r[key]));
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

/** A measured page: its weight in the browser, and Lighthouse's medians unless --no-lighthouse. */
interface PageResult {
  path: string;
  kind: Kind;
  weight: Awaited<ReturnType<typeof measureWeight>>;
  lighthouse?: LighthouseRun;
}
/** One budget: where, what, whether it held, and the measured value. */
interface Check {
  page: string;
  name: string;
  ok: boolean;
  detail: string;
}
const results: PageResult[] = [];
const checks: Check[] = [];
const check = (page: string, name: string, ok: boolean, detail: string) => checks.push({ page, name, ok, detail });
/** Lines printed under the budgets, e.g. the pages over a budget. */
const notes: string[] = [];

/** The public pages of the build: every URL in its sitemap, with its file. */
function publicPages() {
  const sitemaps = readdirSync(CLIENT_DIR).filter((f) => /^sitemap-\d+\.xml$/.test(f));
  const paths = sitemaps.flatMap((f) =>
    [...readFileSync(join(CLIENT_DIR, f), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      ([, loc]) => new URL(loc!).pathname.replace(/(.)\/$/, '$1') || '/',
    ),
  );
  return paths.flatMap((path) => {
    const file = pageFile(path);
    return file ? [{ path, file }] : [];
  });
}

/** Brotli bytes of a built page: the .br the build wrote beside it, else compressed here (quality 11). */
function pageBrotli(file: string) {
  const br = `${file}.br`;
  if (existsSync(br) && statSync(br).mtimeMs >= statSync(file).mtimeMs) return statSync(br).size;
  return brotli(readFileSync(file));
}

/**
 * Scripts a page carries that are not JSON-LD data (inline, module or external), other than the
 * display face's line every page has (src/components/layout/display-face.ts).
 */
const scriptsIn = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(
    ([, attrs, body]) => !/type\s*=\s*["']?application\/ld\+json/i.test(attrs!) && body !== DISPLAY_FACE_SCRIPT,
  ).length;

/** Budgets checked on the build itself, over every page rather than the measured few. */
function checkBuild() {
  const all = publicPages().map((p) => ({ ...p, brotli: pageBrotli(p.file) }));
  // The home page too: the rules of what lies below its first screen come in a stylesheet of
  // their own (scripts/critical-css.ts, FOLD_MARKER).
  const pages = all;
  const over = pages.filter((p) => p.brotli > FIRST_ROUND_TRIP).sort((a, b) => b.brotli - a.brotli);
  const largest = [...pages].sort((a, b) => b.brotli - a.brotli)[0];
  check(
    'every public page',
    `HTML brotli <= ${kb(FIRST_ROUND_TRIP)}`,
    pages.length > 0 && over.length === 0,
    `${pages.length} pages, ${over.length} over; largest ${largest ? `${kb(largest.brotli)} (${largest.path})` : 'n/a'}`,
  );
  if (over.length) {
    notes.push(`Pages over ${kb(FIRST_ROUND_TRIP)} brotli (HTML with inline CSS), largest first:`);
    for (const p of over.slice(0, 15)) notes.push(`  ${kb(p.brotli).padStart(9)}  ${p.path}`);
    if (over.length > 15) notes.push(`  ... and ${over.length - 15} more`);
  }

  const light = pages.filter((p) => isLight(p.path));
  const scripted = light.filter((p) => scriptsIn(readFileSync(p.file, 'utf8')) > 0);
  check(
    'location, legal, portfolio',
    "no JavaScript but the display face's line",
    light.length > 0 && scripted.length === 0,
    `${light.length} pages, ${scripted.length} with scripts${
      scripted.length
        ? `: ${scripted
            .map((p) => p.path)
            .slice(0, 5)
            .join(', ')}`
        : ''
    }`,
  );

  // An HTML comment in a component ships in every page that renders it (write {/* */} instead).
  const commented = pages.filter((p) => /<!--(?!\[)/.test(readFileSync(p.file, 'utf8')));
  check(
    'every public page',
    'no HTML comments',
    commented.length === 0,
    commented.length ? `${commented.length} pages, e.g. ${commented[0]?.path}` : `${pages.length} pages`,
  );

  const fontsDir = join(CLIENT_DIR, 'fonts');
  const fonts = existsSync(fontsDir) ? readdirSync(fontsDir).filter((f) => f.endsWith('.woff2')) : [];
  for (const font of fonts) {
    const bytes = statSync(join(fontsDir, font)).size;
    check(`/fonts/${font}`, `font file <= ${kb(BUDGETS.fontFileBytes)}`, bytes <= BUDGETS.fontFileBytes, kb(bytes));
  }
}
checkBuild();

/** Bytes of a response as sent: status line, headers and the (brotli) body. */
function responseBytes(path: string) {
  return new Promise<{ head: number; body: number }>((resolve, reject) => {
    const req = httpGet(`${ORIGIN}${path}`, { headers: { 'accept-encoding': 'br' } }, (res) => {
      let body = 0;
      res.on('data', (chunk) => {
        body += chunk.length;
      });
      res.on('end', () => {
        let head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          head += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`.length;
        }
        resolve({ head, body });
      });
    });
    req.on('error', reject);
  });
}

/**
 * Every public page's first response body against the first round trip (the home page's figure,
 * with its headers, is also noted: it has the least room).
 */
async function checkFirstRoundTrip() {
  const sizes: { path: string; head: number; body: number }[] = [];
  for (const { path } of publicPages()) sizes.push({ path, ...(await responseBytes(path)) });
  // /book is public and rendered per request: its whole first response must fit too.
  sizes.push({ path: '/book', ...(await responseBytes('/book')) });
  const over = sizes.filter((p) => p.body > FIRST_ROUND_TRIP_BYTES).sort((a, b) => b.body - a.body);
  const largest = [...sizes].sort((a, b) => b.body - a.body)[0];
  check(
    'every public page',
    `response body <= ${FIRST_ROUND_TRIP_BYTES} B`,
    sizes.length > 0 && over.length === 0,
    `${sizes.length} pages, ${over.length} over; largest ${largest ? `${largest.body} B (${largest.path}, headers ${largest.head} B besides)` : 'n/a'}`,
  );
  for (const p of over.slice(0, 10))
    notes.push(`  ${String(p.body).padStart(6)} B  ${p.path} (headers ${p.head} B besides)`);
  const home = sizes.find((p) => p.path === '/');
  if (home) notes.push(`/ response: body ${home.body} B, headers ${home.head} B`);
}

try {
  await waitForServer(ORIGIN);
  await checkFirstRoundTrip();
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
    const htmlBudget = BUDGETS.htmlBrotli[kind];
    check(path, `HTML brotli <= ${kb(htmlBudget)}`, weight.htmlBrotli <= htmlBudget, kb(weight.htmlBrotli));
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
    check(
      path,
      `first-screen images <= ${kb(BUDGETS.firstScreenImageBytes)}`,
      weight.firstScreenImageBytes <= BUDGETS.firstScreenImageBytes,
      kb(weight.firstScreenImageBytes),
    );
    check(
      path,
      'images below the first screen lazy',
      weight.eagerBelowFold.length === 0,
      weight.eagerBelowFold.length ? `eager: ${weight.eagerBelowFold.slice(0, 3).join(', ')}` : 'all lazy',
    );
    check(path, 'third-party requests', weight.thirdParty <= BUDGETS.thirdParty, `${weight.thirdParty}`);
  }
  await browser.close();

  if (!args.includes('--no-lighthouse')) {
    for (const result of results) {
      console.log(`bench: lighthouse ${result.path} (${RUNS} runs)`);
      const lh = await measureLighthouse(result.path);
      result.lighthouse = lh;
      const categories: ('performance' | 'accessibility' | 'bestPractices' | 'seo')[] = [
        'performance',
        'accessibility',
        'bestPractices',
        ...(NOT_INDEXED.has(result.path) ? [] : (['seo'] as const)),
      ];
      for (const category of categories) {
        check(result.path, `Lighthouse ${category} = 100`, lh[category] >= BUDGETS.lighthouseScore, `${lh[category]}`);
      }
      const lcpBudget = LCP_MS_BY_PATH[result.path] ?? BUDGETS.lcpMs;
      check(result.path, `LCP <= ${lcpBudget} ms`, lh.lcp <= lcpBudget, `${Math.round(lh.lcp)} ms`);
      check(result.path, 'CLS = 0.00', Number(lh.cls.toFixed(2)) <= BUDGETS.cls, lh.cls.toFixed(3));
      if (result.kind === 'light') {
        check(result.path, `TBT = ${BUDGETS.tbtMsLight} ms`, lh.tbt <= BUDGETS.tbtMsLight, `${Math.round(lh.tbt)} ms`);
      }
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
    'images (1st screen)',
    'JS br',
    'JS br after menu',
    'blocking',
    '3rd party',
  ]
    .map((h, i) => h.padEnd(i === 0 ? 34 : 18))
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
      `${kb(w.imageRaw)} (${kb(w.firstScreenImageBytes)})`,
      kb(w.jsBrotli),
      kb(w.jsAfterMenuBrotli),
      String(w.renderBlocking),
      String(w.thirdParty),
    ]
      .map((c, i) => c.padEnd(i === 0 ? 34 : 18))
      .join(''),
  );
}
if (results.some((r) => r.lighthouse)) {
  console.log(`\nLighthouse mobile (median of ${RUNS})`);
  console.log(
    ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP', 'LCP', 'SI', 'TBT', 'CLS']
      .map((h, i) => h.padEnd(i === 0 ? 34 : 10))
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
        .map((c, i) => String(c).padEnd(i === 0 ? 34 : 10))
        .join(''),
    );
    if (lh.failing.length) console.log(`  failing audits: ${lh.failing.join(', ')}`);
  }
}

console.log('\nBudgets');
for (const c of checks) console.log(`${c.ok ? 'PASS' : 'FAIL'}  ${c.page.padEnd(34)} ${c.name.padEnd(38)} ${c.detail}`);
if (notes.length) console.log(`\n${notes.join('\n')}`);
mkdirSync('bench-results', { recursive: true });
writeFileSync(
  'bench-results/latest.json',
  JSON.stringify({ date: new Date().toISOString(), results, checks }, null, 2),
);
const failed = checks.filter((c) => !c.ok).length;
console.log(`\n${checks.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
