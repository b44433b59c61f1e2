import { postCustomSubscription } from '#features/subscriptions/admin/handlers/subscriptions.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postCustomSubscription;
export const ALL = methodNotAllowed('POST');
