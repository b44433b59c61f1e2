/**
 * What Stripe's news does to our records, inside one write transaction each. The success
 * redirect and the webhook both call `fulfilCheckoutSession`: whichever comes first marks the
 * order paid (history row, subscription, receipt, through the lifecycle's `recordProviderOrderPaymentIn`), or activates the
 * offer the session paid for (accepted, linked, the agency told), and the other finds it done
 * and does nothing. Orders only move forward; a subscription keeps the Stripe time of the news
 * it last applied (`provider_updated_at`), so older news never overwrites newer.
 */
import { scheduleOf, splitBuild } from '#data/payment-schedule.ts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { formatPrice } from '#data/pricing.ts';
import { site } from '#data/site.ts';
import { build, type AppDatabase, type WriteQuery, type Tx } from '#server/db/index.ts';
import {
  orderEvents,
  orders,
  stripeEvents,
  subscriptions,
  users,
  type OrderStatus,
  type SubscriptionStatus,
} from '#server/db/schema.ts';
import { outboxInsert } from '#server/email/enqueue.ts';
import { serverEnv } from '#server/env.ts';
import { accountOrderUrl } from '#features/orders/orders.server.ts';
import { recordProviderOrderPaymentIn } from '#features/lifecycle/lifecycle.server.ts';
import { payInvoiceBySessionIn } from '#features/invoices/pay-online.server.ts';
import { isPaid } from '#features/lifecycle/moves.ts';
import { STRIPE_MESSAGES } from './copy.ts';
import { offerPaidMail, offerPaymentCheckMail, paymentFailedMail, type OfferForMail } from './stripe-mail.ts';
import {
  idOf,
  invoiceIdOf,
  isPaidSession,
  offerIdOf,
  orderIdOf,
  subscriptionStateOf,
  type CheckoutSession,
  type SubscriptionState,
} from './stripe-objects.ts';
import { planStatusStatement } from '#features/lifecycle/plans.server.ts';

/** A Stripe event as we record it: `created` in Unix seconds, Stripe's clock. */
export interface StripeEventRef {
  id: string;
  type: string;
  created: number;
}

/** Records `event` in `tx`; false when it was recorded before (a redelivery: apply nothing). */
export async function recordEventIn(tx: Tx, event: StripeEventRef, now = Date.now()): Promise<boolean> {
  const result = await tx
    .insert(stripeEvents)
    .values({
      id: event.id,
      type: event.type,
      createdAt: new Date(event.created * 1000),
      receivedAt: new Date(now),
    })
    .onConflictDoNothing();
  return result.rowsAffected > 0;
}

type OrderRow = Pick<
  typeof orders.$inferSelect,
  'id' | 'name' | 'email' | 'status' | 'totalCents' | 'currency' | 'paymentReference'
> & {
  /** Held for its address owner's confirmation: no mail with its words goes to that address (orders/held-orders.ts). */
  held: boolean;
  /** What its Checkout Session charges at order (the deposit under a payment schedule). */
  dueCents: number;
};

async function readOrderIn(tx: Tx, id: string): Promise<OrderRow | null> {
  const [row] = await tx
    .select({
      id: orders.id,
      name: orders.name,
      email: orders.email,
      status: orders.status,
      totalCents: orders.totalCents,
      currency: orders.currency,
      paymentReference: orders.paymentReference,
      heldAt: orders.heldAt,
      depositPercent: orders.depositPercent,
      balanceStage: orders.balanceStage,
    })
    .from(orders)
    .where(eq(orders.id, id));
  if (!row) return null;
  const { heldAt, depositPercent, balanceStage, ...order } = row;
  // What the order's session charges: the deposit under a schedule, the whole build otherwise.
  const dueCents = splitBuild(order.totalCents, scheduleOf({ depositPercent, balanceStage })).depositCents;
  return { ...order, dueCents, held: heldAt != null };
}

/** A note in the order's history that does not change its status (for the agency to act on). */
function noteStatement(order: { id: string; status: OrderStatus }, note: string, now: number): WriteQuery {
  return build.insert(orderEvents).values({
    id: crypto.randomUUID(),
    orderId: order.id,
    at: new Date(now),
    actorId: null,
    fromStatus: order.status,
    toStatus: order.status,
    note,
  });
}

