// @ts-check
// docs/screenshots (docs/performance.md, docs/design.md): first screens on a phone (390 x 844)
// and a laptop (1280 x 800), as small WebP files (at most 60 KB each).
//
//   node scripts/screenshots.mjs --base http://127.0.0.1:4680 --out docs/screenshots \
//     --prefix after --case-study /portfolio/harbor-legal
//
// The site must already be served at --base (e.g. `npm start`, or a build served with
// scripts/serve-build.mjs). --case-study-scroll <selector> scrolls the first matching element
// to the top before the case study shot (used for the "before" set, which had no case study
// pages: its /portfolio scrolled to a project card stands in for one).
//
// `--set screens` takes the product's screens as well: /about, a live demo (--demo <path>),
// /checkout, /account and /admin. It first makes a customer with an order and a contact message
// through the site's own endpoints, then signs in as that customer (/account) and as the admin
// of --admin-email / --admin-password (/admin), so run it against a server with a throwaway
// database. The back office needs two-factor sign-in: give the admin's key with --admin-totp-key
// (base32, as the set-up page shows it), or leave it out for an admin without two-factor yet,
// whom the script sets up (a throwaway admin only: the key is printed, nowhere kept).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateTOTP } from '@oslojs/otp';
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
const SCREENS = option('--set') === 'screens';
const DEMO = option('--demo') ?? '/portfolio/citrus-and-salt/demo';
const ADMIN = { email: option('--admin-email') ?? '', password: option('--admin-password') ?? '' };
let adminTotpKey = option('--admin-totp-key')?.replace(/ /g, '');
const CUSTOMER = { name: 'Dana Rivera', email: 'dana@rivera-bakery.example', password: 'sourdough-lantern-orbit' };
const MAX_BYTES = 60 * 1024;

const VIEWPORTS = [
  { name: '390', width: 390, height: 844, isMobile: true, hasTouch: true },
  { name: '1280', width: 1280, height: 800, isMobile: false, hasTouch: false },
];
/** @typedef {{ name: string, path: string, scroll?: string, as?: 'customer' | 'admin' }} Shot */
/** @type {Shot[]} */
const SHOTS = [
  { name: 'home', path: '/' },
  ...(SCREENS ? [{ name: 'about', path: '/about' }] : []),
  { name: 'portfolio', path: '/portfolio' },
  ...(CASE_STUDY ? [{ name: 'case-study', path: CASE_STUDY, scroll: CASE_STUDY_SCROLL }] : []),
  ...(SCREENS
    ? /** @type {Shot[]} */ ([
        { name: 'demo', path: DEMO },
        { name: 'checkout', path: '/checkout' },
        { name: 'account', path: '/account', as: 'customer' },
        { name: 'admin', path: '/admin', as: 'admin' },
      ])
    : []),
];

/** @param {import('@playwright/test').APIRequestContext} request @param {string} path @param {object} data */
const post = (request, path, data) => request.post(new URL(path, BASE).href, { data, headers: { origin: BASE } });

/** A customer with an account and an order, and a message from a visitor: what the signed-in screens show. */
async function seed(/** @type {import('@playwright/test').Browser} */ browser) {
  const context = await browser.newContext();
  const registered = await post(context.request, '/api/register', CUSTOMER);
  if (!registered.ok() && !(await post(context.request, '/api/login', CUSTOMER)).ok()) {
    throw new Error(`the customer could not sign up or in: HTTP ${registered.status()}`);
  }
  const order = await post(context.request, '/api/checkout', {
    name: CUSTOMER.name,
    email: CUSTOMER.email,
    phone: '(407) 555-0188',
    businessName: 'Rivera Bakery',
    terms: true,
  });
  if (!order.ok()) throw new Error(`the order was refused: HTTP ${order.status()} ${await order.text()}`);
  await post(context.request, '/api/contact', {
    name: 'Marcus Lee',
    email: 'marcus@lee-landscaping.example',
    subject: 'A site for my landscaping business',
    message: 'We need a simple site with our services, service area and a quote form. Can we talk next week?',
  });
  await context.close();
}

/** @param {string} key base32 */
const totpCode = (key) => generateTOTP(decodeBase32IgnorePadding(key), 30, 6);

/**
 * The admin's second factor, after the password step on `request`: the code from the key, or
 * (an admin without two-factor, whom sign-in sends to the set-up) turning it on first.
 * @param {import('@playwright/test').APIRequestContext} request @param {{ secondFactorRequired?: boolean }} answer
 */
async function adminSecondFactor(request, answer) {
  if (answer.secondFactorRequired) {
    if (!adminTotpKey) throw new Error('The admin has two-factor sign-in: pass --admin-totp-key');
    const res = await post(request, '/api/login/two-factor', { code: totpCode(adminTotpKey) });
    if (!res.ok()) throw new Error(`admin code step: HTTP ${res.status()}`);
    return;
  }
  const setup = await post(request, '/api/account/two-factor/setup', {});
  if (!setup.ok()) throw new Error(`admin two-factor set-up: HTTP ${setup.status()}`);
  adminTotpKey = /** @type {{ manualKey: string }} */ (await setup.json()).manualKey.replace(/ /g, '');
  const enabled = await post(request, '/api/account/two-factor/enable', {
    currentPassword: ADMIN.password,
    code: totpCode(adminTotpKey),
  });
  if (!enabled.ok()) throw new Error(`admin two-factor enable: HTTP ${enabled.status()}`);
  console.log(`screenshots: two-factor sign-in turned on for ${ADMIN.email}; key ${adminTotpKey}`);
}

/** The admin's signed-in cookies, made once: a TOTP code is accepted once, so each shot reuses them. */
/** @type {import('@playwright/test').Cookie[] | undefined} */
let adminCookies;

/** @param {import('@playwright/test').BrowserContext} context @param {'customer' | 'admin'} who */
async function signIn(context, who) {
  if (who === 'admin' && adminCookies) return context.addCookies(adminCookies);
  const account = who === 'admin' ? ADMIN : CUSTOMER;
  const res = await post(context.request, '/api/login', { email: account.email, password: account.password });
  if (!res.ok()) throw new Error(`${who} sign-in: HTTP ${res.status()}`);
  if (who !== 'admin') return;
  await adminSecondFactor(context.request, await res.json());
  adminCookies = (await context.storageState()).cookies;
}

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
  if (SCREENS) await seed(browser);
  for (const viewport of VIEWPORTS)
    for (const shot of SHOTS) {
      // One browser per shot: the signed-in screens each need their own session.
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        deviceScaleFactor: 1,
        isMobile: viewport.isMobile,
        hasTouch: viewport.hasTouch,
        reducedMotion: 'reduce',
      });
      if (shot.as) await signIn(context, shot.as);
      const page = await context.newPage();
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
      await context.close();
    }
} finally {
  await browser.close();
}
