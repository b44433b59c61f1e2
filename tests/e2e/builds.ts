/**
 * The builds the e2e suite runs against (scripts/e2e.mjs makes them, playwright.config
 * serves them). 'main' is the default configuration; 'flat' switches the pricing
 * reading and configures the Meta pixel, so both settings are tested end to end.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The e2e servers' databases: emptied by scripts/e2e.mjs before each run, readable by tests. */
export const E2E_DB_DIR = join(tmpdir(), 'palmetto-e2e-db');

export interface E2EBuild {
  name: string;
  port: number;
  origin: string;
  outDir: string;
  databaseUrl: string;
  env: Record<string, string>;
  testMatch: RegExp;
}

const build = (name: string, port: number, env: Record<string, string>, testMatch: RegExp): E2EBuild => ({
  name,
  port,
  origin: `http://127.0.0.1:${port}`,
  outDir: `dist-e2e-${name}`,
  databaseUrl: `file:${join(E2E_DB_DIR, `${name}.db`)}`,
  env: { SITE_URL: `http://127.0.0.1:${port}`, ...env },
  testMatch,
});

export const TEST_PIXEL_ID = '123456789012345';

export const E2E_BUILDS = {
  main: build('main', 4511, { PRICING_MODEL: 'custom' }, /^(?!.*\.flat\.spec\.ts$).*\.spec\.ts$/),
  flat: build('flat', 4512, { PRICING_MODEL: 'flat', PUBLIC_META_PIXEL_ID: TEST_PIXEL_ID }, /\.flat\.spec\.ts$/),
} as const;
