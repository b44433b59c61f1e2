import { postSubscriptionPrice } from '#features/subscriptions/admin/handlers/subscriptions.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postSubscriptionPrice;
export const ALL = methodNotAllowed('POST');
