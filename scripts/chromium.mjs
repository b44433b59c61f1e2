// @ts-check
// The browser for e2e tests and the benchmark: Debian's Chromium when present (Playwright
// cannot download browsers on our machines), else Playwright's own.
import { existsSync } from 'node:fs';

/** @returns {string | undefined} */
export const systemChromium = () => [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => !!p && existsSync(p));

/** Flags for a headless, offline, root-run Chromium that never phones home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
