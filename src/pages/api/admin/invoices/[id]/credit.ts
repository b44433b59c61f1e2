import { postInvoiceCredit } from '#features/invoices/admin/handlers/invoice-actions.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postInvoiceCredit;
export const ALL = methodNotAllowed('POST');
