// @ts-check
// The browser for e2e tests and the benchmark: Debian's Chromium when present (Playwright
// cannot download browsers on our machines), else Playwright's own.
import { existsSync } from 'node:fs';

/** @returns {string | undefined} */
export const systemChromium = () => [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => !!p && existsSync(p));

/**
 * The browser for e2e tests: Debian's headless shell when installed (.ci/run installs it), the
 * same Blink without the full browser's shell, which ran the e2e specs about 16 % faster on a
 * 2-core machine; else the full browser. CHROMIUM_PATH still wins. Benches measure with the full
 * browser (systemChromium), as a visitor's Chrome is one.
 * @returns {string | undefined}
 */
export const e2eChromium = () =>
  [process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find(
    (p) => !!p && existsSync(p),
  );

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
