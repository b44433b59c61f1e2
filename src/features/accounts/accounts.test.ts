import { count, desc, eq } from 'drizzle-orm';
import { verify } from '@node-rs/argon2';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { insertionOrder } from '#server/db/expressions.ts';
import { outbox, sessions } from '#server/db/schema.ts';
import { unseal } from '#server/email/sealed.ts';
import { ACTIVATION_TTL_MS, RESET_TTL_MS } from './account-links.server.ts';
import {
  authenticate,
  changePassword,
  createPendingUser,
  registerUser,
  sendAccountLink,
  setPasswordWithToken,
} from './accounts.server.ts';
import { ensureAdmin } from './bootstrap-admin.server.ts';
import {
  ACTIVITY_REFRESH_MS,
  createSession,
  INACTIVITY_TIMEOUT_MS,
  invalidateSession,
  listUserSessions,
  validateSessionToken,
} from './session.server.ts';
import { tempDatabase } from '#server/db/temp-database.ts';

// argon2's verify, watched (and still run): which hash each sign-in checks, and how many.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...argon2, verify: vi.fn(argon2.verify) };
});

const db = await tempDatabase();
const database = db.database;
afterAll(() => db.cleanup());

const register = async (email: string, password = 'lantern-pelican-orbit') => {
  const result = await registerUser(database, { name: 'Test User', email, password });
  if (!result.ok) throw new Error(result.reason);
  return result.user;
};

/** The link in the newest outbox mail to `to`. */
async function linkSentTo(to: string): Promise<string> {
  const [mail] = await database.db
    .select({ text: outbox.text })
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(desc(outbox.createdAt), desc(insertionOrder))
    .limit(1);
  const match = /token=([^\s&]+)/.exec(unseal(mail?.text ?? ''));
  if (!match) throw new Error(`no link sent to ${to}`);
  return decodeURIComponent(match[1]!);
}

describe('sessions', () => {
  it('validate a fresh token and refuse a wrong secret', async () => {
    const user = await register('s1@example.com');
    const { token } = await createSession(database, user.id, { userAgent: 'Test', ip: '127.0.0.1' });
    const ok = await validateSessionToken(database, token);
    expect(ok?.user).toEqual({ id: user.id, name: 'Test User', email: 's1@example.com', role: 'customer' });
    expect(ok?.refreshed).toBe(false);
    expect(await validateSessionToken(database, `${token.slice(0, -2)}xx`)).toBeNull();
    expect(await validateSessionToken(database, 'garbage')).toBeNull();
  });

  it('slide: refreshed at most hourly, and over after 10 idle days', async () => {
    const user = await register('s2@example.com');
    const start = Date.now();
    const { token, session } = await createSession(database, user.id, {}, start);
    expect((await validateSessionToken(database, token, start + ACTIVITY_REFRESH_MS - 1))?.refreshed).toBe(false);
    const later = start + ACTIVITY_REFRESH_MS + 5;
    const refreshed = await validateSessionToken(database, token, later);
    expect(refreshed?.refreshed).toBe(true);
    expect(refreshed?.session.lastVerifiedAt.getTime()).toBe(later);
    // Idle since `later`: still valid just before the timeout, gone at it.
    expect(await validateSessionToken(database, token, later + INACTIVITY_TIMEOUT_MS - 1000)).not.toBeNull();
    expect(await validateSessionToken(database, token, later + 2 * INACTIVITY_TIMEOUT_MS)).toBeNull();
    expect(await database.db.select().from(sessions).where(eq(sessions.id, session.id))).toHaveLength(0);
  });

  it('end on logout (the row is deleted)', async () => {
    const user = await register('s3@example.com');
    const { token, session } = await createSession(database, user.id);
    await invalidateSession(database, session.id);
    expect(await validateSessionToken(database, token)).toBeNull();
  });

  it('all end when the password changes', async () => {
    const user = await register('s4@example.com', 'old-unusual-passphrase');
    const a = await createSession(database, user.id);
    const b = await createSession(database, user.id);
    expect(await listUserSessions(database, user.id)).toHaveLength(2);
    expect(await changePassword(database, user.id, 'wrong-password', 'new-unusual-passphrase')).toEqual({
      ok: false,
      reason: 'wrong-password',
    });
    expect(await changePassword(database, user.id, 'old-unusual-passphrase', 'password123')).toEqual({
      ok: false,
      reason: 'common-password',
    });
    expect(await changePassword(database, user.id, 'old-unusual-passphrase', 'new-unusual-passphrase')).toEqual({
      ok: true,
    });
    expect(await validateSessionToken(database, a.token)).toBeNull();
    expect(await validateSessionToken(database, b.token)).toBeNull();
    expect(await authenticate(database, 's4@example.com', 'new-unusual-passphrase')).not.toBeNull();
    expect(await authenticate(database, 's4@example.com', 'old-unusual-passphrase')).toBeNull();
  });
});