export type FulfilOutcome =
  /** This call marked the order paid. */
  | 'paid'
  /** Paid before (by the other path, or a redelivery): nothing changed. */
  | 'already-paid'
  /** The session is complete but its (bank) payment is still processing, or it is not complete. */
  | 'awaiting-payment'
  /** The session names no order (nor offer) of ours. */
  | 'unknown-order'
  /** The session's amount is not the order's (or the offer's): left for the agency to check. */
  | 'amount-mismatch'
  /** The webhook event was applied before. */
  | 'duplicate';

export interface FulfilResult {
  outcome: FulfilOutcome;
  orderId: string | null;
  /** The offer (our subscription) the session paid for, when it paid for one instead of an order. */
  subscriptionId?: string | null;
  /** The invoice the session paid ('Pay online'), when it paid one instead of an order. */
  invoiceId?: string | null;
}

export interface FulfilOptions {
  /** The webhook event carrying the session: recorded in the same commit as its effects. */
  eventId?: string;
  eventType?: string;
  /** The event's time (Unix seconds); without it, the session's creation time. */
  eventCreated?: number;
  now?: number;
}

/**
 * Marks the session's order paid when Stripe says it is paid, and records the Stripe
 * subscription bought with it. Safe to call any number of times, from either path.
 */
export function fulfilCheckoutSession(
  database: AppDatabase,
  session: CheckoutSession,
  { eventId, eventType = 'checkout.session.completed', eventCreated, now = Date.now() }: FulfilOptions = {},
): Promise<FulfilResult> {
  return database.writes.transaction(async (tx) => {
    if (eventId) {
      const fresh = await recordEventIn(
        tx,
        { id: eventId, type: eventType, created: eventCreated ?? session.created },
        now,
      );
      if (!fresh) return { outcome: 'duplicate', orderId: orderIdOf(session), subscriptionId: offerIdOf(session) };
    }
    // Notes for the agency come from the webhook only, so the redirect never writes a second one.
    return fulfilCheckoutSessionIn(tx, session, { eventCreated, notes: Boolean(eventId), now });
  });
}

/** `fulfilCheckoutSession` inside a transaction the caller owns (the webhook's). */
export async function fulfilCheckoutSessionIn(
  tx: Tx,
  session: CheckoutSession,
  { eventCreated, notes, now }: { eventCreated?: number; notes: boolean; now: number },
): Promise<FulfilResult> {
  const orderId = orderIdOf(session);
  if (!orderId) {
    const offerId = offerIdOf(session);
    if (offerId) return fulfilOfferIn(tx, session, offerId, { eventCreated, notes, now });
    const invoiceId = invoiceIdOf(session);
    if (invoiceId) return payInvoiceIn(tx, session, invoiceId, { notes, now });
  }
  const order = orderId ? await readOrderIn(tx, orderId) : null;
  if (!order) return { outcome: 'unknown-order', orderId: null };
  if (!isPaidSession(session)) return { outcome: 'awaiting-payment', orderId: order.id };

  if (session.amount_total !== order.dueCents || session.currency?.toLowerCase() !== order.currency) {
    console.error(
      `stripe: session ${session.id} paid ${session.amount_total} ${session.currency} for order ${order.id} of ${order.dueCents} ${order.currency}`,
    );
    if (notes) {
      const paid = session.amount_total == null ? 'an unknown amount' : formatPrice(session.amount_total);
      await tx.batch([
        noteStatement(order, STRIPE_MESSAGES.amountMismatchNote(session.id, paid, formatPrice(order.dueCents)), now),
      ]);
    }
    return { outcome: 'amount-mismatch', orderId: order.id };
  }

  // The receipt (a paid invoice from the same numbering, with its payment) and the move to paid:
  // the lifecycle records both, only in the call that marks the order paid (one per session).
  const move = await recordProviderOrderPaymentIn(
    tx,
    {
      orderId: order.id,
      cents: session.amount_total ?? order.dueCents,
      reference: session.id,
      note: STRIPE_MESSAGES.paidNote,
    },
    now,
  );
  // This session is what paid the order (now, or earlier by the other path).
  const paidBySession = move.moved || (isPaid(order.status) && order.paymentReference === session.id);
  if (!paidBySession) {
    // Paid through a second session, or after the order was canceled: money to give back.
    console.warn(`stripe: session ${session.id} paid order ${order.id}, which was already ${order.status}`);
    if (notes) await tx.batch([noteStatement(order, STRIPE_MESSAGES.extraPaymentNote(session.id, order.status), now)]);
    return { outcome: 'already-paid', orderId: order.id };
  }

  if (session.mode === 'subscription' && session.subscription) {
    const bought = session.subscription;
    const state = typeof bought === 'string' ? null : subscriptionStateOf(bought);
    await applySubscriptionIn(
      tx,
      { stripeId: idOf(bought), orderId: order.id, at: (eventCreated ?? session.created) * 1000, now },
      () => (state ? patchOf(state) : {}),
    );
  }
  return { outcome: move.moved ? 'paid' : 'already-paid', orderId: order.id };
}

