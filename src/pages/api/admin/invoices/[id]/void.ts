import { postInvoiceVoid } from '#features/invoices/admin/handlers/invoice-actions.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postInvoiceVoid;
export const ALL = methodNotAllowed('POST');
