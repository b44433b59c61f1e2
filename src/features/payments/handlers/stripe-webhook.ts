/**
 * POST /api/stripe/webhook: Stripe's news, verified against the raw body's signature, applied
 * once. Each event id is recorded in the same write transaction as its effects, so a
 * redelivery changes nothing and a failure (500, rolled back) leaves the event for Stripe to
 * send again. Anything Stripe must be asked first happens before the transaction.
 */
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db, Tx } from '#server/db/index.ts';
import { stripeEvents } from '#server/db/schema.ts';
import { API_ERRORS } from '#server/http/copy.ts';
import { defineMutation, done } from '#server/http/mutation.ts';
import { readLimited } from '#server/http/read-input.ts';
import { STRIPE_MESSAGES } from '../copy.ts';
import { planRowIn, renewalFailedIn, renewalPaidIn } from '../stripe-renewals.server.ts';
import { stripeClient, stripeSettings } from '../stripe-client.ts';
import {
  applySubscriptionIn,
  fulfilCheckoutSessionIn,
  patchOf,
  paymentFailedIn,
  recordEventIn,
  type StripeEventRef,
} from '../stripe-fulfilment.server.ts';
import {
  checkoutSessionSchema,
  invoicePeriodEnd,
  invoiceSchema,
  invoiceSubscription,
  isPaidSession,
  ownerOf,
  stripeSubscriptionSchema,
  subscriptionStateOf,
  type CheckoutSession,
  type StripeInvoice,
  type StripeSubscription,
} from '../stripe-objects.ts';

/** Stripe's events are a few KB; the adapter's own body limit (astro.config.ts) may be lower still. */
export const STRIPE_WEBHOOK_BODY_LIMIT = 256 * 1024;

/** An event, checked and with what Stripe had to be asked, ready for the transaction. */
type Prepared =
  | { kind: 'session-paid'; session: CheckoutSession }
  | { kind: 'session-failed'; session: CheckoutSession }
  | { kind: 'invoice'; invoice: StripeInvoice; paid: boolean }
  | { kind: 'subscription'; subscription: StripeSubscription; deleted: boolean }
  | { kind: 'ignored' };

async function prepare(stripe: Stripe, event: Stripe.Event): Promise<Prepared> {
  const object: unknown = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = checkoutSessionSchema.parse(object);
      if (isPaidSession(session) && session.mode === 'subscription' && typeof session.subscription === 'string') {
        // The period end lives on the subscription; the order gets paid even if it cannot be read
        // now (invoice.paid and customer.subscription.* bring it too).
        try {
          const subscription = await stripe.subscriptions.retrieve(session.subscription);
          return {
            kind: 'session-paid',
            session: { ...session, subscription: stripeSubscriptionSchema.parse(subscription) },
          };
        } catch (error) {
          console.warn(`stripe: could not read subscription ${session.subscription} of ${session.id}`, error);
        }
      }
      return { kind: 'session-paid', session };
    }
    case 'checkout.session.async_payment_failed':
      return { kind: 'session-failed', session: checkoutSessionSchema.parse(object) };
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return { kind: 'invoice', invoice: invoiceSchema.parse(object), paid: event.type === 'invoice.paid' };
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return {
        kind: 'subscription',
        subscription: stripeSubscriptionSchema.parse(object),
        deleted: event.type === 'customer.subscription.deleted',
      };
    default:
      return { kind: 'ignored' };
  }
}