/** An invoice's 'Pay online' session: recorded by the invoices feature, as an admin's Mark paid is. */
async function payInvoiceIn(
  tx: Tx,
  session: CheckoutSession,
  invoiceId: string,
  { notes, now }: { notes: boolean; now: number },
): Promise<FulfilResult> {
  const result = (outcome: FulfilOutcome): FulfilResult => ({ outcome, orderId: null, invoiceId });
  if (!isPaidSession(session)) return result('awaiting-payment');
  const paid = await payInvoiceBySessionIn(
    tx,
    { sessionId: session.id, invoiceId, amountCents: session.amount_total ?? null, currency: session.currency ?? null },
    { tellAgency: notes },
    now,
  );
  if (paid === 'unknown-invoice') return result('unknown-order');
  return result(paid === 'not-open' ? 'already-paid' : paid);
}

type OfferRow = OfferForMail &
  Pick<typeof subscriptions.$inferSelect, 'status' | 'paymentReference'> & {
    acceptedAt: number | null;
    customer: { name: string; email: string };
  };

/** An offer the agency made (createdBy 'admin'), with its customer; other rows are no offer. */
async function readOfferIn(tx: Tx, id: string): Promise<OfferRow | null> {
  const found = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.createdBy, 'admin')));
  const [row] = found;
  if (!row) return null;
  const [person] = row.userId
    ? await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, row.userId))
    : [];
  return {
    id: row.id,
    description: row.description,
    priceCents: row.priceCents,
    interval: row.interval,
    status: row.status,
    paymentReference: row.paymentReference,
    acceptedAt: row.acceptedAt?.getTime() ?? null,
    customer: person ?? { name: 'A customer', email: '' },
  };
}

const agencyInbox = () => serverEnv().AGENCY_INBOX ?? site.email;

/**
 * A paid session for an offer the agency made: the offer becomes active, accepted now and
 * linked to the Stripe subscription, and the agency is told, once (only from 'pending' and
 * not yet accepted). Sessions are ours (we set the metadata), but the amount is still checked
 * against the offer, like an order's: an offer repriced after its session opened is not taken
 * as paid at the old price.
 */
