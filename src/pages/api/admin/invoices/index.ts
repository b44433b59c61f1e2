import { postOwnerInvoice } from '#features/invoices/admin/handlers/owner-invoice.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postOwnerInvoice;
export const ALL = methodNotAllowed('POST');
