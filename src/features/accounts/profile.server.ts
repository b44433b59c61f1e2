/**
 * The signed-in person's own details: a new name takes effect at once; a new e-mail address
 * waits in users.pending_email until the link sent to it is opened (/confirm-email), so an
 * account never moves to an address its owner cannot read. Every change commits its rows,
 * its audit entry and its mail together.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { AppDatabase } from '#server/db/index.ts';
import { users, type AuditAction } from '#server/db/schema.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import { forgetAddressLimitsStatement } from '#server/security/rate-limit.ts';
import { auditStatement } from '#server/security/audit.ts';
import {
  checkAccountToken,
  consumeAccountToken,
  newAccountToken,
  retireAccountTokensStatement,
} from './account-links.server.ts';
import { accountLink, type Origin } from './accounts.server.ts';
import { addressProvenStatements, retireVerifyLinksStatement } from './address-proof.server.ts';
import { emailChangeMail, emailChangeNoticeMail } from './mail.ts';
import { verifyPassword } from './password.ts';
import { findUserByEmail, findUserById, normalizeEmail, updateUserStatement } from './users.server.ts';

/** The page that confirms a new address (src/pages/confirm-email.astro): a button that POSTs to CONFIRM_EMAIL_API. */
export const CONFIRM_EMAIL_PATH = '/confirm-email';
export const CONFIRM_EMAIL_API = '/api/email/confirm';

/**
 * Audit entries name what changed, never the values: the log outlives a deleted account,
 * and names and addresses must not survive in it.
 */
const audit = (action: AuditAction, userId: string, origin: Origin, now: number, after?: unknown) =>
  auditStatement({ actorId: userId, action, entityType: 'user', entityId: userId, after, ip: origin.ip }, now);

export type ProfileResult =
  | { ok: true; nameChanged: boolean; emailChangeSentTo: string | null }
  | { ok: false; reason: 'not-found' | 'password-needed' | 'wrong-password' | 'taken' };

/**
 * Saves the profile form. A different e-mail needs the current password (whoever borrows a
 * signed-in browser must not be able to take the account away), must not belong to another
 * account, and is only requested here: a link goes to the new address and a notice to the
 * old one. Asking again for the pending address sends a fresh link (the older one dies).
 */
export async function updateProfile(
  database: AppDatabase,
  userId: string,
  input: { name: string; email: string; currentPassword?: string | undefined },
  now = Date.now(),
  origin: Origin = { ip: null },
): Promise<ProfileResult> {
  const user = await findUserById(database.db, userId);
  if (user?.status !== 'active') return { ok: false, reason: 'not-found' };
  const email = normalizeEmail(input.email);
  const nameChanged = input.name !== user.name;
  const emailChanged = email !== user.email;

  if (emailChanged) {
    if (!input.currentPassword) return { ok: false, reason: 'password-needed' };
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.currentPassword)))
      return { ok: false, reason: 'wrong-password' };
    // Registration already answers "taken" for a known address: saying it here tells nothing new.
    if (await findUserByEmail(database.db, email)) return { ok: false, reason: 'taken' };
  }
  if (!nameChanged && !emailChanged) return { ok: true, nameChanged: false, emailChangeSentTo: null };

  const statements = [];
  if (nameChanged) {
    statements.push(
      updateUserStatement(userId, { name: input.name }, now),
      audit('account.name-change', userId, origin, now, { fields: ['name'] }),
    );
  }
  if (emailChanged) {
    const name = input.name;
    const link = newAccountToken(userId, 'email_change', now);
    statements.push(
      updateUserStatement(userId, { pendingEmail: email }, now),
      // One pending change at a time: the link for an address asked for earlier stops working.
      retireAccountTokensStatement(userId, now, 'email_change'),
      link.statement,
      outboxInsert(
        {
          ...emailChangeMail(name, email, accountLink(CONFIRM_EMAIL_PATH, link.token)),
          kind: 'account-email-change',
          to: email,
        },
        now,
      ),
      outboxInsert({ ...emailChangeNoticeMail(name, email), kind: 'account-email-change-notice', to: user.email }, now),
      audit('account.email-change-request', userId, origin, now),
    );
  }
  await database.writes.run(statements);
  return { ok: true, nameChanged, emailChangeSentTo: emailChanged ? email : null };
}

