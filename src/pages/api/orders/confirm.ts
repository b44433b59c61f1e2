import { postConfirmOrder } from '#features/orders/handlers/confirm-order.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postConfirmOrder;
export const ALL = methodNotAllowed('POST');
