/**
 * The Stripe Checkout Session that pays one open invoice: one line, the invoice's total, naming
 * the invoice (metadata.invoice_id) and no order, so fulfilment records it against the invoice
 * (src/features/invoices/pay-online.server.ts). Composed into the invoice's 'Pay online' route.
 */
import type Stripe from 'stripe';
import { serverEnv } from '#server/env.ts';
import type { PayableInvoice } from '#features/invoices/pay-online.server.ts';
import { STRIPE_MESSAGES } from './copy.ts';
import { stripeClient, stripeSettings } from './stripe-client.ts';
import { COMPLETE_PATH } from './stripe.ts';

export function invoiceSessionParams(invoice: PayableInvoice, siteUrl: string): Stripe.Checkout.SessionCreateParams {
  const metadata = { invoice_id: invoice.id };
  return {
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: invoice.currency,
          unit_amount: invoice.totalCents,
          product_data: { name: STRIPE_MESSAGES.invoiceLine(invoice.number) },
        },
      },
    ],
    // No client_reference_id: that field names orders (orderIdOf), and this session pays an invoice.
    metadata,
    payment_intent_data: { metadata },
    customer_email: invoice.customerEmail,
    success_url: `${siteUrl}${COMPLETE_PATH}?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: invoice.url,
  };
}

/** Sessions replaced because they expired, at most: then the customer is asked to try later. */
const MAX_RENEWALS = 3;

/**
 * The payment page for `invoice`: one session per invoice under its idempotency key, so a
 * repeated press (or the SDK's retry) gets the same page; Stripe replays the first answer, so
 * the session is read again for its state now. An expired one is replaced under a key naming
 * it; a completed one (paid, news on its way) goes to the success path, which records it.
 */
export async function openInvoiceCheckout(invoice: PayableInvoice): Promise<{ redirect: string }> {
  const settings = stripeSettings();
  if (!settings) throw new Error('Stripe is not configured (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET)');
  const stripe = stripeClient(settings);
  const params = invoiceSessionParams(invoice, serverEnv().SITE_URL);
  let key = `invoice-${invoice.id}-checkout`;
  for (let attempt = 0; attempt <= MAX_RENEWALS; attempt++) {
    const created = await stripe.checkout.sessions.create(params, { idempotencyKey: key });
    const session = await stripe.checkout.sessions.retrieve(created.id);
    if (session.status === 'open' && session.url) return { redirect: session.url };
    if (session.status === 'complete')
      return { redirect: `${COMPLETE_PATH}?session_id=${encodeURIComponent(session.id)}` };
    key = `invoice-${invoice.id}-checkout-after-${session.id}`;
  }
  throw new Error(`Stripe keeps answering expired sessions for invoice ${invoice.number}`);
}
