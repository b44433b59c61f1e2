/**
 * "Delete my account". Each feature declares what deletion does to its rows
 * (personal-data.registry.ts): what identifies the person goes, the business records (orders,
 * invoices and credit notes, kept for the books: docs/operations.md) stay without the person,
 * filed under the account's anonymised row. After it, the person cannot sign in, no link works,
 * and the address is free to register again.
 */
import type { AppDatabase } from '#server/db/index.ts';
import { auditStatement } from '#server/security/audit.ts';
import type { Origin } from '#features/accounts/accounts.server.ts';
import type { Erasure } from '#features/accounts/personal-data.ts';
import { verifyAgainstDummy, verifyPassword } from '#features/accounts/password.ts';
import { findUserById } from '#features/accounts/users.server.ts';
import { dataSubject } from './account-export.server.ts';
import { PERSONAL_DATA } from './personal-data.registry.ts';

export type DeleteAccountResult =
  | { ok: true; afterCommit: (database: AppDatabase) => Promise<void> }
  | { ok: false; reason: 'wrong-password' | 'admin' };

/**
 * Checks the password, then in one transaction applies every declaration's erasure and records
 * it (ids and counts only). Administrators are refused: the admin area must never lose its last
 * administrator by a click, and admin rights are removed by another administrator. The caller
 * runs `afterCommit` (the payment provider, stored files) once the answer is decided.
 */
export async function deleteAccount(
  database: AppDatabase,
  userId: string,
  password: string,
  now = Date.now(),
  origin: Origin = { ip: null },
): Promise<DeleteAccountResult> {
  const user = await findUserById(database.db, userId);
  if (user?.status !== 'active' || !user.passwordHash) {
    await verifyAgainstDummy(password);
    return { ok: false, reason: 'wrong-password' };
  }
  if (!(await verifyPassword(user.passwordHash, password))) return { ok: false, reason: 'wrong-password' };
  if (user.role === 'admin') return { ok: false, reason: 'admin' };
  const subject = await dataSubject(database, userId, null);
  if (!subject) return { ok: false, reason: 'wrong-password' };

  const erasures: Erasure[] = await database.writes.transaction(async (tx) => {
    // Each reads what it needs first; then everything commits together, with the audit entry.
    const done: Erasure[] = [];
    for (const declaration of PERSONAL_DATA) done.push(await declaration.erase(tx, subject, now));
    const summary = Object.assign({}, ...done.map((e) => e.summary ?? {}));
    await tx.batch([
      ...done.flatMap((e) => e.statements),
      auditStatement(
        {
          actorId: userId,
          action: 'account.delete',
          entityType: 'user',
          entityId: userId,
          // Ids and counts only: the log outlives the account and must not keep its personal data.
          after: summary,
          ip: origin.ip,
        },
        now,
      ),
    ]);
    return done;
  });
  return {
    ok: true,
    afterCommit: async (db) => {
      for (const erasure of erasures) await erasure.afterCommit?.(db);
    },
  };
}
