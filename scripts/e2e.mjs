// @ts-check
// `npm run test:e2e`: build every e2e configuration (tests/e2e/builds.ts), then run Playwright.
// Extra arguments go to Playwright, e.g. `npm run test:e2e -- tests/e2e/menus.spec.ts`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemChromium } from './chromium.mjs';
import { freePort } from './serve-build.mjs';
import { BUILD_SETTINGS_FILE, effectiveSettings } from './bench-reuse.ts';

/** Where a build records the port its SITE_URL was built for, so E2E_SKIP_BUILD serves it there again. */
const PORT_FILE = 'e2e-port';

// Free ports and a fresh database folder for this run (tests/e2e/builds.ts reads them, and so do
// Playwright's workers, which inherit the environment): two checkouts can test at once.
process.env.E2E_RUN_DIR = mkdtempSync(join(tmpdir(), 'palmetto-e2e-'));
for (const name of ['main', 'flat']) {
  const variable = `E2E_PORT_${name.toUpperCase()}`;
  const recorded = join(`dist-e2e-${name}`, PORT_FILE);
  process.env[variable] =
    process.env.E2E_SKIP_BUILD && existsSync(recorded)
      ? readFileSync(recorded, 'utf8').trim()
      : String(await freePort());
}
const { E2E_BUILDS } = await import('../tests/e2e/builds.ts');

/** @param {string} cmd @param {string[]} args @param {Record<string, string>} [env] */
const run = (cmd, args, env = {}) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

/** Build warnings that mean a prerendered page reached for the request (they once filled every build log). */
const NOISE = /Astro\.request\.headers/;

if (!process.env.E2E_SKIP_BUILD) {
  for (const build of Object.values(E2E_BUILDS)) {
    console.log(`e2e: building '${build.name}' into ${build.outDir}`);
    const result = spawnSync('npm', ['run', 'build', '--silent'], {
      encoding: 'utf8',
      env: { ...process.env, ...build.env, OUT_DIR: build.outDir, ASTRO_TELEMETRY_DISABLED: '1' },
    });
    const output = `${result.stdout}${result.stderr}`;
    if (result.status !== 0) {
      process.stdout.write(output);
      process.exit(result.status ?? 1);
    }
    writeFileSync(join(build.outDir, PORT_FILE), String(build.port));
    // What the build was made with, so the page-weight bench can measure this build instead of making its own.
    writeFileSync(
      join(build.outDir, BUILD_SETTINGS_FILE),
      JSON.stringify(effectiveSettings({ ...process.env, ...build.env })),
    );
    const notable = output.split('\n').filter((line) => /precompress:|WARN|error/i.test(line));
    process.stdout.write(`${notable.join('\n')}\n`);
    if (NOISE.test(output)) {
      console.error('e2e: the build read request headers on a prerendered page (see the warnings above).');
      process.exit(1);
    }
  }
}
// Without a system Chromium (playwright.config.ts looks for one), use Playwright's own,
// downloaded on first use.
if (!systemChromium()) run('npx', ['playwright', 'install', 'chromium']);
const tests = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });

// The servers' logs (playwright.config.ts writes them to test-results/): one JSON object per
// line and no secret the run used, whatever the tests' outcome.
const { checkLog, passwordsInSpecs, secretSettings, secretsInDatabase, specSources } =
  await import('./server-log-check.ts');
const problems = [];
let lines = 0;
/** How many secrets of each kind were looked for. */
const checked = new Map();
const specPasswords = passwordsInSpecs(specSources('tests/e2e'));
for (const build of Object.values(E2E_BUILDS)) {
  if (!existsSync(build.serverLog)) {
    problems.push(`${build.serverLog} is missing: the '${build.name}' server's output was not captured`);
    continue;
  }
  const text = readFileSync(build.serverLog, 'utf8');
  lines += text.split('\n').filter(Boolean).length;
  const secrets = [
    ...specPasswords,
    ...secretSettings({ ...process.env, ...build.serverEnv }),
    ...(await secretsInDatabase(build.databaseUrl)),
  ];
  problems.push(...checkLog(build.serverLog, text, secrets));
  for (const { label } of secrets) checked.set(label, (checked.get(label) ?? 0) + 1);
}
// The lifecycle's invariants on what the whole suite left behind (`npm run db:check`, issue 37):
// every path the specs drive must leave a database that keeps them, so a broken rule fails the run.
for (const build of Object.values(E2E_BUILDS)) {
  if (!existsSync(build.databaseUrl.replace(/^file:/, ''))) continue;
  const check = spawnSync('node', ['scripts/db-check.ts'], {
    env: { ...process.env, DATABASE_URL: build.databaseUrl },
    encoding: 'utf8',
  });
  const report = `${check.stdout}${check.stderr}`.trim().split('\n');
  console.log(`e2e: db:check on the '${build.name}' server's database after the run:`);
  for (const line of report.slice(0, 40)) console.log(`  ${line}`);
  if (check.status !== 0) {
    problems.push(
      `db:check found the '${build.name}' database breaking the lifecycle's invariants (exit ${check.status})`,
    );
  }
}
rmSync(process.env.E2E_RUN_DIR, { recursive: true, force: true });
if (problems.length > 0) {
  console.error(
    `\ne2e: the server logs or databases fail the check (${problems.length} problems; secrets shown by name):`,
  );
  for (const problem of problems.slice(0, 30)) console.error(`  ${problem}`);
  process.exit(1);
}
const kinds = [...checked].map(([label, n]) => `${n} × ${label}`).join(', ');
console.log(`e2e: server logs checked: ${lines} lines, each one JSON object, none with a secret (${kinds}).`);
process.exit(tests.status ?? 1);
