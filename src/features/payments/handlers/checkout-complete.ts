/**
 * GET /checkout/complete?session_id=…: where Stripe sends the customer after paying. Asks
 * Stripe for the session (the query string proves nothing), fulfils it exactly as the
 * webhook would (whichever comes first wins), then shows /thank-you for an order, or the
 * account's subscriptions for an offer the agency made. Never an error page: an id that is
 * not ours goes back to /checkout, and when Stripe cannot be asked the webhook finishes the job.
 */
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import * as z from 'zod/mini';
import type { AppDatabase, Db } from '#server/db/index.ts';
import { subscriptions } from '#server/db/schema.ts';
import { defineMutation, done, landing, type FailureCode } from '#server/http/mutation.ts';
import type { RateLimitRule } from '#server/security/rate-limit.ts';
import { orderNumber } from '#features/orders/order-number.ts';
import { findOrder } from '#features/orders/orders.server.ts';
import { STRIPE_MESSAGES } from '../copy.ts';
import {
  SUBSCRIPTION_PROCESSING_PATH,
  SUBSCRIPTION_NOT_PAID_PATH,
  SUBSCRIPTION_ACCEPTED_PATH,
} from '../return-paths.ts';
import { isMissingObject, stripeClient, stripeSettings } from '../stripe-client.ts';
import { fulfilCheckoutSession } from '../stripe-fulfilment.server.ts';
import { checkoutSessionSchema, invoiceIdOf, offerIdOf, orderIdOf, type CheckoutSession } from '../stripe-objects.ts';

/** Each return asks Stripe once: generous for a person reloading, tight for a script. */
export const CHECKOUT_COMPLETE_RATE_LIMIT: RateLimitRule = {
  name: 'checkout-complete',
  capacity: 30,
  windowMs: 10 * 60_000,
};

/** Stripe's Checkout Session ids: cs_test_… or cs_live_…. */
export const sessionIdSchema = z.string().check(z.regex(/^cs_[A-Za-z0-9_]{1,250}$/));

/** Not one of our sessions: the checkout page with its general notice (in the form-outcome cookie). */
export const NOT_OURS = landing('/checkout', 'error');
/**
 * Back from Stripe without paying: the form, which reuses the still-open session. The same URL as
 * Stripe's own cancel URL (src/features/payments/stripe.ts), so its notice rides in the URL: Stripe
 * sends the browser there itself, with no answer of ours to set a cookie (return-paths.ts).
 */
export const NOT_PAID = '/checkout?canceled=1';
/** Stripe could not be asked: the payment, if made, reaches us by webhook. */
const UNCONFIRMED = '/thank-you?payment=pending';

/** An offer the agency made: the only subscriptions a session of ours names directly. */
async function agencyOfferExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.createdBy, 'admin')));
  return row !== undefined;
}

const thankYou = (orderId: string, payment: 'stripe' | 'pending') =>
  `/thank-you?order=${encodeURIComponent(orderNumber(orderId))}&payment=${payment}`;

/** Back from paying for an offer: the subscriptions on /account, saying how it went. */
async function offerReturn(database: AppDatabase, session: CheckoutSession) {
  if (session.status !== 'complete') return SUBSCRIPTION_NOT_PAID_PATH;
  const { outcome } = await fulfilCheckoutSession(database, session);
  return outcome === 'paid' || outcome === 'already-paid' ? SUBSCRIPTION_ACCEPTED_PATH : SUBSCRIPTION_PROCESSING_PATH;
}

/** Back from paying an invoice online: its page, which shows it Paid once recorded (here or by webhook). */
async function invoiceReturn(database: AppDatabase, session: CheckoutSession, invoiceId: string) {
  const { outcome } = await fulfilCheckoutSession(database, session);
  return outcome === 'unknown-order' ? NOT_OURS : `/account/invoices/${invoiceId}`;
}

/** Where a return that could not be finished lands: the webhook still fulfils a paid session. */
function unfinishedReturn(code: FailureCode) {
  if (code === 'not-configured') return '/checkout';
  if (code === 'invalid') return NOT_OURS;
  return UNCONFIRMED;
}

export const getCheckoutComplete = defineMutation({
  access: 'public',
  answer: 'navigation',
  unavailable: () => (stripeSettings() ? null : 'not-configured'),
  query: z.object({ session_id: sessionIdSchema }),
  schema: null,
  limits: [{ rule: CHECKOUT_COMPLETE_RATE_LIMIT, key: 'client' }],
  failures: {
    'not-configured': { status: 503, error: STRIPE_MESSAGES.notConfigured },
    // Nowhere better to send a visitor reloading in a loop: a line of text saying to wait.
    limited: { status: 429, error: STRIPE_MESSAGES.tooManyReturns, text: true },
  },
  formFailure: unfinishedReturn,
  async handle({ query: { session_id: id }, database, refuse }) {
    const settings = stripeSettings();
    if (!settings) return refuse('not-configured');
    let found: Stripe.Checkout.Session;
    try {
      found = await stripeClient(settings).checkout.sessions.retrieve(id, { expand: ['subscription'] });
    } catch (error) {
      if (isMissingObject(error)) return done(NOT_OURS);
      console.error(`stripe: could not read checkout session ${id}`, error);
      return done(UNCONFIRMED);
    }
    // From here on, anything our side fails at (the database, an unexpected session shape) lands on
    // formFailure('error'): the webhook still fulfils it.
    const session = checkoutSessionSchema.parse(found);
    const orderId = orderIdOf(session);
    if (!orderId) {
      const offerId = offerIdOf(session);
      if (offerId && (await agencyOfferExists(database.db, offerId))) return done(await offerReturn(database, session));
      const invoiceId = invoiceIdOf(session);
      if (invoiceId) return done(await invoiceReturn(database, session, invoiceId));
    }
    const order = orderId ? await findOrder(database.db, orderId) : null;
    if (!order) return done(NOT_OURS);
    if (session.status !== 'complete') return done(NOT_PAID);

    const { outcome } = await fulfilCheckoutSession(database, session);
    const paid = outcome === 'paid' || outcome === 'already-paid';
    return done(thankYou(order.id, paid ? 'stripe' : 'pending'));
  },
});
