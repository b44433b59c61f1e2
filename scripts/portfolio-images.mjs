// @ts-check
// Portfolio screenshots: the first screen of a site on a phone and on a desktop, taken in
// Chromium and encoded to AVIF and WebP, so the build needs no browser. Point it at a concept
// demo on a local build or at a client's live site:
//
//   npm run portfolio:images -- --url http://127.0.0.1:4650/portfolio/lakeside-plumbing/demo --slug lakeside-plumbing
//
// writes src/assets/portfolio/<slug>/{phone,desktop}.{avif,webp} (or under --out), prints their
// sizes and what the phone load measured (requests, bytes, JavaScript, largest contentful paint).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { CHROMIUM_ARGS, systemChromium } from './chromium.mjs';

const USAGE = 'usage: npm run portfolio:images -- --url <URL> --slug <project> [--out src/assets/portfolio]';

/** Phone: a common 390 x 844 screen at 2x; desktop: a laptop's 1280 x 800 at 1x. */
const SHOTS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
];

/**
 * Flat colours and text compress well: these settings keep each file well under 60 KB. The
 * site's pages re-encode them at the widths they show (astro:assets), so these are sources.
 */
const AVIF = { quality: 50, effort: 6 };
const WEBP = { quality: 70, effort: 6 };

function parse() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      slug: { type: 'string' },
      out: { type: 'string', default: 'src/assets/portfolio' },
    },
  });
  const { url, slug, out } = values;
  if (!url || !slug || !out) throw new Error(USAGE);
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug))
    throw new Error(`--slug must be a file name like lakeside-plumbing\n${USAGE}`);
  const parsed = new URL(url);
  if (!['http:', 'https:'].includes(parsed.protocol)) throw new Error(`--url must be http(s)\n${USAGE}`);
  return { url: parsed.href, slug, out };
}

/** What the browser fetched for the page, from the Resource Timing entries of the page itself. */
async function measure(/** @type {import('@playwright/test').Page} */ page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        let lcp = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => {
          const nav = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0]);
          const resources = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource'));
          resolve({
            requests: 1 + resources.length,
            transferredBytes: nav.transferSize + resources.reduce((sum, r) => sum + r.transferSize, 0),
            htmlBytes: nav.transferSize,
            scriptBytes: resources.filter((r) => r.initiatorType === 'script').reduce((s, r) => s + r.transferSize, 0),
            lcpMs: Math.round(lcp),
          });
        }, 500);
      }),
  );
}

const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const { url, slug, out } = parse();
  const dir = join(out, slug);
  mkdirSync(dir, { recursive: true });
  const browser = await chromium.launch({ executablePath: systemChromium(), args: CHROMIUM_ARGS });
  try {
    for (const { name, ...device } of SHOTS) {
      const context = await browser.newContext({ ...device, reducedMotion: 'reduce', colorScheme: 'light' });
      const page = await context.newPage();
      const response = await page.goto(url, { waitUntil: 'load' });
      if (!response?.ok()) throw new Error(`${url} answered ${response?.status() ?? 'nothing'}`);
      await page.evaluate(() => document.fonts.ready);
      const figures = name === 'phone' ? await measure(page) : undefined;
      const png = await page.screenshot({ type: 'png', fullPage: false });
      await context.close();
      for (const [format, options] of /** @type {const} */ ([
        ['avif', AVIF],
        ['webp', WEBP],
      ])) {
        const file = join(dir, `${name}.${format}`);
        const encoded = await sharp(png)[format](options).toBuffer();
        writeFileSync(file, encoded);
        const { width, height } = await sharp(encoded).metadata();
        console.log(`${file}  ${width}x${height}  ${kb(encoded.length)}`);
      }
      if (figures) console.log(`phone load of ${url}: ${JSON.stringify(figures)}`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
