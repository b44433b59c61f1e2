import { invoiceMarkPaidRoute } from '#features/invoices/admin/handlers/invoice-actions.ts';
import { payOrderByInvoice } from '#features/orders/admin/orders.server.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
// Invoices and orders meet here: paying a build's invoice moves its order (orders bill through invoices).
export const POST = invoiceMarkPaidRoute(payOrderByInvoice);
export const ALL = methodNotAllowed('POST');
