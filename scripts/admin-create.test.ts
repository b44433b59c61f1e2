import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { registerUser } from '#features/accounts/accounts.server.ts';
import { ensureAdmin, ensureAdminFromEnv } from '#features/accounts/bootstrap-admin.server.ts';
import { createSession, validateSessionToken } from '#features/accounts/session.server.ts';
import { enableTwoFactor, isTwoFactorOn, startSetup } from '#features/accounts/two-factor/two-factor.server.ts';
import { decodeKey, totpAt } from '#features/accounts/two-factor/totp.ts';
import { unseal } from '#server/email/sealed.ts';
import { auditLog, twoFactor } from '#server/db/schema.ts';
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
    expect(run.stdout).toContain('then set up two-factor sign-in');
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

describe('npm run admin:reset-two-factor', () => {
  it("removes an admin's two-factor sign-in and ends its sessions, audited", async () => {
    const { url, database } = await freshDatabase();
    const password = 'boss-unusual-passphrase';
    const { id } = await ensureAdmin(database, { email: 'lost@example.com', password });
    const { token, session } = await createSession(database, id);
    await startSetup(database, id);
    const [row] = await database.db.select().from(twoFactor).where(eq(twoFactor.userId, id));
    const key = decodeKey(unseal(row!.secretSealed));
    const on = await enableTwoFactor(
      database,
      { userId: id, sessionId: session.id, password, code: totpAt(key), reveal: false, device: {} },
      { ip: null },
    );
    expect(on.ok).toBe(true);
    database.client.close();

    const run = spawnSync(process.execPath, ['scripts/admin-reset-two-factor.ts', '--email', 'Lost@Example.com'], {
      env: { PATH: process.env.PATH, DATABASE_URL: url, SITE_URL: 'https://studio.example' },
      encoding: 'utf8',
      timeout: 150_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Two-factor sign-in of lost@example.com removed');

    const after = appDatabase(await openDatabase(url));
    expect(await isTwoFactorOn(after.db, id)).toBe(false);
    expect(await validateSessionToken(after, on.ok ? on.token : token)).toBeNull();
    const audit = await after.db.select().from(auditLog).where(eq(auditLog.action, 'admin.two-factor-reset'));
    expect(audit).toMatchObject([{ entityId: id, actorId: null }]);
    after.client.close();
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
