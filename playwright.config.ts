import { dirname } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_BUILDS } from './tests/e2e/builds.ts';
import { CHROMIUM_ARGS, e2eChromium } from './scripts/chromium.mjs';

/** Specs that must run alone at the end (see the main-last project). */
const LAST = /backup\.spec\.ts$/;

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: true,
  // Two on 2 cores (Playwright's default is half the cores): a test spends much of its time waiting
  // on the server or the page, and two workers ran the specs about 20 % faster than one.
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Budgets for a loaded 2-core machine, not for speed (speed is the bench's business). With a CI
  // run and builds beside it (load average 14-21), the admin specs' traces showed 1-4 s per page
  // round trip, up to 8 s for an island to hydrate and about 9 s per axe run: a test of a dozen
  // round trips and two axe runs took 36-40 s, and failed at 30 s. 90 s per test leaves twice that
  // (journeys longer still are split, or say test.slow()); 15 s per assertion is four slow round
  // trips. A hang still fails within a minute and a half.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: e2eChromium(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  projects: [
    ...Object.values(E2E_BUILDS).map((build) => ({
      name: build.name,
      testMatch: build.testMatch,
      testIgnore: LAST,
      use: { baseURL: build.origin },
    })),
    // The backup test loads the main server with a burst of orders and messages: run after
    // everything else, so no other test's newest order or lead is pushed off a dashboard list.
    // Alone: `npm run test:e2e -- tests/e2e/backup.spec.ts --no-deps`.
    {
      name: 'main-last',
      testMatch: LAST,
      dependencies: Object.values(E2E_BUILDS).map((build) => build.name),
      use: { baseURL: E2E_BUILDS.main.origin },
    },
  ],
  webServer: Object.values(E2E_BUILDS).map((build) => ({
    // The server's whole output goes to a file (Playwright empties test-results/ before it starts
    // the servers), which scripts/e2e.mjs checks for secrets after the run.
    command: `mkdir -p '${dirname(build.serverLog)}' && node src/main.ts >> '${build.serverLog}' 2>&1`,
    url: `${build.origin}/healthz`,
    reuseExistingServer: false,
    // A cold start on a loaded 2-core machine has taken over 30 s; the deadline is about the machine.
    timeout: 180_000,
    env: {
      HOST: '127.0.0.1',
      PORT: String(build.port),
      DIST_DIR: build.outDir,
      SITE_URL: build.origin,
      DATABASE_URL: build.databaseUrl,
      // Every request line is logged, so the secrets check covers them.
      LOG_LEVEL: 'info',
      // One worker under the supervising primary: several e2e servers share 2 cores with Chromium,
      // and two workers each made the suite slower, not safer (several processes sharing one
      // database are covered by cluster.test.ts and the chaos run).
      WEB_CONCURRENCY: '1',
      ...build.serverEnv,
    },
  })),
});
