import { eq } from 'drizzle-orm';
import { build } from '#server/db/index.ts';
import { orders } from '#server/db/schema.ts';
import { defineMutation, done, fail, landing } from '#server/http/mutation.ts';
import type { RateLimitRule } from '#server/security/rate-limit.ts';
import { paymentProvider } from '#features/payments/provider.ts';
import { secureCookies } from '#features/accounts/request-session.server.ts';
import { placeOrder } from '../checkout.server.ts';
import { CHECKOUT } from '../copy.ts';
import { rememberOrderForThankYou } from '../thank-you.server.ts';
import { checkoutSchema, PRICE_LIKE_FIELD } from '../schema.ts';

export const CHECKOUT_BODY_LIMIT = 16 * 1024;
/** Per client: generous for a person (a typo, a second order), tight for a script. */
export const CHECKOUT_RATE_LIMIT: RateLimitRule = { name: 'checkout', capacity: 10, windowMs: 10 * 60_000 };

/** Error codes /checkout turns into a notice (the form-outcome cookie's `notice`, also back from Stripe). */
export const CHECKOUT_FORM_ERRORS: ReadonlyMap<string, string> = new Map([
  ['invalid', CHECKOUT.invalidNotice],
  ['limited', CHECKOUT.limitedNotice],
  ['price', CHECKOUT.priceRefused],
  ['provider', CHECKOUT.providerDown],
  ['error', CHECKOUT.errorNotice],
]);

/** Where a plain form post lands after failing with `code`. */
const formFailure = (code: string) =>
  landing('/checkout#checkout-form', CHECKOUT_FORM_ERRORS.has(code) ? code : 'error');

/**
 * The answer to a form post that carried an amount: a refusal (400), with the way back to the form.
 * Our form never sends an amount, so a plain post with one was altered on the way: it is refused
 * like the JSON one, not sent back to /checkout as a typo would be.
 */
const PRICE_REFUSED_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Order not placed</title></head>
<body><main><h1>Order not placed</h1><p>${CHECKOUT.priceRefused}.</p><p><a href="/checkout">Back to checkout</a></p></main></body></html>`;

/**
 * POST /api/checkout: places the order (server prices only), then hands the browser to the
 * payment provider: our /thank-you for an invoice, Stripe's page for a card payment. JSON
 * gets `{ orderId, redirect }`; a plain form post gets the 303.
 */
export const postCheckout = defineMutation({
  access: 'public',
  schema: checkoutSchema,
  maxBytes: CHECKOUT_BODY_LIMIT,
  limits: [{ rule: CHECKOUT_RATE_LIMIT, key: 'client' }],
  failures: { price: { status: 400, error: CHECKOUT.priceRefused, page: PRICE_REFUSED_PAGE } },
  formFailure,
  async handle({ input, raw, user, database, context, refuse }) {
    if (Object.keys(raw).some((key) => PRICE_LIKE_FIELD.test(key))) return refuse('price');
    const provider = await paymentProvider();
    const placed = await placeOrder(database, { input, user, provider: provider.name });
    const { order } = placed;
    // This browser, and only this one, may see the order's number and total on /thank-you.
    rememberOrderForThankYou(context.cookies, order.id, secureCookies(context.url));
    let start: Awaited<ReturnType<typeof provider.begin>>;
    try {
      start = await provider.begin(order);
    } catch (error) {
      console.error(`checkout: ${provider.name} could not start payment for order ${order.id}`, error);
      // No field is wrong, but the form comes back filled in (with its key: a retry finds this order).
      return fail(502, CHECKOUT.providerDown, 'provider', {});
    }
    if (start.reference && start.reference !== order.paymentReference) {
      await database.writes.run([
        build.update(orders).set({ paymentReference: start.reference }).where(eq(orders.id, order.id)),
      ]);
    }
    return done(start.redirect, placed.replay ? 200 : 201, { orderId: order.id, redirect: start.redirect });
  },
});