async function fulfilOfferIn(
  tx: Tx,
  session: CheckoutSession,
  offerId: string,
  { eventCreated, notes, now }: { eventCreated?: number; notes: boolean; now: number },
): Promise<FulfilResult> {
  const offer = await readOfferIn(tx, offerId);
  const result = (outcome: FulfilOutcome): FulfilResult => ({
    outcome,
    orderId: null,
    subscriptionId: offer?.id ?? null,
  });
  if (!offer) return result('unknown-order');
  if (!isPaidSession(session)) return result('awaiting-payment');
  if (session.mode !== 'subscription' || !session.subscription) {
    // Not the session we open for offers (those are subscriptions): nothing to activate with it.
    console.error(`stripe: session ${session.id} (${session.mode}) names offer ${offer.id} without a subscription`);
    return result('unknown-order');
  }
  const bought = session.subscription;
  const stripeId = idOf(bought);
  const mailAgency = (problem: string) =>
    tx.batch([
      outboxInsert(
        {
          ...offerPaymentCheckMail(offer, offer.customer, problem),
          kind: 'subscription-payment-check',
          to: agencyInbox(),
          replyTo: offer.customer.email || undefined,
        },
        now,
      ),
    ]);

  if (session.amount_total !== offer.priceCents || session.currency?.toLowerCase() !== 'usd') {
    console.error(
      `stripe: session ${session.id} paid ${session.amount_total} ${session.currency} for offer ${offer.id} of ${offer.priceCents} usd`,
    );
    if (notes) {
      const paid = session.amount_total == null ? 'an unknown amount' : formatPrice(session.amount_total);
      await mailAgency(STRIPE_MESSAGES.offerAmountMismatch(session.id, paid, formatPrice(offer.priceCents)));
    }
    return result('amount-mismatch');
  }

  // Activated by this very subscription before: the other path, or a redelivery.
  if (offer.acceptedAt !== null && offer.paymentReference === stripeId) return result('already-paid');
  if (offer.status !== 'pending' || offer.acceptedAt !== null) {
    // Accepted otherwise (a second session, an invoiced accept) or withdrawn meanwhile: money to give back.
    console.warn(`stripe: session ${session.id} paid offer ${offer.id}, which was already ${offer.status}`);
    if (notes) await mailAgency(STRIPE_MESSAGES.offerExtraPayment(session.id, stripeId, offer.status));
    return result('already-paid');
  }

  await tx.batch([
    planStatusStatement(
      offer.id,
      'active',
      { acceptedAt: new Date(now), paymentReference: stripeId },
      now,
      and(eq(subscriptions.status, 'pending'), isNull(subscriptions.acceptedAt)),
    ),
  ]);
  // Its billing period (and any state newer than "active") from the subscription, when we have it.
  const state = typeof bought === 'string' ? null : subscriptionStateOf(bought);
  if (state) {
    await applySubscriptionIn(
      tx,
      { stripeId, orderId: null, subscriptionId: offer.id, at: (eventCreated ?? session.created) * 1000, now },
      () => patchOf(state),
    );
  }
  await tx.batch([
    outboxInsert(
      {
        ...offerPaidMail(offer, offer.customer, stripeId),
        kind: 'subscription-accepted',
        to: agencyInbox(),
        replyTo: offer.customer.email || undefined,
      },
      now,
    ),
  ]);
  return result('paid');
}

/** A delayed (bank) payment failed: the order keeps waiting; its history and the customer say so. */
export async function paymentFailedIn(tx: Tx, session: CheckoutSession, now: number): Promise<void> {
  // An offer's failed payment changes nothing: it was never activated and stays there to accept.
  const orderId = orderIdOf(session);
  const order = orderId ? await readOrderIn(tx, orderId) : null;
  if (order?.status !== 'pending_payment') return;
  await tx.batch([noteStatement(order, STRIPE_MESSAGES.paymentFailedNote, now)]);
  if (order.held) return;
  const mail = paymentFailedMail(order, { accountUrl: accountOrderUrl(order.id) });
  await tx.batch([outboxInsert({ ...mail, kind: 'payment-failed', to: order.email }, now)]);
}

export interface SubscriptionPatch {
  status?: SubscriptionStatus;
  cancelAt?: Date | null;
  currentPeriodEnd?: Date;
}

/** What a Stripe subscription's state changes on our row (nothing where Stripe says nothing). */
export function patchOf(state: SubscriptionState): SubscriptionPatch {
  return {
    ...(state.status ? { status: state.status } : {}),
    cancelAt: state.cancelAt,
    ...(state.currentPeriodEnd ? { currentPeriodEnd: state.currentPeriodEnd } : {}),
  };
}

