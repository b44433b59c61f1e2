import { invoicePdfRoute } from '#features/invoices/handlers/invoice-pdf.ts';

export const prerender = false;
export const GET = invoicePdfRoute;
