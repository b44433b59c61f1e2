import { postCheckout } from '#features/checkout/handlers/post-checkout.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postCheckout;
export const ALL = methodNotAllowed('POST');
