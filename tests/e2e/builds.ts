/**
 * The builds the e2e suite runs against (scripts/e2e.mjs makes them, playwright.config
 * serves them). 'main' is the default configuration; 'flat' switches the pricing
 * reading, bills it on a 50/50 payment schedule (the balance at approval) and configures the
 * Meta pixel, so every setting is tested end to end.
 */
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * scripts/e2e.mjs picks free ports and a fresh folder for each run and hands them to Playwright
 * (and its workers) in these variables, so two checkouts can run the suite at once. Without them
 * (Playwright started by hand) each checkout gets ports and a folder of its own, derived from its path.
 */
const checkoutHash = createHash('sha256').update(process.cwd()).digest();
const defaultPort = (offset: number) => 20_000 + ((checkoutHash.readUInt16BE(0) % 10_000) * 2 + offset);
const portFrom = (name: string, offset: number) => Number(process.env[name]) || defaultPort(offset);

/** The e2e servers' databases: made fresh by scripts/e2e.mjs for each run, readable by tests. */
export const E2E_DB_DIR =
  process.env.E2E_RUN_DIR || join(tmpdir(), `palmetto-e2e-${checkoutHash.toString('hex').slice(0, 12)}`);

export interface E2EBuild {
  name: string;
  port: number;
  origin: string;
  outDir: string;
  databaseUrl: string;
  /** Everything its server writes (one JSON line per entry), checked for secrets after the run (scripts/e2e.mjs). */
  serverLog: string;
  /** Build-time settings. */
  env: Record<string, string>;
  /** Run-time settings of its server. */
  serverEnv: Record<string, string>;
  testMatch: RegExp;
}

const build = (
  name: string,
  port: number,
  env: Record<string, string>,
  serverEnv: Record<string, string>,
  testMatch: RegExp,
): E2EBuild => ({
  name,
  port,
  origin: `http://127.0.0.1:${port}`,
  outDir: `dist-e2e-${name}`,
  databaseUrl: `file:${join(E2E_DB_DIR, `${name}.db`)}`,
  serverLog: join('test-results', `server-${name}.log`),
  env: { SITE_URL: `http://127.0.0.1:${port}`, ...env },
  serverEnv,
  testMatch,
});

export const TEST_PIXEL_ID = '123456789012345';
/** The flat build's payment schedule (PAYMENT_SCHEDULE): half at order, the balance at approval. */
export const FLAT_SCHEDULE = '50/approved';
/** The first admin, created at server start from ADMIN_EMAIL / ADMIN_PASSWORD. */
export const TEST_ADMIN = { email: 'owner@palmetto.test', password: 'e2e-owner-passphrase' };

export const E2E_BUILDS = {
  // Every test posts from 127.0.0.1, so the main server runs without rate limits; the flat
  // server keeps them on for the tests that check them (*.flat.spec.ts).
  main: build(
    'main',
    portFrom('E2E_PORT_MAIN', 0),
    // The default settings, as the page-weight bench builds them (it measures this build in `npm test`).
    { PRICING_MODEL: 'custom', PUBLIC_META_PIXEL_ID: '' },
    { RATE_LIMITS: 'off', ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password },
    /^(?!.*\.flat\.spec\.ts$).*\.spec\.ts$/,
  ),
  flat: build(
    'flat',
    portFrom('E2E_PORT_FLAT', 1),
    { PRICING_MODEL: 'flat', PAYMENT_SCHEDULE: FLAT_SCHEDULE, PUBLIC_META_PIXEL_ID: TEST_PIXEL_ID },
    // The admin signs in once per run (money-story.flat.spec.ts), within the sign-in limits.
    { RATE_LIMITS: 'on', ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password },
    /\.flat\.spec\.ts$/,
  ),
} as const;
