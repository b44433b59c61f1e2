import { postInvoiceMarkPaid } from '#features/invoices/admin/handlers/invoice-actions.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postInvoiceMarkPaid;
export const ALL = methodNotAllowed('POST');
