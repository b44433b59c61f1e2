import { site } from '../../data/site';
import type { RegisterInput } from '../../lib/schemas/auth';
import type { AppDatabase } from '../db';
import { outboxInsert } from '../email/enqueue';
import { activationMail, passwordResetMail } from '../email/templates/account-links';
import { checkAccountToken, consumeAccountToken, newAccountToken, type TokenPurpose } from './account-tokens.mjs';
import { hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from './password.mjs';
import { invalidateUserSessionsStatement, type Role, type SessionUser } from './session';

interface UserRow extends SessionUser {
  passwordHash: string | null;
  status: 'active' | 'pending';
}

export async function findUserByEmail(database: AppDatabase, email: string): Promise<UserRow | null> {
  const { rows } = await database.client.execute({
    sql: 'SELECT id, name, email, role, status, password_hash FROM users WHERE email = ?',
    args: [email.trim().toLowerCase()],
  });
  return rows[0] ? toUser(rows[0]) : null;
}

async function findUserById(database: AppDatabase, id: string): Promise<UserRow | null> {
  const { rows } = await database.client.execute({
    sql: 'SELECT id, name, email, role, status, password_hash FROM users WHERE id = ?',
    args: [id],
  });
  return rows[0] ? toUser(rows[0]) : null;
}

function toUser(row: Record<string, unknown>): UserRow {
  return {
    id: String(row.id),
    name: String(row.name),
    email: String(row.email),
    role: row.role as Role,
    status: row.status as UserRow['status'],
    passwordHash: row.password_hash === null ? null : String(row.password_hash),
  };
}

/** Older activation and reset links die once the password is set another way. */
const retireAccountTokensStatement = (userId: string, now: number) => ({
  sql: 'UPDATE account_tokens SET used_at = ? WHERE user_id = ? AND used_at IS NULL',
  args: [now, userId],
});

export const publicUser = (u: SessionUser): SessionUser => ({ id: u.id, name: u.name, email: u.email, role: u.role });

/** The user for these credentials, or null. Always costs one argon2 verification. */
export async function authenticate(
  database: AppDatabase,
  email: string,
  password: string,
): Promise<SessionUser | null> {
  const user = await findUserByEmail(database, email);
  if (!user || user.status !== 'active' || !user.passwordHash) return verifyAgainstDummy(password).then(() => null);
  return (await verifyPassword(user.passwordHash, password)) ? publicUser(user) : null;
}

export type RegisterResult = { ok: true; user: SessionUser } | { ok: false; reason: 'taken' | 'common-password' };

export async function registerUser(
  database: AppDatabase,
  input: RegisterInput,
  now = Date.now(),
): Promise<RegisterResult> {
  if (isCommonPassword(input.password)) return { ok: false, reason: 'common-password' };
  const email = input.email.trim().toLowerCase();
  if (await findUserByEmail(database, email)) return { ok: false, reason: 'taken' };
  const id = crypto.randomUUID();
  const passwordHash = await hashPassword(input.password);
  try {
    await database.writes.run([
      {
        sql: `INSERT INTO users (id, name, email, password_hash, role, status, created_at, updated_at) VALUES (?, ?, ?, ?, 'customer', 'active', ?, ?)`,
        args: [id, input.name, email, passwordHash, now, now],
      },
    ]);
  } catch (error) {
    // Two registrations for one e-mail at once: the unique index decides.
    if (String(error).includes('UNIQUE')) return { ok: false, reason: 'taken' };
    throw error;
  }
  return { ok: true, user: { id, name: input.name, email, role: 'customer' } };
}

/**
 * An account for a customer who has no password yet (created by checkout or an admin),
 * with an activation link, e-mailed in the same commit. Returns the link as well.
 */
export async function createPendingUser(
  database: AppDatabase,
  input: { name: string; email: string; role?: Role },
  now = Date.now(),
): Promise<{ userId: string; activationUrl: string } | { error: 'taken' }> {
  if (await findUserByEmail(database, input.email)) return { error: 'taken' };
  const userId = crypto.randomUUID();
  const { token, statement } = newAccountToken(userId, 'activation', now);
  const activationUrl = accountLink('/activate-account', token);
  await database.writes.run([
    {
      sql: `INSERT INTO users (id, name, email, password_hash, role, status, created_at, updated_at) VALUES (?, ?, ?, NULL, ?, 'pending', ?, ?)`,
      args: [userId, input.name, input.email.trim().toLowerCase(), input.role ?? 'customer', now, now],
    },
    statement,
    outboxInsert({ ...activationMail(input.name, activationUrl), kind: 'account-activation', to: input.email }, now),
  ]);
  return { userId, activationUrl };
}

export const accountLink = (path: string, token: string) => `${site.origin}${path}?token=${encodeURIComponent(token)}`;

/**
 * Sends the right link to `email`: a reset link for an active account, a fresh activation
 * link for an account still pending. Nothing for unknown e-mails, and the caller answers the
 * same either way.
 */
export async function sendAccountLink(
  database: AppDatabase,
  email: string,
  wanted: TokenPurpose,
  now = Date.now(),
): Promise<void> {
  const user = await findUserByEmail(database, email);
  if (!user) return;
  const purpose: TokenPurpose = user.status === 'pending' ? 'activation' : 'password_reset';
  if (wanted === 'activation' && purpose !== 'activation') return;
  const { token, statement } = newAccountToken(user.id, purpose, now);
  const mail =
    purpose === 'activation'
      ? { ...activationMail(user.name, accountLink('/activate-account', token)), kind: 'account-activation' }
      : { ...passwordResetMail(user.name, accountLink('/reset-password', token)), kind: 'password-reset' };
  await database.writes.run([statement, outboxInsert({ ...mail, to: user.email }, now)]);
}

export type TokenResult =
  { ok: true; user: SessionUser } | { ok: false; reason: 'invalid' | 'expired' | 'used' | 'common-password' };

/**
 * Uses an activation or reset link: sets the password, activates the account, uses up the
 * token and ends every session of the user, all in one transaction.
 */
export async function setPasswordWithToken(
  database: AppDatabase,
  token: string,
  purpose: TokenPurpose,
  password: string,
  now = Date.now(),
): Promise<TokenResult> {
  const check = await checkAccountToken(database.client, token, purpose, now);
  if (check.status !== 'valid') return { ok: false, reason: check.status };
  if (isCommonPassword(password)) return { ok: false, reason: 'common-password' };
  const passwordHash = await hashPassword(password);
  const used = await database.writes.transaction(async (tx) => {
    if (!(await consumeAccountToken(tx, check.tokenId, now))) return false;
    await tx.execute({
      sql: `UPDATE users SET password_hash = ?, status = 'active', updated_at = ? WHERE id = ?`,
      args: [passwordHash, now, check.userId],
    });
    await tx.execute(invalidateUserSessionsStatement(check.userId));
    await tx.execute(retireAccountTokensStatement(check.userId, now));
    return true;
  });
  if (!used) return { ok: false, reason: 'used' };
  const user = await findUserById(database, check.userId);
  return user ? { ok: true, user: publicUser(user) } : { ok: false, reason: 'invalid' };
}

export type ChangeResult = { ok: true } | { ok: false; reason: 'wrong-password' | 'common-password' };

/** Changes the password of a signed-in user and ends all of their sessions (the caller starts a new one). */
export async function changePassword(
  database: AppDatabase,
  userId: string,
  current: string,
  next: string,
  now = Date.now(),
): Promise<ChangeResult> {
  const user = await findUserById(database, userId);
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, current)))
    return { ok: false, reason: 'wrong-password' };
  if (isCommonPassword(next)) return { ok: false, reason: 'common-password' };
  const passwordHash = await hashPassword(next);
  await database.writes.run([
    { sql: 'UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?', args: [passwordHash, now, userId] },
    invalidateUserSessionsStatement(userId),
    retireAccountTokensStatement(userId, now),
  ]);
  return { ok: true };
}
