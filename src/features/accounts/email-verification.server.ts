/**
 * Verifying the account's own address: the link mailed at registration (and again on request
 * from /account) opens /verify-email, a page with a button; the button's POST proves the
 * address (address-proof.ts), in one transaction with its audit entry. Opening the link
 * changes nothing, so a mail scanner fetching it verifies nothing.
 */
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '#server/db/index.ts';
import { users } from '#server/db/schema.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import { auditStatement } from '#server/security/audit.ts';
import { accountLink, type Origin } from './accounts.server.ts';
import {
  addressProvenStatements,
  checkAddressLink,
  consumeAddressLink,
  newAddressLink,
  retireVerifyLinksStatement,
  VERIFY_EMAIL_PATH,
} from './address-proof.server.ts';
import { verifyEmailMail } from './mail.ts';
import { findUserById } from './users.server.ts';

export type ResendVerificationResult = { ok: true; sentTo: string } | { ok: false; reason: 'verified' | 'not-found' };

/** A fresh verification link to the account's address (older ones stop working). */
export async function resendVerification(
  database: AppDatabase,
  userId: string,
  now = Date.now(),
): Promise<ResendVerificationResult> {
  const user = await findUserById(database.db, userId);
  if (user?.status !== 'active') return { ok: false, reason: 'not-found' };
  if (user.emailVerifiedAt) return { ok: false, reason: 'verified' };
  const link = newAddressLink('verify-email', { userId, email: user.email }, now);
  await database.writes.run([
    retireVerifyLinksStatement(userId, now),
    link.statement,
    outboxInsert(
      {
        ...verifyEmailMail(user.name, accountLink(VERIFY_EMAIL_PATH, link.token)),
        kind: 'account-verify-email',
        to: user.email,
      },
      now,
    ),
  ]);
  return { ok: true, sentTo: user.email };
}

export type VerifyEmailResult = { ok: true; email: string } | { ok: false; reason: 'invalid' | 'expired' | 'used' };

/** What /verify-email shows before the button is pressed (nothing is used up). */
export async function verificationLinkState(database: AppDatabase, token: string | null | undefined, now = Date.now()) {
  const check = await checkAddressLink(database.db, token, 'verify-email', now);
  if (check.status !== 'valid') return { ok: false as const, reason: check.status };
  return { ok: true as const, email: check.email };
}

/**
 * The button's POST: uses the link and proves the address, if the account still has the
 * address the link was sent to (a link to an address the account has left proves nothing).
 */
export async function verifyEmail(
  database: AppDatabase,
  token: string,
  now = Date.now(),
  origin: Origin = { ip: null },
): Promise<VerifyEmailResult> {
  const check = await checkAddressLink(database.db, token, 'verify-email', now);
  if (check.status !== 'valid') return { ok: false, reason: check.status };
  const { id, userId, email } = check;
  if (!userId) return { ok: false, reason: 'invalid' };
  return database.writes.transaction(async (tx): Promise<VerifyEmailResult> => {
    if (!(await consumeAddressLink(tx, id, now))) return { ok: false, reason: 'used' };
    const [row] = await tx.select({ email: users.email, status: users.status }).from(users).where(eq(users.id, userId));
    if (row?.status !== 'active' || row.email !== email) return { ok: false, reason: 'invalid' };
    await tx.batch([
      retireVerifyLinksStatement(userId, now),
      ...addressProvenStatements(userId, now),
      auditStatement(
        { actorId: userId, action: 'account.email-verify', entityType: 'user', entityId: userId, ip: origin.ip },
        now,
      ),
    ]);
    return { ok: true, email };
  });
}
