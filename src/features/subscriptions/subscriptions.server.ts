/**
 * Subscriptions in the customer's account: the list, a cancellation with the notice period
 * (told to the payment provider first, then recorded with both e-mails and the audit entry),
 * and accepting a subscription the agency offered (invoiced at once, or paid through the provider).
 */
import { and, desc, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { CANCELLATION_NOTICE_DAYS } from '#data/pricing.ts';
import { site } from '#data/site.ts';
import { insertionOrder } from '#server/db/expressions.ts';
import type { AppDatabase, Db } from '#server/db/index.ts';
import { auditLog, subscriptions, users, type SubscriptionStatus } from '#server/db/schema.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import { serverEnv } from '#server/env.ts';
import { auditStatement } from '#server/security/audit.ts';
import { paymentProvider } from '#features/payments/provider.ts';
import { ownsSubscription } from '#features/accounts/ownership.server.ts';
import { SUBSCRIPTION_ACCEPTED_PATH } from '#features/payments/return-paths.ts';
import type { PaymentProvider, PaymentStart } from '#features/payments/provider-contract.ts';
import { DAY_MS, lastBillingDate } from './billing-dates.ts';
import { cancellationMails, subscriptionAcceptedMail } from './mail.ts';
import { planStatusStatement } from '#features/lifecycle/plans.server.ts';

export type Subscription = typeof subscriptions.$inferSelect;

export const CANCELLABLE: readonly SubscriptionStatus[] = ['active', 'past_due'];

/** The customer's subscriptions, newest first (unrun: a query, awaited by the caller). */
export function subscriptionsOf(db: Db, userId: string) {
  return db
    .select()
    .from(subscriptions)
    .where(ownsSubscription(userId))
    .orderBy(desc(subscriptions.createdAt), desc(insertionOrder));
}

export async function customerSubscription(db: Db, id: string, userId: string): Promise<Subscription | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), ownsSubscription(userId)));
  return row ?? null;
}

/** An offer from the agency the customer has not accepted yet. */
export const isOffer = (s: Subscription) => s.createdBy === 'admin' && s.status === 'pending' && !s.acceptedAt;

/** What canceling now means: when it ends, and the last date the customer is billed. */
export function cancellationTerms(s: Subscription, now = Date.now()) {
  const cancelAt = new Date(now + CANCELLATION_NOTICE_DAYS * DAY_MS);
  const interval = s.interval === 'year' ? 'year' : 'month';
  const anchor = s.currentPeriodEnd ?? s.acceptedAt ?? s.createdAt;
  return { cancelAt, lastBilled: lastBillingDate(anchor, interval, cancelAt, new Date(now)) };
}

export type CancelResult =
  | { ok: true; subscription: Subscription; lastBilled: Date | null }
  | { ok: false; reason: 'not-found' | 'not-cancellable' | 'provider' };

/**
 * The customer's cancel request: the subscription ends after the notice period. The provider
 * (Stripe) is told first, so nothing is recorded that the provider did not accept; repeating
 * the request changes nothing (the date was set by the first).
 */
export async function requestCancel(
  database: AppDatabase,
  { id, userId, ip }: { id: string; userId: string; ip: string | null },
  now = Date.now(),
): Promise<CancelResult> {
  const s = await customerSubscription(database.db, id, userId);
  if (!s) return { ok: false, reason: 'not-found' };
  if (s.status === 'canceling' && s.cancelAt) {
    return { ok: true, subscription: s, lastBilled: cancellationTerms(s, s.updatedAt.getTime()).lastBilled };
  }
  if (!CANCELLABLE.includes(s.status)) return { ok: false, reason: 'not-cancellable' };
  const terms = cancellationTerms(s, now);
  try {
    await (await paymentProvider()).scheduleCancel(s, terms.cancelAt);
  } catch (error) {
    console.error(`subscriptions: the provider refused to schedule the end of ${s.id}`, error);
    return { ok: false, reason: 'provider' };
  }
  const [customer] = await database.db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  const mails = cancellationMails(s, customer ?? { name: 'Customer', email: '' }, terms);
  const at = new Date(now);
  await database.writes.run([
    planStatusStatement(s.id, 'canceling', { cancelAt: terms.cancelAt }, now, eq(subscriptions.status, s.status)),
    auditStatement(
      {
        actorId: userId,
        action: 'subscription.cancel-request',
        entityType: 'subscription',
        entityId: s.id,
        before: { status: s.status, cancelAt: null },
        after: { status: 'canceling', cancelAt: terms.cancelAt.toISOString() },
        ip,
      },
      now,
    ),
    ...(customer ? [outboxInsert({ ...mails.toCustomer, kind: 'subscription-cancel', to: customer.email }, now)] : []),
    outboxInsert(
      {
        ...mails.toAgency,
        kind: 'subscription-cancel-notice',
        to: serverEnv().AGENCY_INBOX ?? site.email,
        replyTo: customer?.email,
      },
      now,
    ),
  ]);
  return {
    ok: true,
    subscription: { ...s, status: 'canceling', cancelAt: terms.cancelAt, updatedAt: at },
    lastBilled: terms.lastBilled,
  };
}

