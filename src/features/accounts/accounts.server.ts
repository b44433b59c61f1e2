/**
 * Account mutations: sign-in checks, registration, pending accounts with activation links,
 * password links, setting and changing passwords. Each commits its rows, its audit entry
 * and its e-mail together.
 */
import { outboxInsert } from '#server/email/enqueue.ts';
import { serverEnv } from '#server/env.ts';
import type { AppDatabase } from '#server/db/index.ts';
import type { AuditAction } from '#server/db/schema.ts';
import { auditStatement } from '#server/security/audit.ts';
import {
  checkAccountToken,
  consumeAccountToken,
  newAccountToken,
  retireAccountTokensStatement,
  type TokenPurpose,
} from './account-links.server.ts';
import { addressProvenStatements, newAddressLink, VERIFY_EMAIL_PATH } from './address-proof.server.ts';
import { activationMail, passwordResetMail, verifyEmailMail } from './mail.ts';
import { hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from './password.ts';
import type { RegisterInput } from './schemas.ts';
import { invalidateUserSessionsStatement, type Role, type SessionUser } from './session.server.ts';
import {
  findUserByEmail,
  findUserById,
  insertUserStatement,
  normalizeEmail,
  publicUser,
  updateUserStatement,
} from './users.server.ts';

/** Where a request came from, for the audit log (null outside a request). */
export interface Origin {
  ip: string | null;
}
const NO_ORIGIN: Origin = { ip: null };

/** An audit entry for something people do to their own account. */
const ownAccountAudit = (action: AuditAction, userId: string, origin: Origin, now: number) =>
  auditStatement({ actorId: userId, action, entityType: 'user', entityId: userId, ip: origin.ip }, now);

/** The user for these credentials, or null. Always costs one argon2 verification. */
export async function authenticate(
  database: AppDatabase,
  email: string,
  password: string,
): Promise<SessionUser | null> {
  const user = await findUserByEmail(database.db, email);
  if (user?.status !== 'active' || !user.passwordHash) return verifyAgainstDummy(password).then(() => null);
  return (await verifyPassword(user.passwordHash, password)) ? publicUser(user) : null;
}

export type RegisterResult = { ok: true; user: SessionUser } | { ok: false; reason: 'taken' | 'common-password' };

export async function registerUser(
  database: AppDatabase,
  input: RegisterInput,
  now = Date.now(),
): Promise<RegisterResult> {
  if (isCommonPassword(input.password)) return { ok: false, reason: 'common-password' };
  if (await findUserByEmail(database.db, input.email)) return { ok: false, reason: 'taken' };
  const passwordHash = await hashPassword(input.password);
  const { id, statement } = insertUserStatement(
    { name: input.name, email: input.email, passwordHash, status: 'active' },
    now,
  );
  // Signed in at once, but the address is unproven until the link mailed to it is used.
  const link = newAddressLink('verify-email', { userId: id, email: input.email }, now);
  try {
    await database.writes.run([
      statement,
      link.statement,
      outboxInsert(
        {
          ...verifyEmailMail(input.name, accountLink(VERIFY_EMAIL_PATH, link.token)),
          kind: 'account-verify-email',
          to: normalizeEmail(input.email),
        },
        now,
      ),
    ]);
  } catch (error) {
    // Two registrations for one e-mail at once: the unique index decides.
    if (String(error).includes('UNIQUE')) return { ok: false, reason: 'taken' };
    throw error;
  }
  return { ok: true, user: { id, name: input.name, email: normalizeEmail(input.email), role: 'customer' } };
}

/** A link to `path` on the public site (the run-time SITE_URL), carrying a single-use token. */
export const accountLink = (path: string, token: string) =>
  `${serverEnv().SITE_URL}${path}?token=${encodeURIComponent(token)}`;

/**
 * An account for a customer who has no password yet (created by checkout or an admin),
 * with an activation link, e-mailed in the same commit. Returns the link as well.
 */
export async function createPendingUser(
  database: AppDatabase,
  input: { name: string; email: string; role?: Role },
  now = Date.now(),
): Promise<{ userId: string; activationUrl: string } | { error: 'taken' }> {
  if (await findUserByEmail(database.db, input.email)) return { error: 'taken' };
  const { id: userId, statement } = insertUserStatement(
    { name: input.name, email: input.email, passwordHash: null, role: input.role, status: 'pending' },
    now,
  );
  const link = newAccountToken(userId, 'activation', now);
  const activationUrl = accountLink('/activate-account', link.token);
  await database.writes.run([
    statement,
    link.statement,
    outboxInsert({ ...activationMail(input.name, activationUrl), kind: 'account-activation', to: input.email }, now),
  ]);
  return { userId, activationUrl };
}

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
  const user = await findUserByEmail(database.db, email);
  // A deleted account is gone for good: no link may bring it back.
  if (!user || user.status === 'deleted') return;
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
 * token, ends every session of the user and records it, all in one transaction.
 */
export async function setPasswordWithToken(
  database: AppDatabase,
  token: string,
  purpose: TokenPurpose,
  password: string,
  now = Date.now(),
  origin: Origin = NO_ORIGIN,
): Promise<TokenResult> {
  const check = await checkAccountToken(database.db, token, purpose, now);
  if (check.status !== 'valid') return { ok: false, reason: check.status };
  if (isCommonPassword(password)) return { ok: false, reason: 'common-password' };
  const passwordHash = await hashPassword(password);
  const { userId } = check;
  const used = await database.writes.transaction(async (tx) => {
    if (!(await consumeAccountToken(tx, check.tokenId, now))) return false;
    await tx.batch([
      updateUserStatement(userId, { passwordHash, status: 'active' }, now),
      invalidateUserSessionsStatement(userId),
      retireAccountTokensStatement(userId, now),
      // The link came to the account's address: that proves it.
      ...addressProvenStatements(userId, now),
      ownAccountAudit(purpose === 'activation' ? 'auth.activate' : 'auth.password-reset', userId, origin, now),
    ]);
    return true;
  });
  if (!used) return { ok: false, reason: 'used' };
  const user = await findUserById(database.db, userId);
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
  origin: Origin = NO_ORIGIN,
): Promise<ChangeResult> {
  const user = await findUserById(database.db, userId);
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, current)))
    return { ok: false, reason: 'wrong-password' };
  if (isCommonPassword(next)) return { ok: false, reason: 'common-password' };
  const passwordHash = await hashPassword(next);
  await database.writes.run([
    updateUserStatement(userId, { passwordHash }, now),
    invalidateUserSessionsStatement(userId),
    retireAccountTokensStatement(userId, now),
    ownAccountAudit('auth.password-change', userId, origin, now),
  ]);
  return { ok: true };
}
