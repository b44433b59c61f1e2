/**
 * POST /api/account/invoices/{id}/pay: the owner of an open invoice pays it online. A plain form
 * goes (303) to the payment page; fetch gets `{ redirect }` to go there itself. The payment is
 * recorded when the provider says so (pay-online.server.ts), never here. The route composes
 * this with the payments feature: whether online payment is on, and how its page opens.
 */
import { defineMutation, done, landing } from '#server/http/mutation.ts';
import { recordId } from '#server/http/record-id.ts';
import type { RateLimitRule } from '#server/security/rate-limit.ts';
import { PAY_ONLINE } from '../copy.ts';
import { payableInvoice, type OpenInvoiceCheckout } from '../pay-online.server.ts';

/** Each press asks the provider: plenty for a person, little for a script. */
export const PAY_ONLINE_RATE_LIMIT: RateLimitRule = { name: 'invoice-pay-online', capacity: 10, windowMs: 10 * 60_000 };

export interface OnlinePayments {
  /** Online payment is configured now (Stripe's settings). */
  available: () => boolean;
  open: OpenInvoiceCheckout;
}

export const invoicePayOnlineRoute = (payments: OnlinePayments) =>
  defineMutation({
    access: 'user',
    unavailable: () => (payments.available() ? null : 'not-configured'),
    params: { id: recordId },
    schema: null,
    limits: [{ rule: PAY_ONLINE_RATE_LIMIT, key: 'user' }],
    failures: {
      'not-configured': { status: 503, error: PAY_ONLINE.notConfigured },
      'not-found': { status: 404, error: PAY_ONLINE.notFound },
      'not-open': { status: 409, error: PAY_ONLINE.notOpen },
      provider: { status: 502, error: PAY_ONLINE.providerDown },
      limited: { status: 429, error: PAY_ONLINE.limited },
    },
    // Back to the invoice with the notice; an id that names none goes to the list.
    formFailure: (code, { params }) =>
      code === 'not-found' || !params.id
        ? '/account/invoices'
        : landing(`/account/invoices/${params.id}`, code === 'invalid' ? 'error' : code),
    async handle({ user, database, params, refuse }) {
      const payable = await payableInvoice(database.db, params.id, user);
      if (!payable.ok) return refuse(payable.reason);
      let redirect: string;
      try {
        ({ redirect } = await payments.open(payable.invoice));
      } catch (error) {
        console.error(`invoices: could not open the payment page for invoice ${payable.invoice.number}`, error);
        return refuse('provider');
      }
      return done(redirect, 200, { id: payable.invoice.id, redirect });
    },
  });