export type AcceptResult =
  | {
      ok: true;
      subscription: Subscription;
      /** Where the customer goes next: the "accepted" notice, or the provider's payment page. */
      redirect: string;
    }
  | { ok: false; reason: 'not-found' | 'not-offered' | 'not-payable' | 'provider' };

/**
 * The customer accepts a subscription the agency offered. Invoiced (the embedded default): it
 * is active from now and the agency invoices it; the agency is told. With a card provider
 * (Stripe) nothing changes yet: the customer is sent to pay, and the provider's confirmation
 * activates it (src/features/payments/stripe-fulfilment.server.ts), so an offer that was never paid
 * stays there to accept.
 */
export async function acceptOffer(
  database: AppDatabase,
  { id, userId, ip }: { id: string; userId: string; ip: string | null },
  now = Date.now(),
): Promise<AcceptResult> {
  const s = await customerSubscription(database.db, id, userId);
  if (!s) return { ok: false, reason: 'not-found' };
  if (!isOffer(s)) return { ok: false, reason: 'not-offered' };
  const [customer] = await database.db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  const provider = await paymentProvider();
  if (provider.name === 'invoice') return acceptInvoiced(database, s, { customer, userId, ip }, now);
  return acceptAndPay(database, provider, s, { customer, userId, ip }, now);
}

interface Accepting {
  customer: { name: string; email: string } | undefined;
  userId: string;
  ip: string | null;
}

async function acceptInvoiced(
  database: AppDatabase,
  s: Subscription,
  { customer, userId, ip }: Accepting,
  now: number,
): Promise<AcceptResult> {
  const at = new Date(now);
  const results = await database.writes.run([
    planStatusStatement(s.id, 'active', { acceptedAt: at }, now, eq(subscriptions.status, 'pending')),
    auditStatement(
      {
        actorId: userId,
        action: 'subscription.accept',
        entityType: 'subscription',
        entityId: s.id,
        before: { status: 'pending' },
        after: { status: 'active' },
        ip,
      },
      now,
    ),
    outboxInsert(
      {
        ...subscriptionAcceptedMail(s, customer),
        kind: 'subscription-accepted',
        to: serverEnv().AGENCY_INBOX ?? site.email,
        replyTo: customer?.email,
      },
      now,
    ),
  ]);
  if (results[0]?.rowsAffected === 0) return { ok: false, reason: 'not-offered' };
  return {
    ok: true,
    subscription: { ...s, status: 'active', acceptedAt: at, updatedAt: at },
    redirect: SUBSCRIPTION_ACCEPTED_PATH,
  };
}

/** What an earlier accept of this offer recorded: the provider's payment attempt (a Stripe session id). */
const attemptSchema = z.object({ paymentReference: z.string() });

/**
 * The payment attempt of the latest accept, so a repeated click reopens the same payment page.
 * It lives in the audit entry of that accept: the row itself only learns of the provider once
 * paid (its payment_reference is the provider's subscription, which webhooks look up by).
 */
async function previousAttempt(db: Db, subscriptionId: string): Promise<string | null> {
  const [entry] = await db
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, 'subscription'),
        eq(auditLog.entityId, subscriptionId),
        eq(auditLog.action, 'subscription.accept'),
      ),
    )
    .orderBy(desc(auditLog.at), desc(insertionOrder))
    .limit(1);
  const parsed = attemptSchema.safeParse(entry?.after);
  return parsed.success ? parsed.data.paymentReference : null;
}

async function acceptAndPay(
  database: AppDatabase,
  provider: PaymentProvider,
  s: Subscription,
  { customer, userId, ip }: Accepting,
  now: number,
): Promise<AcceptResult> {
  // A provider bills a recurring price; a one-off offer has none (the agency invoices it).
  if (s.interval === 'once' || !customer) return { ok: false, reason: 'not-payable' };
  let start: PaymentStart;
  try {
    start = await provider.beginSubscription({
      id: s.id,
      description: s.description,
      priceCents: s.priceCents,
      interval: s.interval,
      email: customer.email,
      previousAttempt: await previousAttempt(database.db, s.id),
    });
  } catch (error) {
    console.error(`subscriptions: the provider could not start paying for ${s.id}`, error);
    return { ok: false, reason: 'provider' };
  }
  // Only the accept is recorded (with its attempt): the row changes when the payment is confirmed.
  await database.writes.run([
    auditStatement(
      {
        actorId: userId,
        action: 'subscription.accept',
        entityType: 'subscription',
        entityId: s.id,
        before: { status: 'pending' },
        after: { status: 'pending', paymentReference: start.reference ?? null },
        ip,
      },
      now,
    ),
  ]);
  return { ok: true, subscription: s, redirect: start.redirect };
}
