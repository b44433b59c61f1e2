import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from './serve-build.mjs';

const BUILDS = resolve('tests/e2e/builds.ts');

/** The ports and database folder the e2e builds get in a fresh process, from `cwd` with `env`. */
function e2eSettings(cwd: string, env: Record<string, string> = {}) {
  const script = `const { E2E_BUILDS, E2E_DB_DIR } = await import(${JSON.stringify(BUILDS)});
    console.log(JSON.stringify({ main: E2E_BUILDS.main.port, flat: E2E_BUILDS.flat.port, dir: E2E_DB_DIR }));`;
  const clean = { ...process.env, E2E_PORT_MAIN: '', E2E_PORT_FLAT: '', E2E_RUN_DIR: '', ...env };
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd, env: clean, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as { main: number; flat: number; dir: string };
}

describe('two checkouts can test at once', () => {
  it('each checkout gets its own e2e ports and database folder', () => {
    const a = e2eSettings(mkdtempSync(join(tmpdir(), 'checkout-a-')));
    const b = e2eSettings(mkdtempSync(join(tmpdir(), 'checkout-b-')));
    expect(a.main).not.toBe(b.main);
    expect(a.dir).not.toBe(b.dir);
    expect(a.main).not.toBe(a.flat);
  });

  it('a run uses the ports and folder scripts/e2e.mjs picked for it', () => {
    const settings = e2eSettings(process.cwd(), {
      E2E_PORT_MAIN: '31001',
      E2E_PORT_FLAT: '31002',
      E2E_RUN_DIR: '/tmp/run-x',
    });
    expect(settings).toEqual({ main: 31001, flat: 31002, dir: '/tmp/run-x' });
  });

  it('benches ask the system for a free port', async () => {
    const [a, b] = [await freePort(), await freePort()];
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
  });
});
