/**
 * The first admin: ADMIN_EMAIL and ADMIN_PASSWORD at server start create that admin if it
 * is missing, so a fresh install can sign in to /admin. An existing account is promoted
 * only if nobody has set its password yet, or its password is ADMIN_PASSWORD.
 */
import type { AppDatabase } from '#server/db/index.ts';
import type { ServerEnv } from '#server/env.ts';
import { auditStatement } from '#server/security/audit.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from './password-rules.ts';
import { hashPassword, newPasswordProblem, verifyPassword } from './password.ts';
import { findUserByEmail, insertUserStatement, normalizeEmail, updateUserStatement } from './users.server.ts';

export interface EnsureAdminResult {
  id: string;
  created: boolean;
  promoted: boolean;
}

export async function ensureAdmin(
  database: AppDatabase,
  {
    email,
    password,
    name = 'Administrator',
    now = Date.now(),
    log = () => {},
  }: { email: string; password?: string | undefined; name?: string; now?: number; log?: (msg: string) => void },
): Promise<EnsureAdminResult> {
  const normalized = normalizeEmail(email);
  const existing = await findUserByEmail(database.db, normalized);
  const status = password ? 'active' : 'pending';
  const passwordHash = password ? await hashPassword(password) : null;
  const audit = (id: string, action: 'admin.bootstrap' | 'admin.promote') =>
    auditStatement(
      {
        actorId: null,
        action,
        entityType: 'user',
        entityId: id,
        after: { email: normalized, role: 'admin' },
        ip: null,
      },
      now,
    );
  if (!existing) {
    const { id, statement } = insertUserStatement(
      // The operator vouches for ADMIN_EMAIL; without a password the activation link proves it.
      { name, email: normalized, passwordHash, role: 'admin', status, emailVerified: Boolean(password) },
      now,
    );
    await database.writes.run([statement, audit(id, 'admin.bootstrap')]);
    return { id, created: true, promoted: true };
  }
  const { id } = existing;
  if (existing.role === 'admin') return { id, created: false, promoted: false };
  if (existing.passwordHash === null) {
    // Nobody has claimed this account yet: it becomes the admin (with ADMIN_PASSWORD, if given).
    await database.writes.run([
      updateUserStatement(id, { role: 'admin', status, passwordHash }, now),
      audit(id, 'admin.promote'),
    ]);
    return { id, created: false, promoted: true };
  }
  // Someone registered this e-mail with a password of their own. Promoting it would hand the
  // admin area to whoever registered first: only the holder of ADMIN_PASSWORD is promoted.
  if (password && (await verifyPassword(existing.passwordHash, password))) {
    await database.writes.run([updateUserStatement(id, { role: 'admin' }, now), audit(id, 'admin.promote')]);
    return { id, created: false, promoted: true };
  }
  log(
    `ADMIN_EMAIL ${normalized} belongs to an existing customer account whose password is not ADMIN_PASSWORD: not promoted.`,
  );
  return { id, created: false, promoted: false };
}

/** Why ADMIN_PASSWORD cannot be used (registration's rules), or null. */
export function adminPasswordProblem(password: string): string | null {
  switch (newPasswordProblem(password)) {
    case 'too-short':
    case 'too-long':
      return `ADMIN_PASSWORD must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`;
    case 'common':
      return 'ADMIN_PASSWORD is on the list of common passwords: choose a less predictable one.';
    default:
      return null;
  }
}

/**
 * At server start: ADMIN_EMAIL (and ADMIN_PASSWORD) from the environment. A weak ADMIN_PASSWORD
 * stops the start with a clear message; what happened is logged in one line.
 */
export async function ensureAdminFromEnv(
  database: AppDatabase,
  env: Pick<ServerEnv, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>,
  log: (msg: string) => void,
): Promise<EnsureAdminResult | null> {
  if (!env.ADMIN_EMAIL) return null;
  if (env.ADMIN_PASSWORD) {
    const problem = adminPasswordProblem(env.ADMIN_PASSWORD);
    if (problem) throw new Error(problem);
  }
  const result = await ensureAdmin(database, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, log });
  if (result.created) log(`Admin account ${normalizeEmail(env.ADMIN_EMAIL)} created from ADMIN_EMAIL.`);
  else if (result.promoted) log(`Account ${normalizeEmail(env.ADMIN_EMAIL)} promoted to admin from ADMIN_EMAIL.`);
  return result;
}
