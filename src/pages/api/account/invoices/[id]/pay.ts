import { invoicePayOnlineRoute } from '#features/invoices/handlers/pay-online.ts';
import { openInvoiceCheckout } from '#features/payments/invoice-checkout.ts';
import { configuredProvider } from '#features/payments/provider.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
// Invoices and payments meet here: an open invoice is paid on a Stripe Checkout page when Stripe is on.
export const POST = invoicePayOnlineRoute({
  available: () => configuredProvider() === 'stripe',
  open: openInvoiceCheckout,
});
export const ALL = methodNotAllowed('POST');
