// @ts-check
// Portfolio screenshots, taken in Chromium and encoded to AVIF and WebP so the build needs no
// browser: the first screen on a phone and a desktop, a second phone screen further down and the
// whole page on a desktop. Point it at a concept demo on a local build or at a client's live site:
//
//   npm run portfolio:images -- --url http://127.0.0.1:4650/portfolio/lakeside-plumbing/demo --slug lakeside-plumbing
//
// writes src/assets/portfolio/<slug>/{phone,phone-2,desktop,full}.{avif,webp} (or under --out),
// prints their sizes, then loads the page three times as a cheap phone would (Lighthouse's
// mobile settings: 4x CPU slowdown, slow 4G) and prints the medians: when the main button and
// the largest text were painted, requests, bytes and JavaScript. Those are the figures for
// `results`. --no-shots measures only.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { CHROMIUM_ARGS, systemChromium } from './chromium.mjs';

const USAGE =
  'usage: npm run portfolio:images -- --url <URL> --slug <project> [--out src/assets/portfolio] [--no-shots]';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false };

/**
 * Phone: a common 390 x 844 screen at 2x; desktop: a laptop's 1280 x 800 at 1x. 'phone-2' is the
 * phone scrolled to the element the page marks data-shot="phone-2" (one screen down without one);
 * 'full' is the whole desktop page, top to bottom.
 * @type {{ name: string, device: typeof PHONE | typeof DESKTOP, scroll?: boolean, fullPage?: boolean }[]}
 */
const SHOTS = [
  { name: 'phone', device: PHONE },
  { name: 'phone-2', device: PHONE, scroll: true },
  { name: 'desktop', device: DESKTOP },
  { name: 'full', device: DESKTOP, fullPage: true },
];

/**
 * Flat colours and text compress well: these settings keep a screen well under 60 KB and a whole
 * page under about 120 KB. The site's pages re-encode them at the widths they show (astro:assets),
 * so these are sources.
 */
const AVIF = { quality: 50, effort: 6 };
const WEBP = { quality: 70, effort: 6 };
/** A whole page taller than this is cut here: a case study shows it at most 640 px wide. */
const FULL_MAX_HEIGHT = 4000;

/**
 * Lighthouse's mobile defaults (a mid-range phone on slow 4G), applied the way its DevTools
 * throttling does: request latency 562.5 ms, 1.47 Mbit/s down, 0.68 Mbit/s up, CPU 4x slower.
 */
const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
const RUNS = 3;

function parse() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      slug: { type: 'string' },
      out: { type: 'string', default: 'src/assets/portfolio' },
      'no-shots': { type: 'boolean', default: false },
    },
  });
  const { url, slug, out } = values;
  if (!url || !slug || !out) throw new Error(USAGE);
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug))
    throw new Error(`--slug must be a file name like lakeside-plumbing\n${USAGE}`);
  const parsed = new URL(url);
  if (!['http:', 'https:'].includes(parsed.protocol)) throw new Error(`--url must be http(s)\n${USAGE}`);
  return { url: parsed.href, slug, out, shots: !values['no-shots'] };
}

/**
 * What the browser fetched and painted: Resource Timing for bytes, the largest contentful paint,
 * and Element Timing for the main button (the demos mark it elementtiming="main-action").
 */
async function measure(/** @type {import('@playwright/test').Page} */ page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        let lcp = 0;
        let action = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            if (entry.name === 'main-action' || /** @type {any} */ (entry).identifier === 'main-action')
              action = /** @type {any} */ (entry).renderTime || entry.startTime;
        }).observe({ type: 'element', buffered: true });
        setTimeout(() => {
          const nav = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0]);
          const resources = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource'));
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
          const button = document.querySelector('[elementtiming="main-action"]')?.getBoundingClientRect();
          resolve({
            actionMs: Math.round(action),
            actionOnFirstScreen: !!button && button.bottom <= window.innerHeight,
            fcpMs: Math.round(fcp),
            lcpMs: Math.round(lcp),
            requests: 1 + resources.length,
            transferredBytes: nav.transferSize + resources.reduce((sum, r) => sum + r.transferSize, 0),
            htmlBytes: nav.transferSize,
            scriptBytes: resources.filter((r) => r.initiatorType === 'script').reduce((s, r) => s + r.transferSize, 0),
          });
        }, 1000);
      }),
  );
}

const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (/** @type {number[]} */ values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** @param {import('@playwright/test').Browser} browser @param {string} url @param {string} dir */
async function capture(browser, url, dir) {
  for (const { name, device, scroll, fullPage } of SHOTS) {
    const context = await browser.newContext({ ...device, reducedMotion: 'reduce', colorScheme: 'light' });
    const page = await context.newPage();
    const response = await page.goto(url, { waitUntil: 'load' });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status() ?? 'nothing'}`);
    await page.evaluate(() => document.fonts.ready);
    if (scroll)
      await page.evaluate(() => {
        const target = document.querySelector('[data-shot="phone-2"]');
        // A little of what comes before shows that the page goes on above.
        if (target) window.scrollTo(0, target.getBoundingClientRect().top + window.scrollY - 16);
        else window.scrollBy(0, window.innerHeight);
      });
    let png = await page.screenshot({ type: 'png', fullPage: !!fullPage });
    await context.close();
    if (fullPage) {
      const { width = 0, height = 0 } = await sharp(png).metadata();
      if (height > FULL_MAX_HEIGHT)
        png = await sharp(png).extract({ left: 0, top: 0, width, height: FULL_MAX_HEIGHT }).toBuffer();
    }
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
  }
}

/** Medians of RUNS cold loads on a throttled phone. @param {import('@playwright/test').Browser} browser @param {string} url */
async function measureOnSlowPhone(browser, url) {
  /** @type {Record<string, number | boolean>[]} */
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ ...PHONE, reducedMotion: 'reduce', colorScheme: 'light' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'load' });
    runs.push(await measure(page));
    await context.close();
  }
  const keys = /** @type {string[]} */ (Object.keys(runs[0] ?? {}));
  return Object.fromEntries(
    keys.map((key) => [
      key,
      typeof runs[0]?.[key] === 'boolean'
        ? runs.every((r) => r[key])
        : median(runs.map((r) => /** @type {number} */ (r[key]))),
    ]),
  );
}

async function main() {
  const { url, slug, out, shots } = parse();
  const dir = join(out, slug);
  mkdirSync(dir, { recursive: true });
  const browser = await chromium.launch({ executablePath: systemChromium(), args: CHROMIUM_ARGS });
  try {
    if (shots) await capture(browser, url, dir);
    const figures = await measureOnSlowPhone(browser, url);
    console.log(
      `slow phone (4x CPU, slow 4G; median of ${RUNS}), ${new Date().toISOString().slice(0, 10)}, ${url}: ${JSON.stringify(figures)}`,
    );
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
