/**
 * Where the browser lands on /account after accepting an agency's subscription offer. These
 * notices travel in the URL, the one exception to the form-outcome cookie
 * (src/server/http/form-outcome.ts): Stripe sends the browser to the cancel URL itself, with no
 * answer of ours in between to set a cookie.
 */

/** Where /account shows "your subscription is active" (the invoice accept, Stripe's success redirect). */
export const SUBSCRIPTION_ACCEPTED_PATH = '/account?notice=subscription-accepted#subscriptions';
/** Back from the provider's page without paying: the offer is still there to accept. */
export const SUBSCRIPTION_NOT_PAID_PATH = '/account?notice=subscription-not-paid#subscriptions';
/** Paid by a bank debit still clearing (or left for the agency to check): active once confirmed. */
export const SUBSCRIPTION_PROCESSING_PATH = '/account?notice=subscription-processing#subscriptions';
