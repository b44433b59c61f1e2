import { creditRefundedOrder } from '#features/invoices/credit-notes.server.ts';
import { orderRefundRoute } from '#features/orders/admin/handlers/order-actions.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
// Orders and invoices meet here: a refund is recorded as a credit note against the order's invoice.
export const POST = orderRefundRoute(creditRefundedOrder);
export const ALL = methodNotAllowed('POST');
