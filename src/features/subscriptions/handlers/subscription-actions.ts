import { defineMutation, done, fail, landing } from '#server/http/mutation.ts';
import { recordId } from '#server/http/record-id.ts';
import { acceptOffer, requestCancel } from '../subscriptions.server.ts';
import { SUBSCRIPTIONS } from '../copy.ts';

/** The customer's subscription a route acts on: `{id}` in its path; one that names none is a 404. */
const subscriptionRoute = {
  params: { id: recordId },
  failures: { 'not-found': { status: 404, error: SUBSCRIPTIONS.notFound } },
};

/** POST /api/account/subscriptions/{id}/cancel: the owner's cancel request, effective after the notice period. */
export const postCancel = defineMutation({
  access: 'user',
  ...subscriptionRoute,
  schema: null,
  formFailure: (code) => landing('/account#subscriptions', `subscription-${code}`),
  async handle({ user, database, params, clientAddress }) {
    const { id } = params;
    const result = await requestCancel(database, { id, userId: user.id, ip: clientAddress });
    if (!result.ok) {
      if (result.reason === 'not-found') return fail(404, SUBSCRIPTIONS.notFound, 'not-found');
      if (result.reason === 'provider') return fail(502, SUBSCRIPTIONS.providerDown, 'provider');
      return fail(409, SUBSCRIPTIONS.notCancellable, 'not-cancellable');
    }
    const { subscription, lastBilled } = result;
    return done(landing('/account#subscriptions', 'subscription-canceling'), 200, {
      id: subscription.id,
      status: subscription.status,
      cancelAt: subscription.cancelAt?.toISOString() ?? null,
      lastBilled: lastBilled?.toISOString() ?? null,
    });
  },
});

/**
 * POST /api/account/subscriptions/{id}/accept: the owner accepts a subscription the agency
 * offered. Invoiced: active at once. With Stripe: a form goes (303) to Stripe's payment page,
 * fetch gets `{ redirect }` to go there itself; the subscription starts once Stripe says it is paid.
 */
export const postAccept = defineMutation({
  access: 'user',
  ...subscriptionRoute,
  schema: null,
  formFailure: (code) => landing('/account#subscriptions', `subscription-${code}`),
  async handle({ user, database, params, clientAddress }) {
    const { id } = params;
    const result = await acceptOffer(database, { id, userId: user.id, ip: clientAddress });
    if (!result.ok) {
      switch (result.reason) {
        case 'not-found':
          return fail(404, SUBSCRIPTIONS.notFound, 'not-found');
        case 'provider':
          return fail(502, SUBSCRIPTIONS.providerDown, 'provider');
        case 'not-payable':
          return fail(409, SUBSCRIPTIONS.notPayable, 'not-payable');
        case 'not-offered':
          return fail(409, SUBSCRIPTIONS.notOffered, 'not-offered');
      }
    }
    return done(result.redirect, 200, { id, status: result.subscription.status, redirect: result.redirect });
  },
});