describe('sign-in and registration', () => {
  it('treat e-mails case-insensitively and refuse duplicates', async () => {
    await register('Case@Example.com');
    expect(await authenticate(database, 'CASE@example.COM', 'lantern-pelican-orbit')).not.toBeNull();
    expect(
      await registerUser(database, { name: 'Dup', email: 'case@example.com', password: 'lantern-pelican-orbit' }),
    ).toEqual({ ok: false, reason: 'taken' });
  });

  it('have no fast path for unknown e-mails: each pays for an argon2 check at the same cost', async () => {
    await register('timing@example.com');
    const pending = await createPendingUser(database, { name: 'Pending', email: 'pending@example.com' });
    if ('error' in pending) throw new Error('taken');
    const checked = async (email: string) => {
      const calls = vi.mocked(verify).mock.calls.length;
      expect(await authenticate(database, email, 'wrong-password-here')).toBeNull();
      return vi
        .mocked(verify)
        .mock.calls.slice(calls)
        .map(([hash]) => String(hash));
    };
    const [known] = await checked('timing@example.com');
    const unknown = await checked('nobody@example.com');
    const noPassword = await checked('pending@example.com');
    // One verification each, of a hash made with the same parameters (memory, passes, lanes):
    // only its salt and digest differ from a real account's.
    const cost = (hash: string) => hash.split('$').slice(0, 4).join('$');
    expect(known).toBeDefined();
    expect(cost(known!)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1$/);
    for (const hashes of [unknown, noPassword]) {
      expect(hashes).toHaveLength(1);
      expect(cost(hashes[0]!)).toBe(cost(known!));
      expect(hashes[0]).not.toBe(known);
    }
  });
});

