/**
 * "Delete my account". The agency must keep its books (orders, what was built and billed), so
 * the account is anonymised rather than removed: what identifies the person goes, the business
 * records stay. After it, the person cannot sign in, no link works, and the address is free
 * to register again.
 */
import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { increment } from '#server/db/expressions.ts';
import { build, type AppDatabase, type WriteQuery } from '#server/db/index.ts';
import { addressLinks, intakes, orders, subscriptions, type SubscriptionStatus } from '#server/db/schema.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import { forgetAddressesStatements } from '#server/email/outbox.ts';
import { serverEnv } from '#server/env.ts';
import { auditStatement } from '#server/security/audit.ts';
import { forgetAddressLimitsStatement } from '#server/security/rate-limit.ts';
import { site } from '#data/site.ts';
import { paymentProvider } from '#features/payments/provider.ts';
import { INTAKE_STEPS } from '#features/intake/fields.ts';
import { deleteUserTokensStatement } from '#features/accounts/account-links.server.ts';
import type { Origin } from '#features/accounts/accounts.server.ts';
import { verifyAgainstDummy, verifyPassword } from '#features/accounts/password.ts';
import { invalidateUserSessionsStatement } from '#features/accounts/session.server.ts';
import { deleteTwoFactorStatements } from '#features/accounts/two-factor/two-factor.server.ts';
import { DELETED_NAME, deletedEmail, findUserById, updateUserStatement } from '#features/accounts/users.server.ts';
import { billingCancelFailedMail } from '#features/accounts/mail.ts';
import { planStatusStatement } from '#features/lifecycle/plans.ts';

/** Subscriptions that still bill or may start billing: all end with the account. */
export const LIVE_SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ['pending', 'active', 'past_due', 'canceling'];

/**
 * Intake answers that describe the person rather than the website (the "Contact details for
 * the site" step: address, phone, e-mail). The rest (business, pages, brand, uploads) is the
 * agency's working record of what it built, and stays.
 */
export const PERSONAL_INTAKE_FIELDS: readonly string[] =
  INTAKE_STEPS.find((step) => step.id === 'contact')?.fields.map((field) => field.name) ?? [];

export type DeleteAccountResult =
  | { ok: true; canceledSubscriptions: { id: string; paymentReference: string | null }[] }
  | { ok: false; reason: 'wrong-password' | 'admin' };

/**
 * Checks the password, then in one transaction: cancels live subscriptions, anonymises the
 * orders and the personal intake answers, ends every session, deletes every link, removes the
 * address (and a pending new one) from the outbox (mail to it is cancelled) and from rate-limit
 * keys, anonymises the user row and records it. Administrators are refused: the admin area must never lose
 * its last administrator by a click, and admin rights are removed by another administrator.
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

  const at = new Date(now);
  return database.writes.transaction(async (tx) => {
    const live = await tx
      .select({ id: subscriptions.id, paymentReference: subscriptions.paymentReference })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES])));
    const canceled = live;
    // The provider (Stripe) is told after this commit: see endBilling.
    const intakeRows = await tx
      .select({ id: intakes.id, data: intakes.data })
      .from(intakes)
      .where(eq(intakes.userId, userId));

    const writes: WriteQuery[] = [];
    if (canceled.length > 0) {
      writes.push(...canceled.map((s) => planStatusStatement(s.id, 'canceled', { cancelAt: at }, at.getTime())));
    }
    const gone = deletedEmail(userId);
    const addresses = [user.email, ...(user.pendingEmail ? [user.pendingEmail] : [])];
    writes.push(
      build
        .update(orders)
        .set({ name: DELETED_NAME, email: gone, phone: '', updatedAt: at })
        .where(eq(orders.userId, userId)),
      // Rows of this account still waiting for an address keep no address (and can never be claimed).
      build
        .update(orders)
        .set({ unprovenEmail: gone })
        .where(and(eq(orders.userId, userId), isNotNull(orders.unprovenEmail))),
      build
        .update(subscriptions)
        .set({ unprovenEmail: gone })
        .where(and(eq(subscriptions.userId, userId), isNotNull(subscriptions.unprovenEmail))),
      build.delete(addressLinks).where(or(eq(addressLinks.userId, userId), inArray(addressLinks.email, addresses))),
      ...forgetAddressesStatements(addresses),
      ...addresses.map((address) => forgetAddressLimitsStatement(address)),
    );
    for (const row of intakeRows) {
      const data = textAnswers(row.data);
      const kept = Object.fromEntries(Object.entries(data).filter(([name]) => !PERSONAL_INTAKE_FIELDS.includes(name)));
      writes.push(
        build
          .update(intakes)
          // A new version, so a draft still open in a tab cannot write the answers back.
          .set({ data: kept, version: increment(intakes.version), updatedAt: at })
          .where(eq(intakes.id, row.id)),
      );
    }
    writes.push(
      invalidateUserSessionsStatement(userId),
      deleteUserTokensStatement(userId),
      ...deleteTwoFactorStatements(userId),
      updateUserStatement(
        userId,
        { name: DELETED_NAME, email: deletedEmail(userId), passwordHash: null, status: 'deleted', pendingEmail: null },
        now,
      ),
      auditStatement(
        {
          actorId: userId,
          action: 'account.delete',
          entityType: 'user',
          entityId: userId,
          // Ids only: the log outlives the account and must not keep its personal data.
          after: { canceledSubscriptions: canceled, intakes: intakeRows.length },
          ip: origin.ip,
        },
        now,
      ),
    );
    await tx.batch(writes);
    return { ok: true, canceledSubscriptions: canceled };
  });
}

/** The stored intake answers: text answers only, as saved (the JSON column is typed, not checked). */
function textAnswers(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * After the deletion is committed: ends, at the payment provider, the subscriptions it bills.
 * One that cannot be ended now (the provider is down) must not keep charging a person who has
 * left: the agency gets an e-mail naming it, to end it by hand.
 */
export async function endBilling(
  database: AppDatabase,
  canceled: readonly { id: string; paymentReference: string | null }[],
  now = Date.now(),
): Promise<void> {
  const billed = canceled.filter((s) => s.paymentReference);
  if (billed.length === 0) return;
  const provider = await paymentProvider();
  const failed: string[] = [];
  for (const subscription of billed) {
    try {
      await provider.cancelNow(subscription);
    } catch (error) {
      console.error(`account deletion: could not cancel ${subscription.paymentReference} at ${provider.name}`, error);
      failed.push(subscription.paymentReference ?? subscription.id);
    }
  }
  if (failed.length === 0) return;
  await database.writes.run([
    outboxInsert(
      { ...billingCancelFailedMail(failed), kind: 'billing-cancel-failed', to: serverEnv().AGENCY_INBOX ?? site.email },
      now,
    ),
  ]);
}
