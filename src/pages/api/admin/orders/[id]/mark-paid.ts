import { postMarkPaid } from '#features/orders/admin/handlers/order-status.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postMarkPaid;
export const ALL = methodNotAllowed('POST');
