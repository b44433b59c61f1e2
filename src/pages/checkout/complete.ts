import { getCheckoutComplete } from '#features/payments/handlers/checkout-complete.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

// Stripe's success_url: on demand, it asks Stripe about the session and fulfils the order.
export const prerender = false;
export const GET = getCheckoutComplete;
export const ALL = methodNotAllowed('GET');
