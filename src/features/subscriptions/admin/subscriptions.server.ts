/**
 * The admin's side of subscriptions: the detail page (with its audit history), ending one now
 * or after the notice period, a new price for a custom plan from the next period, and offering
 * a custom subscription to a customer (who accepts it in /account). Every change checks the
 * subscription's version in its write transaction, bumps it, and commits its audit entry there.
 */
import { eq } from 'drizzle-orm';
import { CANCELLATION_NOTICE_DAYS } from '#data/pricing.ts';
import { build, type AppDatabase, type Db, type WriteQuery } from '#server/db/index.ts';
import { subscriptions, users, type SubscriptionStatus } from '#server/db/schema.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import { auditStatement } from '#server/security/audit.ts';
import { auditTrail } from '#features/admin/audit-trail.server.ts';
import { randomId } from '#server/security/tokens.ts';
import { accountLink } from '#features/accounts/accounts.server.ts';
import { newAccountToken } from '#features/accounts/account-links.server.ts';
import { activationMail } from '#features/accounts/mail.ts';
import { unprovenEmailFor } from '#features/accounts/address-proof.server.ts';
import { findUserByEmail, insertUserStatement } from '#features/accounts/users.server.ts';
import { paymentProvider } from '#features/payments/provider.ts';
import { DAY_MS, nextBillingDate } from '../billing-dates.ts';
import { offerMail } from '../mail.ts';
import { isOffer, type Subscription } from '../subscriptions.server.ts';
import { subscriptionAtVersion, writeAtVersion } from './versioned-change.server.ts';

export async function adminSubscriptionPage(db: Db, id: string) {
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!subscription) return null;
  const [customerRows, trail] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, email: users.email, status: users.status })
      .from(users)
      .where(eq(users.id, subscription.userId)),
    auditTrail(db, 'subscription', id),
  ]);
  return { subscription, customer: customerRows[0] ?? null, trail };
}

/** Statuses an admin can still end; 'canceling' can be ended now. */
const ENDABLE_NOW: readonly SubscriptionStatus[] = ['pending', 'active', 'past_due', 'canceling'];
const ENDABLE_AT_NOTICE: readonly SubscriptionStatus[] = ['pending', 'active', 'past_due'];

export type SubscriptionChange =
  | { ok: true; subscription: Subscription }
  | { ok: false; reason: 'not-found' | 'stale' | 'not-cancellable' | 'not-priceable' | 'provider' };

interface Actor {
  actorId: string;
  ip: string;
}

/**
 * Ends a subscription now (provider.cancelNow, status canceled) or after the notice period
 * (provider.scheduleCancel, status canceling, cancel_at = now + CANCELLATION_NOTICE_DAYS). The
 * provider is told first, so nothing is recorded that it did not accept.
 */
export async function adminCancelSubscription(
  database: AppDatabase,
  { id, version, when, actorId, ip }: { id: string; version: number; when: 'now' | 'notice' } & Actor,
  now = Date.now(),
): Promise<SubscriptionChange> {
  const read = await subscriptionAtVersion(database.db, id, version);
  if (!read.ok) return read;
  const s = read.subscription;
  if (!(when === 'now' ? ENDABLE_NOW : ENDABLE_AT_NOTICE).includes(s.status)) {
    return { ok: false, reason: 'not-cancellable' };
  }
  const cancelAt = when === 'now' ? new Date(now) : new Date(now + CANCELLATION_NOTICE_DAYS * DAY_MS);
  const status: SubscriptionStatus = when === 'now' ? 'canceled' : 'canceling';
  try {
    const provider = await paymentProvider();
    if (when === 'now') await provider.cancelNow(s);
    else await provider.scheduleCancel(s, cancelAt);
  } catch (error) {
    console.error(`admin: the payment provider refused to end subscription ${id}`, error);
    return { ok: false, reason: 'provider' };
  }
  const audit = auditStatement(
    {
      actorId,
      action: 'subscription.cancel',
      entityType: 'subscription',
      entityId: id,
      before: { status: s.status, cancelAt: s.cancelAt?.toISOString() ?? null },
      after: { status, cancelAt: cancelAt.toISOString(), when },
      ip,
    },
    now,
  );
  return writeAtVersion(database, s, { status, cancelAt }, audit, now);
}

/**
 * A new price for a custom plan (one the agency offered). An offer not accepted yet simply
 * changes (nothing was billed); otherwise the price is charged from the next billing date:
 * the provider is told first (Stripe: the item repriced without proration), then the price and
 * its date are recorded as nextPriceCents / nextPriceFrom, and housekeeping makes it the price
 * on that date (price-changes.ts).
 */
