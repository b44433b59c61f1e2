// @ts-check
// docs/screenshots (docs/performance.md): the first screen of the home page, /portfolio and a case study on a phone
// (390 x 844) and a laptop (1280 x 800), as small WebP files (at most 60 KB each).
//
//   node scripts/screenshots.mjs --base http://127.0.0.1:4680 --out docs/screenshots \
//     --prefix after --case-study /portfolio/harbor-legal
//
// The site must already be served at --base (e.g. `npm start`, or a build served with
// scripts/serve-build.mjs). --case-study-scroll <selector> scrolls the first matching element
// to the top before the case study shot (used for the "before" set, which had no case study
// pages: its /portfolio scrolled to a project card stands in for one).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { CHROMIUM_ARGS, systemChromium } from './chromium.mjs';

const args = process.argv.slice(2);
/** @type {(name: string) => string | undefined} */
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const BASE = option('--base') ?? 'http://127.0.0.1:4321';
const OUT = option('--out') ?? 'docs/screenshots';
const PREFIX = option('--prefix') ?? 'after';
const CASE_STUDY = option('--case-study');
const CASE_STUDY_SCROLL = option('--case-study-scroll');
const MAX_BYTES = 60 * 1024;

const VIEWPORTS = [
  { name: '390', width: 390, height: 844, isMobile: true, hasTouch: true },
  { name: '1280', width: 1280, height: 800, isMobile: false, hasTouch: false },
];
const SHOTS = [
  { name: 'home', path: '/' },
  { name: 'portfolio', path: '/portfolio' },
  ...(CASE_STUDY ? [{ name: 'case-study', path: CASE_STUDY, scroll: CASE_STUDY_SCROLL }] : []),
];

/** The PNG as WebP, at the best quality that keeps it under MAX_BYTES. */
/** @param {Buffer} png */
async function toWebp(png) {
  let webp = Buffer.alloc(0);
  for (const quality of [82, 75, 68, 60, 52, 45, 38, 30]) {
    webp = await sharp(png).webp({ quality, effort: 6, smartSubsample: true }).toBuffer();
    if (webp.length <= MAX_BYTES) return { webp, quality };
  }
  throw new Error(`screenshot still ${webp.length} bytes at the lowest quality`);
}

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: systemChromium(), args: CHROMIUM_ARGS });
try {
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
      deviceScaleFactor: 1,
      isMobile: viewport.isMobile,
      hasTouch: viewport.hasTouch,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    for (const shot of SHOTS) {
      const response = await page.goto(new URL(shot.path, BASE).href, { waitUntil: 'networkidle' });
      if (!response?.ok()) throw new Error(`${shot.path}: HTTP ${response?.status()}`);
      await page.evaluate(() => document.fonts.ready);
      if (shot.scroll) {
        await page
          .locator(shot.scroll)
          .first()
          .evaluate((el) => el.scrollIntoView({ block: 'start' }));
        // Below the sticky header, and let lazy images near the new first screen load.
        await page.evaluate(() => scrollBy(0, -80));
        await page.waitForLoadState('networkidle');
      }
      const { webp, quality } = await toWebp(await page.screenshot({ type: 'png' }));
      const file = join(OUT, `${PREFIX}-${shot.name}-${viewport.name}.webp`);
      writeFileSync(file, webp);
      console.log(`screenshots: ${file} (${(webp.length / 1024).toFixed(1)} KB, quality ${quality})`);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
