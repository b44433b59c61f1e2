// `npm run test:e2e`: build every e2e configuration (tests/e2e/builds.ts), then run Playwright.
// Extra arguments go to Playwright, e.g. `npm run test:e2e -- tests/e2e/menus.spec.ts`.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { systemChromium } from './chromium.mjs';

const { E2E_BUILDS, E2E_DB_DIR } = await import('../tests/e2e/builds.ts');
rmSync(E2E_DB_DIR, { recursive: true, force: true });

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
run('npx', ['playwright', 'test', ...process.argv.slice(2)]);