export async function changeSubscriptionPrice(
  database: AppDatabase,
  { id, version, priceCents, actorId, ip }: { id: string; version: number; priceCents: number } & Actor,
  now = Date.now(),
): Promise<SubscriptionChange> {
  const read = await subscriptionAtVersion(database.db, id, version);
  if (!read.ok) return read;
  const s = read.subscription;
  if (s.createdBy !== 'admin' || s.status === 'canceled') return { ok: false, reason: 'not-priceable' };
  const interval = s.interval === 'year' ? 'year' : 'month';
  const offerOnly = isOffer(s);
  const set: Partial<typeof subscriptions.$inferInsert> = offerOnly
    ? { priceCents, nextPriceCents: null, nextPriceFrom: null }
    : {
        nextPriceCents: priceCents,
        nextPriceFrom: nextBillingDate(s.currentPeriodEnd ?? s.acceptedAt ?? s.createdAt, interval, new Date(now)),
      };
  if (!offerOnly) {
    try {
      const provider = await paymentProvider();
      await provider.changePrice(
        { paymentReference: s.paymentReference, interval },
        priceCents,
        `subscription-${id}-price-v${version}`,
      );
    } catch (error) {
      console.error(`admin: the payment provider refused the new price of subscription ${id}`, error);
      return { ok: false, reason: 'provider' };
    }
  }
  const audit = auditStatement(
    {
      actorId,
      action: 'subscription.price-change',
      entityType: 'subscription',
      entityId: id,
      before: { priceCents: s.priceCents, nextPriceCents: s.nextPriceCents },
      after: {
        ...(set.priceCents === undefined ? {} : { priceCents: set.priceCents }),
        nextPriceCents: set.nextPriceCents ?? null,
        nextPriceFrom: set.nextPriceFrom?.toISOString() ?? null,
      },
      ip,
    },
    now,
  );
  return writeAtVersion(database, s, set, audit, now);
}

export interface NewOffer {
  email: string;
  description: string;
  priceCents: number;
  interval: 'month' | 'year';
}

export type CreateOfferResult =
  { ok: true; id: string; userId: string; newAccount: boolean } | { ok: false; reason: 'deleted-account' };

/**
 * Offers a custom subscription (createdBy 'admin', status 'pending') to the customer with that
 * e-mail, creating a pending account with its activation e-mail if there is none. The account,
 * its link, the subscription, both e-mails and the audit entry commit together.
 */
export async function createCustomSubscription(
  database: AppDatabase,
  offer: NewOffer & Actor,
  now = Date.now(),
): Promise<CreateOfferResult> {
  const existing = await findUserByEmail(database.db, offer.email);
  if (existing?.status === 'deleted') return { ok: false, reason: 'deleted-account' };
  const statements: WriteQuery[] = [];
  let userId: string;
  let name: string;
  // The offer reaches the account through its address only: shown once that address is proven.
  const unprovenEmail = unprovenEmailFor(existing, offer.email);
  if (existing) {
    userId = existing.id;
    name = existing.name;
  } else {
    // No name on the form: the e-mail's local part until the customer changes it.
    name = offer.email.split('@')[0] || 'Customer';
    const user = insertUserStatement({ name, email: offer.email, passwordHash: null, status: 'pending' }, now);
    userId = user.id;
    const link = newAccountToken(userId, 'activation', now);
    statements.push(
      user.statement,
      link.statement,
      outboxInsert(
        {
          ...activationMail(name, accountLink('/activate-account', link.token)),
          kind: 'account-activation',
          to: offer.email,
        },
        now,
      ),
    );
  }
  const id = randomId();
  const at = new Date(now);
  statements.push(
    build.insert(subscriptions).values({
      id,
      userId,
      orderId: null,
      description: offer.description,
      priceCents: offer.priceCents,
      interval: offer.interval,
      status: 'pending',
      createdBy: 'admin',
      unprovenEmail,
      createdAt: at,
      updatedAt: at,
    }),
    outboxInsert(
      { ...offerMail(offer, name, !existing, unprovenEmail === null), kind: 'subscription-offer', to: offer.email },
      now,
    ),
    auditStatement(
      {
        actorId: offer.actorId,
        action: 'subscription.create',
        entityType: 'subscription',
        entityId: id,
        after: {
          userId,
          newAccount: !existing,
          description: offer.description,
          priceCents: offer.priceCents,
          interval: offer.interval,
        },
        ip: offer.ip,
      },
      now,
    ),
  );
  await database.writes.run(statements);
  return { ok: true, id, userId, newAccount: !existing };
}
