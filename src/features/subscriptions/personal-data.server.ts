/**
 * Plans in the account's data export and deletion (accounts/personal-data.ts). Deleting the
 * account ends every plan that still bills or may start billing, here and (after the commit) at
 * the payment provider; the rows stay, like the orders they were bought with.
 */
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { site } from '#data/site.ts';
import { build, type AppDatabase, type WriteQuery } from '#server/db/index.ts';
import { subscriptions, type SubscriptionStatus } from '#server/db/schema.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import { serverEnv } from '#server/env.ts';
import { billingCancelFailedMail } from '#features/accounts/mail.ts';
import { ownsSubscription } from '#features/accounts/ownership.server.ts';
import { personalData } from '#features/accounts/personal-data.ts';
import { paymentProvider } from '#features/payments/provider.ts';
import { planStatusStatement } from '#features/lifecycle/plans.server.ts';

/** Subscriptions that still bill or may start billing: all end with the account. */
const LIVE_SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ['pending', 'active', 'past_due', 'canceling'];

type Billed = { id: string; paymentReference: string | null };

export const subscriptionData = personalData({
  name: 'subscriptions',
  tables: [subscriptions],
  async export({ db }, subject) {
    const rows = await db
      .select({
        id: subscriptions.id,
        orderId: subscriptions.orderId,
        description: subscriptions.description,
        priceCents: subscriptions.priceCents,
        interval: subscriptions.interval,
        status: subscriptions.status,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        cancelAt: subscriptions.cancelAt,
        paymentReference: subscriptions.paymentReference,
        createdBy: subscriptions.createdBy,
        acceptedAt: subscriptions.acceptedAt,
        createdAt: subscriptions.createdAt,
        updatedAt: subscriptions.updatedAt,
      })
      .from(subscriptions)
      .where(ownsSubscription(subject.id))
      .orderBy(asc(subscriptions.createdAt));
    return { subscriptions: rows };
  },
  async erase(tx, subject, now) {
    const at = new Date(now);
    const canceled: Billed[] = await tx
      .select({ id: subscriptions.id, paymentReference: subscriptions.paymentReference })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, subject.id), inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES])));
    const statements: WriteQuery[] = [
      // Offers still waiting for an address keep no address (and can never be claimed).
      build
        .update(subscriptions)
        .set({ unprovenEmail: subject.tombstoneEmail })
        .where(and(eq(subscriptions.userId, subject.id), isNotNull(subscriptions.unprovenEmail))),
    ];
    if (canceled.length > 0) {
      statements.push(...canceled.map((s) => planStatusStatement(s.id, 'canceled', { cancelAt: at }, now)));
    }
    return {
      statements,
      summary: { canceledSubscriptions: canceled },
      // The provider (Stripe) is told once the deletion is committed.
      afterCommit: (database) => endBilling(database, canceled),
    };
  },
});

/**
 * After the deletion is committed: ends, at the payment provider, the subscriptions it bills.
 * One that cannot be ended now (the provider is down) must not keep charging a person who has
 * left: the agency gets an e-mail naming it, to end it by hand.
 */
export async function endBilling(database: AppDatabase, canceled: readonly Billed[], now = Date.now()): Promise<void> {
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
