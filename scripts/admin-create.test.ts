import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { registerUser } from '#features/accounts/accounts.server.ts';
import { ensureAdminFromEnv } from '#features/accounts/bootstrap-admin.server.ts';
import { openDatabase } from '#server/db/client.ts';
import { appDatabase } from '#server/db/index.ts';
import { migrateDatabase } from '#server/db/migrate.ts';

// These tests start Node processes. On a loaded 2-core machine one can take well over 20 s just to
// boot, so the deadline here is generous: it is about the machine, not the behaviour under test.
vi.setConfig({ testTimeout: 180_000 });

async function freshDatabase() {
  const url = `file:${join(mkdtempSync(join(tmpdir(), 'palmetto-admin-')), 'app.db')}`;
  const database = appDatabase(await openDatabase(url));
  await migrateDatabase(database);
  return { url, database };
}

const adminCreate = (url: string, email: string) =>
  spawnSync(process.execPath, ['scripts/admin-create.ts', '--email', email, '--name', 'Ada'], {
    env: { PATH: process.env.PATH, DATABASE_URL: url, SITE_URL: 'https://studio.example' },
    encoding: 'utf8',
    timeout: 150_000,
  });

describe('npm run admin:create', () => {
  it('creates an admin and prints an activation link on the run-time SITE_URL', async () => {
    const { url } = await freshDatabase();
    const run = adminCreate(url, 'ada@example.com');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Admin ada@example.com: created.');
    expect(run.stdout).toMatch(/https:\/\/studio\.example\/activate-account\?token=/);
  });

  it("says so, and fails, when the e-mail belongs to a customer's own account", async () => {
    const { url, database } = await freshDatabase();
    await registerUser(database, { name: 'Customer', email: 'taken@example.com', password: 'lantern-pelican-orbit' });
    database.client.close();
    const run = adminCreate(url, 'taken@example.com');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('belongs to a customer account with its own password: not promoted');
    expect(run.stdout).not.toContain('activate-account');
  });
});

describe('ADMIN_EMAIL at start', () => {
  it('logs one line when it creates the admin, and nothing when it already exists', async () => {
    const { database } = await freshDatabase();
    const lines: string[] = [];
    const env = { ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'boss-unusual-passphrase' };
    await ensureAdminFromEnv(database, env, (line) => lines.push(line));
    await ensureAdminFromEnv(database, env, (line) => lines.push(line));
    expect(lines).toEqual(['Admin account boss@example.com created from ADMIN_EMAIL.']);
  });
});
