import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

// These tests start Node processes. On a loaded 2-core machine one can take well over 20 s just to
// boot, so the deadline here is generous: it is about the machine, not the behaviour under test.
vi.setConfig({ testTimeout: 180_000 });

/** Starts the real server entry with `env`; these configurations must stop it before it listens. */
function start(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'palmetto-main-'));
  const result = spawnSync(process.execPath, ['src/main.ts'], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: `file:${join(dir, 'app.db')}`,
      DIST_DIR: join(dir, 'dist'),
      PORT: '0',
      ...env,
    },
    encoding: 'utf8',
    timeout: 150_000,
  });
  return { status: result.status, stderr: result.stderr, dir };
}

describe('the server refuses a configuration that cannot work, with one clear line', () => {
  it('a weak ADMIN_PASSWORD', () => {
    const short = start({ ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'a' });
    expect(short.status).toBe(1);
    expect(short.stderr.trim()).toBe('ADMIN_PASSWORD must be 8 to 128 characters.');
    const common = start({ ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'password123' });
    expect(common.status).toBe(1);
    expect(common.stderr).toContain('ADMIN_PASSWORD is on the list of common passwords');
  });

  it('a build made for another origin (https build, http server)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'palmetto-dist-'));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'build-info.json'), JSON.stringify({ siteUrl: 'https://www.example.com' }));
    const run = start({ DIST_DIR: dir, SITE_URL: 'http://localhost:4321' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('This build was made for SITE_URL=https://www.example.com');
  });

  it('an invalid setting names the variable', () => {
    const run = start({ PORT: 'eighty' });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toMatch(/^Invalid environment: PORT: /);
  });

  it('a public (https) start that could not say how to pay: no bank details and no Stripe', () => {
    const dir = mkdtempSync(join(tmpdir(), 'palmetto-dist-'));
    writeFileSync(join(dir, 'build-info.json'), JSON.stringify({ siteUrl: 'https://www.example.com' }));
    const run = start({ DIST_DIR: dir, SITE_URL: 'https://www.example.com' });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^INVOICE_BANK_DETAILS is not set and Stripe is not configured/);
  });
});