/** A fresh link to the pending address (the old one dies); null when no change is waiting. */
export async function resendEmailChange(
  database: AppDatabase,
  userId: string,
  now = Date.now(),
): Promise<{ sentTo: string } | null> {
  const user = await findUserById(database.db, userId);
  if (!user?.pendingEmail || user.status !== 'active') return null;
  const link = newAccountToken(userId, 'email_change', now);
  await database.writes.run([
    retireAccountTokensStatement(userId, now, 'email_change'),
    link.statement,
    outboxInsert(
      {
        ...emailChangeMail(user.name, user.pendingEmail, accountLink(CONFIRM_EMAIL_PATH, link.token)),
        kind: 'account-email-change',
        to: user.pendingEmail,
      },
      now,
    ),
  ]);
  return { sentTo: user.pendingEmail };
}

/** Withdraws a pending change: the address is forgotten and its link stops working. false when none was waiting. */
export async function cancelEmailChange(
  database: AppDatabase,
  userId: string,
  now = Date.now(),
  origin: Origin = { ip: null },
): Promise<boolean> {
  const user = await findUserById(database.db, userId);
  if (!user?.pendingEmail) return false;
  await database.writes.run([
    updateUserStatement(userId, { pendingEmail: null }, now),
    retireAccountTokensStatement(userId, now, 'email_change'),
    audit('account.email-change-cancel', userId, origin, now),
  ]);
  return true;
}

export type ConfirmEmailResult =
  { ok: true; email: string } | { ok: false; reason: 'invalid' | 'expired' | 'used' | 'taken' };

/**
 * Opens an e-mail change link: swaps the address if it is still free, clears the pending
 * one, uses up the link and records it, in one transaction. An address taken meanwhile (by
 * a registration since the request) ends the request: the link is used up and the pending
 * address dropped, and the account keeps its e-mail.
 */
export async function confirmEmailChange(
  database: AppDatabase,
  token: string | null | undefined,
  now = Date.now(),
  origin: Origin = { ip: null },
): Promise<ConfirmEmailResult> {
  const check = await checkAccountToken(database.db, token, 'email_change', now);
  if (check.status !== 'valid') return { ok: false, reason: check.status };
  const { userId, tokenId } = check;
  try {
    return await database.writes.transaction(async (tx): Promise<ConfirmEmailResult> => {
      if (!(await consumeAccountToken(tx, tokenId, now))) return { ok: false, reason: 'used' };
      const [found] = await tx
        .select({ email: users.email, pendingEmail: users.pendingEmail, status: users.status })
        .from(users)
        .where(eq(users.id, userId));
      const pendingEmail = found?.pendingEmail;
      if (typeof pendingEmail !== 'string' || found?.status !== 'active') return { ok: false, reason: 'invalid' };
      const holder = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, pendingEmail), ne(users.id, userId)));
      if (holder.length > 0) {
        await tx.batch([updateUserStatement(userId, { pendingEmail: null }, now)]);
        return { ok: false, reason: 'taken' };
      }
      await tx.batch([
        updateUserStatement(userId, { email: pendingEmail, pendingEmail: null }, now),
        // The link came to the new address: the account has proven it (and not the old one's links).
        retireVerifyLinksStatement(userId, now),
        ...addressProvenStatements(userId, now),
        // The old address names no account now: its rate-limit buckets are kept by nothing.
        forgetAddressLimitsStatement(found.email),
        audit('account.email-change', userId, origin, now, { fields: ['email'] }),
      ]);
      return { ok: true, email: pendingEmail };
    });
  } catch (error) {
    // Another server process gave the address to someone between our check and our write.
    if (String(error).includes('UNIQUE')) return { ok: false, reason: 'taken' };
    throw error;
  }
}