async function applyIn(tx: Tx, prepared: Prepared, event: StripeEventRef, now: number): Promise<void> {
  const at = event.created * 1000;
  switch (prepared.kind) {
    case 'session-paid':
      await fulfilCheckoutSessionIn(tx, prepared.session, { eventCreated: event.created, notes: true, now });
      return;
    case 'session-failed':
      await paymentFailedIn(tx, prepared.session, now);
      return;
    case 'invoice': {
      const bills = invoiceSubscription(prepared.invoice);
      if (!bills) return;
      const periodEnd = invoicePeriodEnd(prepared.invoice);
      const target = { stripeId: bills.id, orderId: bills.orderId, subscriptionId: bills.subscriptionId, at, now };
      // The row as it was before this news: what the receipt and the arrears mail go by.
      const before = await planRowIn(tx, bills.id, bills);
      if (before && prepared.paid) await renewalPaidIn(tx, before, prepared.invoice, now);
      if (before && !prepared.paid) await renewalFailedIn(tx, before, prepared.invoice, now);
      await applySubscriptionIn(tx, target, (row) => {
        if (prepared.paid) {
          // A renewal (or the first payment): paid up to the new period end. A scheduled end stays scheduled.
          return {
            ...(row.status === 'canceling' ? {} : { status: 'active' as const }),
            ...(periodEnd ? { currentPeriodEnd: periodEnd } : {}),
          };
        }
        // A failed first payment belongs to the checkout (the order waits); a failed renewal is past due.
        return row.status === 'pending' ? {} : { status: 'past_due' };
      });
      return;
    }
    case 'subscription': {
      const { subscription, deleted } = prepared;
      const state = subscriptionStateOf(subscription);
      await applySubscriptionIn(tx, { stripeId: subscription.id, ...ownerOf(subscription.metadata), at, now }, () =>
        patchOf(deleted ? { ...state, status: 'canceled' } : state),
      );
      return;
    }
    case 'ignored':
      return;
  }
}

const alreadyRecorded = async (db: Db, id: string) =>
  (await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, id))).length > 0;

/** Any answer but a 2xx makes Stripe deliver the event again later. */
const FAILURES = {
  'not-configured': { status: 503, error: STRIPE_MESSAGES.notConfigured },
  'missing-signature': { status: 400, error: STRIPE_MESSAGES.missingSignature },
  'bad-signature': { status: 400, error: STRIPE_MESSAGES.badSignature },
  'too-large': { status: 413, error: API_ERRORS.tooLarge },
  'not-applied': { status: 500, error: API_ERRORS.internal },
};

export const postStripeWebhook = defineMutation({
  // Server to server: no session, no Origin; the signature over the exact bytes is the credential.
  access: 'public',
  answer: 'json',
  unavailable: () => (stripeSettings() ? null : 'not-configured'),
  schema: null,
  // Stripe sends `application/json; charset=utf-8`; the bytes are read here, as sent, to verify them.
  stream: { types: ['application/json'], maxBytes: STRIPE_WEBHOOK_BODY_LIMIT },
  failures: FAILURES,
  async handle({ context: { request }, database, refuse }) {
    const settings = stripeSettings();
    if (!settings) return refuse('not-configured');
    const signature = request.headers.get('stripe-signature');
    if (!signature) return refuse('missing-signature');
    const raw = await readLimited(request, STRIPE_WEBHOOK_BODY_LIMIT);
    if (raw === null) return refuse('too-large');

    const stripe = stripeClient(settings);
    let event: Stripe.Event;
    try {
      event = await stripe.webhooks.constructEventAsync(raw, signature, settings.webhookSecret);
    } catch {
      return refuse('bad-signature');
    }

    const now = Date.now();
    try {
      // A redelivery is answered without asking Stripe anything; the transaction decides for real.
      if (await alreadyRecorded(database.db, event.id)) return done('', 200, { received: true, duplicate: true });
      const prepared = await prepare(stripe, event);
      const ref: StripeEventRef = { id: event.id, type: event.type, created: event.created };
      const applied = await database.writes.transaction(async (tx) => {
        if (!(await recordEventIn(tx, ref, now))) return false;
        await applyIn(tx, prepared, ref, now);
        return true;
      });
      return done('', 200, applied ? { received: true } : { received: true, duplicate: true });
    } catch (error) {
      // Rolled back, event id included: Stripe sends it again later.
      console.error(`stripe: event ${event.id} (${event.type}) failed`, error);
      return refuse('not-applied');
    }
  },
});
