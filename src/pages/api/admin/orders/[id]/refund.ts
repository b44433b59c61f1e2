import { postOrderRefund } from '#features/orders/admin/handlers/order-actions.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postOrderRefund;
export const ALL = methodNotAllowed('POST');
