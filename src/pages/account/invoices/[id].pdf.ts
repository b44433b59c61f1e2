import { invoicePdfRoute } from '#features/invoices/handlers/invoice-pdf.ts';
import { configuredProvider } from '#features/payments/provider.ts';

export const prerender = false;
// Invoices and payments meet here: an open invoice's PDF links its page to pay online when Stripe is on.
export const GET = invoicePdfRoute(() => configuredProvider() === 'stripe');
