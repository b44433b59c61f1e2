import { postOrderLaunch } from '#features/orders/admin/handlers/order-actions.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postOrderLaunch;
export const ALL = methodNotAllowed('POST');