describe('activation links', () => {
  it('activate once, sign in, and refuse a second use', async () => {
    const created = await createPendingUser(database, { name: 'New Customer', email: 'new@example.com' });
    if ('error' in created) throw new Error('taken');
    expect(await authenticate(database, 'new@example.com', 'anything-at-all')).toBeNull();
    const token = await linkSentTo('new@example.com');
    expect(created.activationUrl).toContain(encodeURIComponent(token));
    const first = await setPasswordWithToken(database, token, 'activation', 'lantern-pelican-orbit');
    expect(first).toMatchObject({ ok: true, user: { email: 'new@example.com' } });
    expect(await authenticate(database, 'new@example.com', 'lantern-pelican-orbit')).not.toBeNull();
    expect(await setPasswordWithToken(database, token, 'activation', 'another-unusual-pass')).toEqual({
      ok: false,
      reason: 'used',
    });
  });

  it('expire after 48 hours and are not reset links', async () => {
    const now = Date.now();
    const created = await createPendingUser(database, { name: 'Late', email: 'late@example.com' }, now);
    if ('error' in created) throw new Error('taken');
    const token = await linkSentTo('late@example.com');
    expect(await setPasswordWithToken(database, token, 'password_reset', 'lantern-pelican-orbit', now)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(
      await setPasswordWithToken(database, token, 'activation', 'lantern-pelican-orbit', now + ACTIVATION_TTL_MS + 1),
    ).toEqual({ ok: false, reason: 'expired' });
  });

  it('a pending account asking for a reset gets a fresh activation link', async () => {
    await createPendingUser(database, { name: 'Forgetful', email: 'forgetful@example.com' });
    const firstToken = await linkSentTo('forgetful@example.com');
    await sendAccountLink(database, 'forgetful@example.com', 'password_reset');
    const secondToken = await linkSentTo('forgetful@example.com');
    expect(secondToken).not.toBe(firstToken);
    expect((await setPasswordWithToken(database, secondToken, 'activation', 'lantern-pelican-orbit')).ok).toBe(true);
  });
});

describe('password reset links', () => {
  it('reset once, end every session, and expire after an hour', async () => {
    const user = await register('reset@example.com', 'old-unusual-passphrase');
    const session = await createSession(database, user.id);
    const now = Date.now();
    await sendAccountLink(database, 'reset@example.com', 'password_reset', now);
    const token = await linkSentTo('reset@example.com');
    expect(
      await setPasswordWithToken(database, token, 'password_reset', 'new-unusual-passphrase', now + RESET_TTL_MS + 1),
    ).toEqual({ ok: false, reason: 'expired' });
    expect((await setPasswordWithToken(database, token, 'password_reset', 'new-unusual-passphrase', now)).ok).toBe(
      true,
    );
    expect(await validateSessionToken(database, session.token)).toBeNull();
    expect(await setPasswordWithToken(database, token, 'password_reset', 'third-unusual-pass', now)).toEqual({
      ok: false,
      reason: 'used',
    });
  });

  it('setting the password retires every other outstanding link of the user', async () => {
    await register('two-links@example.com');
    await sendAccountLink(database, 'two-links@example.com', 'password_reset');
    const older = await linkSentTo('two-links@example.com');
    await sendAccountLink(database, 'two-links@example.com', 'password_reset');
    const newer = await linkSentTo('two-links@example.com');
    expect((await setPasswordWithToken(database, newer, 'password_reset', 'first-unusual-pass')).ok).toBe(true);
    expect(await setPasswordWithToken(database, older, 'password_reset', 'attacker-unusual-pass')).toEqual({
      ok: false,
      reason: 'used',
    });
  });

  it('send nothing for an unknown e-mail', async () => {
    const mailCount = async () => (await database.db.select({ n: count() }).from(outbox))[0]!.n;
    const before = await mailCount();
    await sendAccountLink(database, 'ghost@example.com', 'password_reset');
    expect(await mailCount()).toBe(before);
  });

  it('the same link used twice at once works only once', async () => {
    await register('race@example.com');
    await sendAccountLink(database, 'race@example.com', 'password_reset');
    const token = await linkSentTo('race@example.com');
    const results = await Promise.all([
      setPasswordWithToken(database, token, 'password_reset', 'first-unusual-pass'),
      setPasswordWithToken(database, token, 'password_reset', 'second-unusual-pass'),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });
});

describe('first admin', () => {
  it('creates the admin from ADMIN_EMAIL and leaves an existing admin alone', async () => {
    const created = await ensureAdmin(database, {
      email: 'Boss@Example.com',
      password: 'boss-unusual-passphrase',
    });
    expect(created).toMatchObject({ created: true, promoted: true });
    expect(await authenticate(database, 'boss@example.com', 'boss-unusual-passphrase')).toMatchObject({
      role: 'admin',
    });
    const again = await ensureAdmin(database, { email: 'boss@example.com', password: 'ignored-new-password' });
    expect(again).toEqual({ id: created.id, created: false, promoted: false });
    expect(await authenticate(database, 'boss@example.com', 'boss-unusual-passphrase')).not.toBeNull();
  });

  it('never promotes an account someone registered with their own password', async () => {
    const squatter = await register('owner@agency.example', 'squatters-own-pass');
    const warnings: string[] = [];
    const result = await ensureAdmin(database, {
      email: 'owner@agency.example',
      password: 'the-real-admin-pass',
      log: (m) => warnings.push(m),
    });
    expect(result).toEqual({ id: squatter.id, created: false, promoted: false });
    expect(await authenticate(database, 'owner@agency.example', 'squatters-own-pass')).toMatchObject({
      role: 'customer',
    });
    expect(warnings.join()).toContain('not promoted');
  });

  it('promotes an account whose password is ADMIN_PASSWORD, or one nobody has claimed', async () => {
    const owner = await register('real-owner@agency.example', 'the-real-admin-pass');
    expect(
      await ensureAdmin(database, { email: 'real-owner@agency.example', password: 'the-real-admin-pass' }),
    ).toMatchObject({ promoted: true });
    expect(await authenticate(database, 'real-owner@agency.example', 'the-real-admin-pass')).toMatchObject({
      id: owner.id,
      role: 'admin',
    });
    const pending = await createPendingUser(database, { name: 'Unclaimed', email: 'unclaimed@agency.example' });
    if ('error' in pending) throw new Error('taken');
    await ensureAdmin(database, { email: 'unclaimed@agency.example', password: 'admin-chosen-pass' });
    expect(await authenticate(database, 'unclaimed@agency.example', 'admin-chosen-pass')).toMatchObject({
      role: 'admin',
    });
  });
});

describe('links at rest', () => {
  it('no usable token is stored: not in the outbox, not anywhere in the database file', async () => {
    const created = await createPendingUser(database, { name: 'At Rest', email: 'at-rest@example.com' });
    if ('error' in created) throw new Error('taken');
    const token = new URL(created.activationUrl).searchParams.get('token')!;
    const [mail] = await database.db.select().from(outbox).where(eq(outbox.to, 'at-rest@example.com'));
    expect(mail?.text).not.toContain(token);
    expect(mail?.html).not.toContain(encodeURIComponent(token));
    expect(mail?.text).toMatch(/^sealed:v1:/);
    // What the worker sends is the real link.
    expect(unseal(mail!.text)).toContain(created.activationUrl);
    const { readFileSync } = await import('node:fs');
    const file = db.url.slice('file:'.length);
    const bytes = Buffer.concat([readFileSync(file), readFileSync(`${file}-wal`, { flag: 'a+' })]);
    expect(bytes.includes(Buffer.from(token.split('.')[1]!))).toBe(false);
  });
});
