/**
 * GET /checkout/complete?session_id=…: where Stripe sends the customer after paying. Asks
 * Stripe for the session (the query string proves nothing), fulfils it exactly as the
 * webhook would (whichever comes first wins), then shows /thank-you for an order, or the
 * account's subscriptions for an offer the agency made. Never an error page: an id that is
 * not ours goes back to /checkout, and when Stripe cannot be asked the webhook finishes the job.
 */
import type { APIRoute } from 'astro';
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import * as z from 'zod/mini';
import { getDatabase, type AppDatabase, type Db } from '#server/db/index.ts';
import { subscriptions } from '#server/db/schema.ts';
import { clientAddress } from '#server/http/client-address.ts';
import { seeOther } from '#server/http/responses.ts';
import { consumeToken, type RateLimitRule } from '#server/security/rate-limit.ts';
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
import { checkoutSessionSchema, offerIdOf, orderIdOf, type CheckoutSession } from '../stripe-objects.ts';

/** Each return asks Stripe once: generous for a person reloading, tight for a script. */
export const CHECKOUT_COMPLETE_RATE_LIMIT: RateLimitRule = {
  name: 'checkout-complete',
  capacity: 30,
  windowMs: 10 * 60_000,
};

/** Stripe's Checkout Session ids: cs_test_… or cs_live_…. */
export const sessionIdSchema = z.string().check(z.regex(/^cs_[A-Za-z0-9_]{1,250}$/));

/** Not one of our sessions: the checkout page with its general notice. */
export const NOT_OURS = '/checkout?error=error';
/** Back from Stripe without paying: the form, which reuses the still-open session. */
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

const tooMany = (retryAfterSeconds: number) =>
  new Response(STRIPE_MESSAGES.tooManyReturns, {
    status: 429,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': String(retryAfterSeconds),
    },
  });

/** Back from paying for an offer: the subscriptions on /account, saying how it went. */
async function offerReturn(database: AppDatabase, session: CheckoutSession) {
  if (session.status !== 'complete') return SUBSCRIPTION_NOT_PAID_PATH;
  const { outcome } = await fulfilCheckoutSession(database, session);
  return outcome === 'paid' || outcome === 'already-paid' ? SUBSCRIPTION_ACCEPTED_PATH : SUBSCRIPTION_PROCESSING_PATH;
}

export const getCheckoutComplete: APIRoute = async (context) => {
  const settings = stripeSettings();
  if (!settings) return seeOther('/checkout');
  const id = sessionIdSchema.safeParse(context.url.searchParams.get('session_id'));
  if (!id.success) return seeOther(NOT_OURS);
  try {
    const database = await getDatabase();
    const limit = await consumeToken(database.writes, CHECKOUT_COMPLETE_RATE_LIMIT, clientAddress(context));
    if (!limit.ok) return tooMany(limit.retryAfterSeconds);

    let found: Stripe.Checkout.Session;
    try {
      found = await stripeClient(settings).checkout.sessions.retrieve(id.data, { expand: ['subscription'] });
    } catch (error) {
      if (isMissingObject(error)) return seeOther(NOT_OURS);
      console.error(`stripe: could not read checkout session ${id.data}`, error);
      return seeOther(UNCONFIRMED);
    }
    const session = checkoutSessionSchema.parse(found);
    const orderId = orderIdOf(session);
    if (!orderId) {
      const offerId = offerIdOf(session);
      if (offerId && (await agencyOfferExists(database.db, offerId)))
        return seeOther(await offerReturn(database, session));
    }
    const order = orderId ? await findOrder(database.db, orderId) : null;
    if (!order) return seeOther(NOT_OURS);
    if (session.status !== 'complete') return seeOther(NOT_PAID);

    const { outcome } = await fulfilCheckoutSession(database, session);
    const paid = outcome === 'paid' || outcome === 'already-paid';
    return seeOther(thankYou(order.id, paid ? 'stripe' : 'pending'));
  } catch (error) {
    // Our side failed (database, an unexpected session shape): the webhook still fulfils it.
    console.error(`GET /checkout/complete failed for ${id.data}`, error);
    return seeOther(UNCONFIRMED);
  }
};
