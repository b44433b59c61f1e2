import { postStripeWebhook } from '#features/payments/handlers/stripe-webhook.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

// Server-to-server from Stripe: no cookies, no Origin, verified by its signature over the raw body.
export const prerender = false;
export const POST = postStripeWebhook;
export const ALL = methodNotAllowed('POST');