export type SubscriptionRow = Pick<typeof subscriptions.$inferSelect, 'id' | 'status' | 'paymentReference'> & {
  /** Stripe's time (ms) of the news the row last applied. */
  providerUpdatedAt: number | null;
  /** An offer the agency made and the customer has not paid for yet (fulfilOfferIn activates it). */
  unpaidOffer: boolean;
};

const toSubscriptionRow = (row: typeof subscriptions.$inferSelect): SubscriptionRow => ({
  id: row.id,
  status: row.status,
  paymentReference: row.paymentReference,
  providerUpdatedAt: row.providerUpdatedAt?.getTime() ?? null,
  unpaidOffer: row.createdBy === 'admin' && row.status === 'pending' && row.acceptedAt == null,
});

/** Whose Stripe subscription it is, from its metadata: an order's, or an offer's (our subscription id). */
export interface SubscriptionOwner {
  orderId: string | null;
  subscriptionId?: string | null;
}

/**
 * Our row for a Stripe subscription: by its id, or (before the checkout's own event linked it)
 * the unlinked subscription of the order, or the unlinked offer, named in its metadata.
 */
async function findSubscriptionIn(tx: Tx, stripeId: string, { orderId, subscriptionId }: SubscriptionOwner) {
  const linked = await tx.select().from(subscriptions).where(eq(subscriptions.paymentReference, stripeId)).limit(1);
  if (linked[0]) return toSubscriptionRow(linked[0]);
  if (!orderId) {
    if (!subscriptionId) return null;
    // Only an offer carries subscription_id metadata: an order's subscription is found by its order.
    const offer = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.id, subscriptionId),
          eq(subscriptions.createdBy, 'admin'),
          isNull(subscriptions.paymentReference),
        ),
      );
    return offer[0] ? toSubscriptionRow(offer[0]) : null;
  }
  const unlinked = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.orderId, orderId), isNull(subscriptions.paymentReference)))
    .orderBy(asc(subscriptions.createdAt))
    .limit(1);
  return unlinked[0] ? toSubscriptionRow(unlinked[0]) : null;
}

export type ApplyOutcome = 'applied' | 'stale' | 'terminal' | 'unknown';

/**
 * Applies news about a Stripe subscription, stamped `at` (ms, Stripe's time), to our row:
 * news older than what the row last applied is skipped, except an end (canceled is final,
 * whenever it is told), and a canceled row never comes back.
 */
export async function applySubscriptionIn(
  tx: Tx,
  target: SubscriptionOwner & { stripeId: string; at: number; now: number },
  patchFor: (row: SubscriptionRow) => SubscriptionPatch,
): Promise<ApplyOutcome> {
  const row = await findSubscriptionIn(tx, target.stripeId, target);
  if (!row) return 'unknown';
  const link = row.paymentReference ? {} : { paymentReference: target.stripeId };
  // A change of state is the lifecycle's statement; a link or a date alone is this row's own.
  const update = ({ status, ...set }: Partial<typeof subscriptions.$inferInsert>) =>
    status
      ? tx.batch([planStatusStatement(row.id, status, set, target.now)])
      : tx
          .update(subscriptions)
          .set({ ...set, updatedAt: new Date(target.now) })
          .where(eq(subscriptions.id, row.id));
  if (row.status === 'canceled') return 'terminal';
  if (row.unpaidOffer) {
    // Until a paid session activates it, news about one payment attempt must not start, end or
    // date the offer (an attempt that never paid would otherwise cancel it for good): link it only.
    if (row.paymentReference === null) await update(link);
    return 'applied';
  }
  const patch = patchFor(row);
  const stale = row.providerUpdatedAt !== null && row.providerUpdatedAt > target.at;
  if (stale && patch.status !== 'canceled') {
    if (row.paymentReference === null) await update(link);
    return 'stale';
  }
  if (Object.keys(patch).length === 0) {
    // Nothing learnt about its state (e.g. the subscription could not be read): link it only.
    if (row.paymentReference === null) await update(link);
    return 'applied';
  }
  await update({
    ...link,
    ...patch,
    providerUpdatedAt: new Date(Math.max(row.providerUpdatedAt ?? 0, target.at)),
  });
  return 'applied';
}
